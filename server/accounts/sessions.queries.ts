/** 登录设备: the live sessions of one account, as the session list shows them. */
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DeviceSession } from '../../src/domain/account/contract';
import { browserOf, deviceOf, maskIp } from '../../src/domain/account/device';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { sessionSeen } from '../db/unlogged';

/** At most this many rows: the device limit keeps far fewer live (MAX_DEVICE_LIMIT per kind); with no limit ('0'), the most recently active. */
const LIST_MAX = 50;

/**
 * The user's live sessions, the asking one first, then the most recently active. Only what the
 * list shows leaves the server: the device and browser read from the user agent, the address masked.
 */
export async function listLiveSessions(db: Db, userId: number, currentSessionId: number): Promise<DeviceSession[]> {
  const lastActive = sql<Date>`coalesce(${sessionSeen.seenAt}, ${sessions.createdAt})`;
  const rows = await db
    .select({
      id: sessions.id,
      kind: sessions.kind,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      seenAt: sessionSeen.seenAt,
    })
    .from(sessions)
    .leftJoin(sessionSeen, eq(sessionSeen.sessionId, sessions.id))
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sql`${sessions.id} = ${currentSessionId}`), desc(lastActive), desc(sessions.id))
    .limit(LIST_MAX);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind === 'app' ? 'app' : 'web',
    device: deviceOf(row.userAgent),
    browser: browserOf(row.userAgent),
    place: maskIp(row.ip),
    lastActiveAt: (row.seenAt ?? row.createdAt).getTime(),
    signedInAt: row.createdAt.getTime(),
    current: row.id === currentSessionId,
  }));
}
