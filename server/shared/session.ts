/**
 * Opaque bearer sessions. The token is 32 random bytes (base64url) handed to the client once; the
 * database keeps only its SHA-256, so a leaked sessions table cannot be replayed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import type { CacheSpace, PublicCache } from './publicCache';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** 32 bytes in base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
}

export interface CreatedSession {
  token: string;
  /** Epoch ms; the client's cookie expires SESSION_EXPIRY_MARGIN_MS before it. */
  expirationTimestamp: number;
  sessionId: number;
}

export interface ResolvedSession {
  userId: number;
  sessionId: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isWellFormedToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && TOKEN_PATTERN.test(token);
}

export async function createSession(db: Db, userId: number, meta: SessionMeta = {}, now: Date = new Date()): Promise<CreatedSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      expiresAt,
      ip: meta.ip?.slice(0, 64) ?? null,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { token, expirationTimestamp: expiresAt.getTime(), sessionId: row.id };
}

/**
 * Every signed-in request runs this: prepared once per database (named on PostgreSQL), so neither
 * Drizzle nor PostgreSQL builds and plans it again each time (issue 18's profile: building queries
 * took a third of a busy server's CPU).
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
function prepareSessionLookup(db: Db) {
  return db
    .select({ userId: sessions.userId, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('xt_resolve_session');
}

/**
 * Live sessions by token hash, in the public cache: a revocation, an expiry moved or a session
 * deleted (any UPDATE or DELETE on sessions, migration 0011) empties the space in every process
 * at its commit, and while the change feed is down nothing is kept. A new session needs no notice:
 * a lookup that finds nothing is never kept. Each entry is checked against its expiry when read.
 */
export const SESSION_SPACE = { name: 'sessions', tables: ['sessions'], maxEntries: 50_000 } as const satisfies CacheSpace;

interface LiveSession extends ResolvedSession {
  expiresAt: number;
}

async function lookUp(db: Db, hash: string): Promise<LiveSession | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  const [row] = await lookup.execute({ hash });
  return row ? { userId: row.userId, sessionId: row.sessionId, expiresAt: row.expiresAt.getTime() } : null;
}

/** The live session of a token; expired, revoked, unknown or malformed tokens give null. */
export async function resolveSession(db: Db, token: string | null | undefined, cache?: PublicCache): Promise<ResolvedSession | null> {
  if (!isWellFormedToken(token)) return null;
  const hash = hashToken(token);
  const live = (session: LiveSession | null) => session !== null && session.expiresAt > Date.now();
  const session = cache ? await cache.get(SESSION_SPACE, hash, () => lookUp(db, hash), live) : await lookUp(db, hash);
  return session && live(session) ? { userId: session.userId, sessionId: session.sessionId } : null;
}

/**
 * Idempotent: an unknown or already revoked token is not an error. `cache`: this process's, emptied
 * at once (the others hear of it from the change feed), so the next request here is refused.
 */
export async function revokeSession(db: Db, token: string | null | undefined, cache?: PublicCache): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  cache?.tableChanged('sessions');
  return rows.length > 0;
}

/** Logs a user out everywhere, e.g. after a password change; `exceptSessionId` keeps the current one. */
export async function revokeAllForUser(db: Db, userId: number, exceptSessionId?: number, cache?: PublicCache): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId)))
    .returning({ id: sessions.id });
  cache?.tableChanged('sessions');
  return rows.length;
}
