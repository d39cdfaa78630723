import { API_CALLS } from '../../domain/apiCalls';
import type { UserInfo } from '../../domain/apiTypes';
import { call } from '../http/client';

/** The login check: falsy data means the session is gone; never toasts. */
export function checkLoginStatus(): Promise<boolean> {
  return call<boolean | null>(API_CALLS.checkStatus, { silent: true }).then(Boolean);
}

export function getUserInfo(): Promise<UserInfo> {
  return call<UserInfo>(API_CALLS.getUserInfo, { body: {}, silent: true });
}

export function logout(): Promise<void> {
  return call<unknown>(API_CALLS.logout, { body: {}, silent: true }).then(() => undefined);
}
