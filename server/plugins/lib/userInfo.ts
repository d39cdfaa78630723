/** The UserInfo shape of src/domain/apiTypes.ts, built from a users row. */
import { avatarFor } from '../../../src/domain/account/avatar';
import { type Gender, GENDERS, type UserInfo } from '../../../src/domain/account/contract';
import type { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** 13800138000 → 138****8000; anything that is not a full mobile is returned as is. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

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
