/** 登录设备 (账号安全): the account's live sessions, and signing one of them out. */
import { ACCOUNT_EXTRA_CALLS } from '../../domain/account/calls';
import type { DeviceSession } from '../../domain/account/contract';
import { call } from '../shared/http/client';

export function listSessions(): Promise<DeviceSession[]> {
  return call(ACCOUNT_EXTRA_CALLS.sessionList);
}

/** Another device's session; this device logs out as 退出登录 does instead. */
export function signOutSession(id: number): Promise<void> {
  return call(ACCOUNT_EXTRA_CALLS.signOutSession, { params: { id }, body: {} }).then(() => undefined);
}
