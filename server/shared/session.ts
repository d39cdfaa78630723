/**
 * Opaque bearer sessions. The token is 32 random bytes (base64url) handed to the client once; the
 * database keeps only its SHA-256, so a leaked sessions table cannot be replayed.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SessionKind } from '../../src/domain/account/device';
import type { DeviceLimitScope } from '../../src/domain/site/settings';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { sessionSeen } from '../db/unlogged';
import type { CacheSpace, PublicCache } from './publicCache';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** 32 bytes in base64url without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
  /** 'web' unless told (the login reads it from the user agent: src/domain/account/device.ts). */
  kind?: SessionKind;
}

/** Why a session ended before its expiry (sessions.revoked_reason). */
export const REVOKED_REASONS = {
  /** The device logged out (退出登录). */
  logout: 'LOGOUT',
  /** A newer login of the account took its place beyond the device limit. */
  deviceLimit: 'DEVICE_LIMIT',
  /** Signed out from the session list (账号安全 → 登录设备). */
  signedOut: 'SIGNED_OUT',
  /** The password changed or was reset: every other session ends. */
  password: 'PASSWORD',
} as const;

export type RevokedReason = (typeof REVOKED_REASONS)[keyof typeof REVOKED_REASONS];

/** How many live sessions an account may have, and whether web and app sessions count together. */
export interface DeviceLimit {
  max: number;
  scope: DeviceLimitScope;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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

/** A new session, with no limit (tests log in with it; every login goes through createLimitedSession). */
export async function createSession(db: Db | Tx, userId: number, meta: SessionMeta = {}, now: Date = new Date()): Promise<CreatedSession> {
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
      kind: meta.kind ?? 'web',
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { token, expirationTimestamp: expiresAt.getTime(), sessionId: row.id };
}

/**
 * A login under the device limit, in one transaction: the user's row is locked first, so logins of
 * one account on any number of processes take turns; the new session is inserted; then the live
 * sessions beyond `limit.max` (of the same kind when the scope is 'separate'), oldest first, end
 * with the reason DEVICE_LIMIT. The new session is never among them. `cache`: this process's,
 * emptied after the commit (the others hear of it from the change feed).
 */
export async function createLimitedSession(
  db: Db,
  userId: number,
  meta: SessionMeta,
  limit: DeviceLimit,
  cache?: PublicCache,
): Promise<CreatedSession & { ended: number }> {
  const kind = meta.kind ?? 'web';
  // No limit (the setting's 0): nothing to count or end.
  if (!Number.isFinite(limit.max)) return { ...(await createSession(db, userId, { ...meta, kind })), ended: 0 };
  const result = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const created = await createSession(tx, userId, { ...meta, kind });
    const others = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          ne(sessions.id, created.sessionId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          limit.scope === 'separate' ? eq(sessions.kind, kind) : undefined,
        ),
      )
      // Newest first: ids grow with every insert, and the user's lock orders the logins of one account.
      .orderBy(desc(sessions.id));
    const beyond = others.slice(Math.max(0, limit.max - 1)).map((row) => row.id);
    if (beyond.length > 0) {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: REVOKED_REASONS.deviceLimit })
        .where(and(inArray(sessions.id, beyond), isNull(sessions.revokedAt)));
    }
    return { ...created, ended: beyond.length };
  });
  if (result.ended > 0) cache?.tableChanged('sessions');
  return result;
}

/**
 * Every signed-in request runs this: prepared once per database (named on PostgreSQL), so neither
 * Drizzle nor PostgreSQL builds and plans it again each time (issue 18's profile: building queries
 * took a third of a busy server's CPU).
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();
function prepareSessionLookup(db: Db) {
  return db
    .select({ userId: sessions.userId, sessionId: sessions.id, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt })
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
  /** Epoch ms of the login. */
  signedInAt: number;
}

async function lookUp(db: Db, hash: string): Promise<LiveSession | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) sessionLookups.set(db, (lookup = prepareSessionLookup(db)));
  const [row] = await lookup.execute({ hash });
  return row ? { userId: row.userId, sessionId: row.sessionId, expiresAt: row.expiresAt.getTime(), signedInAt: row.createdAt.getTime() } : null;
}

