/** What every successful login answers: a new session for the user and its UserInfo. */
import type { FastifyRequest } from 'fastify';
import type { LoginResult } from '../../src/domain/account/contract';
import type { Db } from '../db/client';
import { clientIp } from '../shared/request';
import { createSession } from '../shared/session';
import { toUserInfo, type UserRow } from './userInfo';

export async function loginResult(db: Db, user: UserRow, request: FastifyRequest, sessionKey?: string): Promise<LoginResult> {
  const ua = request.headers['user-agent'];
  const session = await createSession(db, user.id, { ip: clientIp(request), userAgent: typeof ua === 'string' ? ua : null });
  return {
    token: session.token,
    expirationTimestamp: session.expirationTimestamp,
    userinfo: toUserInfo(user),
    ...(sessionKey ? { sessionKey } : {}),
  };
}
