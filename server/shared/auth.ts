/**
 * Who is calling. Routes that need a user put `app.requireUser` in their preHandler (or set
 * `auth: true` in their registry spec) and read `currentUser(request)`; every user-scoped query
 * must then filter by that userId, never by an id taken from the request.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import type { Db } from '../db/client';
import { unauthorized } from './envelope';
import type { PublicCache } from './publicCache';
import { resolveSession, type ResolvedSession } from './session';

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

export function registerAuth(app: FastifyInstance, db: Db, cache: PublicCache): void {
  app.decorateRequest('auth', null);
  app.decorate('requireUser', async function requireUser(request: FastifyRequest) {
    const session = await resolveSession(db, tokenFrom(request), cache);
    if (!session) throw unauthorized();
    request.auth = session;
  });
  app.decorate('optionalUser', async function optionalUser(request: FastifyRequest) {
    request.auth = await resolveSession(db, tokenFrom(request), cache);
  });
}

/** The caller of a route guarded by requireUser; throws 401 when used on an unguarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