/** The live session of a token with when it signed in (epoch ms); expired, revoked, unknown or malformed tokens give null. */
export async function resolveLiveSession(
  db: Db,
  token: string | null | undefined,
  cache?: PublicCache,
): Promise<(ResolvedSession & { signedInAt: number }) | null> {
  if (!isWellFormedToken(token)) return null;
  const hash = hashToken(token);
  const live = (session: LiveSession | null) => session !== null && session.expiresAt > Date.now();
  const session = cache ? await cache.get(SESSION_SPACE, hash, () => lookUp(db, hash), live) : await lookUp(db, hash);
  return session && live(session) ? { userId: session.userId, sessionId: session.sessionId, signedInAt: session.signedInAt } : null;
}

/** The live session of a token; expired, revoked, unknown or malformed tokens give null. */
export async function resolveSession(db: Db, token: string | null | undefined, cache?: PublicCache): Promise<ResolvedSession | null> {
  const session = await resolveLiveSession(db, token, cache);
  return session ? { userId: session.userId, sessionId: session.sessionId } : null;
}

/**
 * Why the session of a token ended, if it did end early: read only after the live lookup found
 * nothing (a cold path), so a device whose session a newer login replaced is told so.
 */
export async function endedReason(db: Db, token: string | null | undefined): Promise<RevokedReason | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({ reason: sessions.revokedReason })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return (row?.reason as RevokedReason | null | undefined) ?? null;
}

/**
 * Idempotent: an unknown or already revoked token is not an error. `cache`: this process's, emptied
 * at once (the others hear of it from the change feed), so the next request here is refused.
 */
export async function revokeSession(db: Db, token: string | null | undefined, cache?: PublicCache): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: REVOKED_REASONS.logout })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  cache?.tableChanged('sessions');
  return rows.length > 0;
}

/** Ends one live session of `userId` by its id (signed out from the session list); false when the user has no such live session. */
export async function revokeSessionOfUser(db: Db, userId: number, sessionId: number, cache?: PublicCache): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: REVOKED_REASONS.signedOut })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  if (rows.length > 0) cache?.tableChanged('sessions');
  return rows.length > 0;
}

/** Logs a user out everywhere, e.g. after a password change; `exceptSessionId` keeps the current one. */
export async function revokeAllForUser(
  db: Db,
  userId: number,
  exceptSessionId?: number,
  cache?: PublicCache,
  reason: RevokedReason = REVOKED_REASONS.password,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId)))
    .returning({ id: sessions.id });
  cache?.tableChanged('sessions');
  return rows.length;
}

/** How often one session's last signed-in call is written at most (session_seen). */
export const SEEN_EVERY_MS = 5 * 60_000;

/** Per database: each session's last write to session_seen by this process (ms), oldest write first. */
const seenWrites = new WeakMap<Db, Map<number, number>>();

/**
 * Notes that a session made a signed-in call: an upsert of session_seen at most once per
 * SEEN_EVERY_MS per session and process, and none in the first SEEN_EVERY_MS after the login (the
 * login's own time says as much then). Never an UPDATE of sessions: that would empty every
 * process's session cache. Answers the write, which never fails (a failure goes to `onError`, and
 * the next call tries again), or null when none was due. Requests do not wait for it.
 */
export function recordSeen(
  db: Db,
  session: { sessionId: number; signedInAt: number },
  onError: (error: unknown) => void,
  now: number = Date.now(),
): Promise<void> | null {
  const { sessionId } = session;
  if (now - session.signedInAt < SEEN_EVERY_MS) return null;
  let written = seenWrites.get(db);
  if (!written) seenWrites.set(db, (written = new Map<number, number>()));
  const last = written.get(sessionId);
  if (last !== undefined && now - last < SEEN_EVERY_MS) return null;
  // Re-inserted so the map stays in the order of the writes: what is older than the interval is
  // no longer needed and goes from the front, which keeps the map to the sessions seen lately.
  written.delete(sessionId);
  written.set(sessionId, now);
  for (const [id, at] of written) {
    if (now - at < SEEN_EVERY_MS) break;
    written.delete(id);
  }
  const map = written;
  return db
    .insert(sessionSeen)
    .values({ sessionId, seenAt: sql`now()` })
    .onConflictDoUpdate({ target: sessionSeen.sessionId, set: { seenAt: sql`now()` } })
    .then(
      () => undefined,
      (error: unknown) => {
        if (map.get(sessionId) === now) map.delete(sessionId);
        onError(error);
      },
    );
}
