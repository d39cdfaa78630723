/**
 * Who is calling. Routes that need a user put `app.requireUser` in their preHandler (or set
 * `auth: true` in their registry spec) and read `currentUser(request)`; every user-scoped query
 * must then filter by that userId, never by an id taken from the request.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { DEVICE_TEXTS } from '../../src/domain/account/devices.texts';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import type { Db } from '../db/client';
import { AppError, unauthorized } from './envelope';
import type { PublicCache } from './publicCache';
import { endedReason, recordSeen, resolveLiveSession, REVOKED_REASONS, type ResolvedSession } from './session';

export type AuthUser = ResolvedSession;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser (or optionalUser); null for visitors. */
    auth: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: answers 401 unless the request carries a live session. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: like requireUser but lets visitors through with `request.auth = null`. */
    optionalUser: preHandlerAsyncHookHandler;
  }
}

/** `Authorization: Bearer <token>` first; the `xt_token` cookie covers plain page requests. */
export function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1]) return match[1];
  }
  const cookie = request.cookies?.[STORAGE_KEYS.tokenCookie];
  return cookie ? cookie : null;
}

/**
 * The 401 of a token whose session a newer login ended (the device limit), with the message the
 * device shows on the login page; null for any other token. Only asked once the live lookup found
 * nothing: a cold path.
 */
export async function replacedSessionError(db: Db, token: string | null): Promise<AppError | null> {
  return (await endedReason(db, token)) === REVOKED_REASONS.deviceLimit ? new AppError(401, DEVICE_TEXTS.replaced) : null;
}

export function registerAuth(app: FastifyInstance, db: Db, cache: PublicCache): void {
  /**
   * The request's session, if live; when a signed-in call was last seen (the session list's
   * 最近活跃) is written in the background, at most every few minutes.
   */
  const resolve = async (request: FastifyRequest, token: string | null): Promise<ResolvedSession | null> => {
    const session = await resolveLiveSession(db, token, cache);
    if (!session) return null;
    void recordSeen(db, session, (err) => request.log.warn({ err, sessionId: session.sessionId }, 'session_seen write failed'));
    return { userId: session.userId, sessionId: session.sessionId };
  };
  app.decorateRequest('auth', null);
  app.decorate('requireUser', async function requireUser(request: FastifyRequest) {
    const token = tokenFrom(request);
    const session = await resolve(request, token);
    if (!session) throw (await replacedSessionError(db, token)) ?? unauthorized();
    request.auth = session;
  });
  app.decorate('optionalUser', async function optionalUser(request: FastifyRequest) {
    request.auth = await resolve(request, tokenFrom(request));
  });
}

/** The caller of a route guarded by requireUser; throws 401 when used on an unguarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
