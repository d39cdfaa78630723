/**
 * What every successful login answers: a new session for the user and its UserInfo. The session is
 * created under the device limit (site settings account.deviceLimit and account.deviceLimitScope):
 * beyond it the oldest live sessions end, and their devices learn why on their next call.
 */
import type { FastifyRequest } from 'fastify';
import type { LoginResult } from '../../src/domain/account/contract';
import { sessionKindOf } from '../../src/domain/account/device';
import { deviceLimitScopeSetting, deviceLimitSetting, SITE_SETTING_KEYS } from '../../src/domain/site/settings';
import type { Db } from '../db/client';
import type { PublicCache } from '../shared/publicCache';
import { clientIp } from '../shared/request';
import { createLimitedSession, type DeviceLimit } from '../shared/session';
import { siteSetting } from '../site/settings';
import { toUserInfo, type UserRow } from './userInfo';

export interface LoginDeps {
  db: Db;
  cache: PublicCache;
}

/** The limit in force now: a change of the settings reaches every process at its commit (the public cache). */
export async function deviceLimit(db: Db, cache: PublicCache): Promise<DeviceLimit> {
  const [max, scope] = await Promise.all([siteSetting(db, cache, SITE_SETTING_KEYS.deviceLimit), siteSetting(db, cache, SITE_SETTING_KEYS.deviceLimitScope)]);
  return { max: deviceLimitSetting(max), scope: deviceLimitScopeSetting(scope) };
}

export async function loginResult({ db, cache }: LoginDeps, user: UserRow, request: FastifyRequest, sessionKey?: string): Promise<LoginResult> {
  const header = request.headers['user-agent'];
  const userAgent = typeof header === 'string' ? header : null;
  const session = await createLimitedSession(
    db,
    user.id,
    { ip: clientIp(request), userAgent, kind: sessionKindOf(userAgent) },
    await deviceLimit(db, cache),
    cache,
  );
  return {
    token: session.token,
    expirationTimestamp: session.expirationTimestamp,
    userinfo: toUserInfo(user),
    ...(sessionKey ? { sessionKey } : {}),
  };
}
