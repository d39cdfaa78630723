/** Users as the accounts calls need them: lookup, registration, and the LoginResult of a new session. */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { LoginResult } from '../../src/domain/account/contract';
import { NICKNAME_MAX_LENGTH } from '../../src/domain/account/limits';
import { validatePhone } from '../../src/domain/account/validation';
import { createSession } from '../auth/session';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { currentUser } from '../http/auth';
import { badRequest, unauthorized } from '../http/envelope';
import { toUserInfo, type UserRow } from '../plugins/lib/userInfo';

export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

/** The site's origin as the browser sees it: PUBLIC_ORIGIN, else this request's scheme and Host. */
export function requestOrigin(config: Pick<ServerConfig, 'publicOrigin'>, request: FastifyRequest): string {
  if (config.publicOrigin) return config.publicOrigin;
  // Normalised the way browsers do (http://x:80 → http://x), so origins compare equal.
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return `${request.protocol}://localhost`;
  }
}

/** The §5 phone rule with its exact messages ('手机号码不能为空', '手机号码格式不正确'). */
export function checkPhone(mobile: string): string {
  const error = validatePhone(mobile);
  if (error) throw badRequest(error);
  return mobile;
}

export async function findUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row;
}

export async function findUserByOpenId(db: Db, openId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.wechatOpenId, openId)).limit(1);
  return row;
}

/** The row of the session's user; 401 when the account is gone. */
export async function sessionUser(db: Db, request: FastifyRequest): Promise<UserRow> {
  const { userId } = currentUser(request);
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw unauthorized();
  return row;
}

export function defaultNickname(mobile: string): string {
  return `学员${mobile.slice(-4)}`;
}

/** Nicknames from WeChat may be longer than ours. */
export function fitNickname(nickname: string): string {
  return [...nickname.trim()].slice(0, NICKNAME_MAX_LENGTH).join('') || '微信用户';
}

/**
 * The user of `mobile`, registering it when new. Two registrations racing for one mobile both end
 * with the same row: the unique index decides and the loser reads the winner's row.
 */
export async function findOrRegister(db: Db, mobile: string, fields: Partial<typeof users.$inferInsert> = {}): Promise<{ user: UserRow; created: boolean }> {
  const existing = await findUserByMobile(db, mobile);
  if (existing) return { user: existing, created: false };
  const [inserted] = await db
    .insert(users)
    .values({ mobile, nickname: defaultNickname(mobile), gender: 'UNKNOWN', ...fields })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { user: inserted, created: true };
  const winner = await findUserByMobile(db, mobile);
  if (!winner) throw new Error('registration lost a race but found no user');
  return { user: winner, created: false };
}

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
