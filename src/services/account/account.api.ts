import { ACCOUNT_CALLS } from '../../domain/account/calls';
import { CATALOG_CALLS } from '../../domain/catalog/calls';
import type { ClassNode } from '../../domain/catalog/contract';
import type {
  BindProjectRequest,
  LoginResult,
  UpdateBasicInfoRequest,
  UpdateBindMobileRequest,
  UpdatePwdRequest,
  UserInfo,
  WeChatBindAnswer,
  WeChatBindStatus,
} from '../../domain/account/contract';
import { call } from '../shared/http/client';

/** The login check: falsy data means the session is gone; never toasts. */
export function checkLoginStatus(): Promise<boolean> {
  return call<boolean | null>(ACCOUNT_CALLS.checkStatus, { silent: true }).then(Boolean);
}

export function getUserInfo(): Promise<UserInfo> {
  return call<UserInfo>(ACCOUNT_CALLS.getUserInfo, { body: {}, silent: true });
}

export function logout(): Promise<void> {
  return call<unknown>(ACCOUNT_CALLS.logout, { body: {}, silent: true }).then(() => undefined);
}

// ---- account settings (the user centre). Failures toast through the client. -------------------

export function updateBasicInfo(request: UpdateBasicInfoRequest): Promise<unknown> {
  return call<unknown>(ACCOUNT_CALLS.updateBasicInfo, { body: request });
}

export function updatePwd(request: UpdatePwdRequest): Promise<void> {
  return call<unknown>(ACCOUNT_CALLS.updatePwd, { body: request }).then(() => undefined);
}

export function updateBindMobile(request: UpdateBindMobileRequest): Promise<unknown> {
  return call<unknown>(ACCOUNT_CALLS.updateBindMobile, { body: request });
}

export function bindProject(request: BindProjectRequest): Promise<unknown> {
  return call<unknown>(ACCOUNT_CALLS.bindProject, { body: request });
}

export function getWeChatBindStatus(): Promise<WeChatBindStatus> {
  return call<WeChatBindStatus>(ACCOUNT_CALLS.getWeChatBindStatus);
}

export function bindWeChat(code: string, state: string): Promise<WeChatBindAnswer> {
  return call<WeChatBindAnswer>(ACCOUNT_CALLS.bindWeChat, { query: { code, state } });
}

export function unBindWeChat(): Promise<WeChatBindAnswer> {
  return call<WeChatBindAnswer>(ACCOUNT_CALLS.unBindWeChat);
}

/** The app bridge's login: a short-lived code the app obtained for its own logged-in user. */
export function loginByTempCode(code: string): Promise<LoginResult> {
  return call<LoginResult>(ACCOUNT_CALLS.loginByTempCode, { params: { code }, body: {} });
}

// ---- combined steps (what the machines invoke) ------------------------------------------------

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
  return userAfterChange(await updateBasicInfo(change), { ...user, ...change });
}

export async function saveIntendedProject(user: UserInfo, project: { id: number; name: string }): Promise<UserInfo> {
  const answer = await bindProject({ projectId: project.id, projectName: project.name });
  return userAfterChange(answer, { ...user, projectId: project.id, projectName: project.name });
}

export async function saveBindMobile(user: UserInfo, mobile: string, code: string): Promise<UserInfo> {
  const answer = await updateBindMobile({ mobile, code, requestType: 'BINDPHONE' });
  return userAfterChange(answer, { ...user, mobile, bindMobile: true });
}

/** The class tree (projects and subjects), for the intended-project choice. */
export function getClassTree(): Promise<ClassNode[]> {
  return call<ClassNode[]>(CATALOG_CALLS.classTreeList, { body: {} });
}
