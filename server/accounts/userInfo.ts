/** The UserInfo shape of src/domain/account/contract.ts built from a users row, and the nicknames the server gives. */
import { avatarFor } from '../../src/domain/account/avatar';
import { type Gender, GENDERS, type UserInfo } from '../../src/domain/account/contract';
import { NICKNAME_MAX_LENGTH } from '../../src/domain/account/limits';
import { maskMobile } from '../../src/domain/shared/format';
import type { users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export function toGender(value: string | null | undefined): Gender {
  return (GENDERS as readonly string[]).includes(value ?? '') ? (value as Gender) : 'UNKNOWN';
}

export function toUserInfo(row: UserRow): UserInfo {
  const gender = toGender(row.gender);
  const avatar = avatarFor(row.avatar, gender);
  return {
    id: row.id,
    account: row.mobile ? maskMobile(row.mobile) : row.nickname,
    nickname: row.nickname,
    avatar,
    headImg: avatar,
    gender,
    mobile: row.mobile ?? '',
    bindMobile: row.mobile != null,
    projectId: row.projectId,
    projectName: row.projectName,
  };
}

export function defaultNickname(mobile: string): string {
  return `学员${mobile.slice(-4)}`;
}

/** Nicknames from WeChat may be longer than ours. */
export function fitNickname(nickname: string): string {
  return [...nickname.trim()].slice(0, NICKNAME_MAX_LENGTH).join('') || '微信用户';
}
