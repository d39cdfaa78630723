import { ACCOUNT_CALLS } from '../../domain/account/calls';
import type { UpdateBasicInfoRequest, UserInfo } from '../../domain/account/contract';
import { call } from '../shared/http/client';

/** The login check: falsy data means the session is gone; never toasts. */
export function checkLoginStatus(): Promise<boolean> {
  return call(ACCOUNT_CALLS.checkStatus, { silent: true }).then(Boolean);
}

export function getUserInfo(): Promise<UserInfo> {
  return call(ACCOUNT_CALLS.getUserInfo, { body: {}, silent: true });
}

export function logout(): Promise<void> {
  return call(ACCOUNT_CALLS.logout, { body: {}, silent: true }).then(() => undefined);
}

// ---- account settings (the user centre): combined steps the machines invoke. Failures toast through the client.

function isUserInfo(value: unknown): value is UserInfo {
  return typeof value === 'object' && value !== null && typeof (value as UserInfo).id === 'number' && typeof (value as UserInfo).nickname === 'string';
}

/**
 * The user after a change. account.ts leaves the update calls' answers open; our server answers
 * the updated user, which is used when it comes. Otherwise the user is read again, and if that
 * read fails the change did happen, so the local copy with the change applied stands in.
 */
function userAfterChange(answer: unknown, changed: UserInfo): Promise<UserInfo> {
  return isUserInfo(answer) ? Promise.resolve(answer) : getUserInfo().catch(() => changed);
}

export async function saveBasicInfo(
  user: UserInfo,
  change: Required<Pick<UpdateBasicInfoRequest, 'nickname' | 'gender'>> | { avatar: string },
): Promise<UserInfo> {
  return userAfterChange(await call(ACCOUNT_CALLS.updateBasicInfo, { body: change }), { ...user, ...change });
}

export async function saveIntendedProject(user: UserInfo, project: { id: number; name: string }): Promise<UserInfo> {
  const answer = await call(ACCOUNT_CALLS.bindProject, { body: { projectId: project.id, projectName: project.name } });
  return userAfterChange(answer, { ...user, projectId: project.id, projectName: project.name });
}

export async function saveBindMobile(user: UserInfo, mobile: string, code: string): Promise<UserInfo> {
  const answer = await call(ACCOUNT_CALLS.updateBindMobile, { body: { mobile, code, requestType: 'BINDPHONE' } });
  return userAfterChange(answer, { ...user, mobile, bindMobile: true });
}
