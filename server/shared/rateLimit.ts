/**
 * Fixed windows that start at a key's first hit, counted in the UNLOGGED rate_counters table, so
 * every process behind one PostgreSQL shares them and no Redis is needed. "1 per 60 s" therefore
 * really means 60 s between two hits (an aligned window would allow two hits a second apart
 * across its boundary). One atomic upsert per hit: concurrent hits cannot both slip through.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { rateCounters } from '../db/unlogged';
import { AppError } from './envelope';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/** Rows older than this are garbage whatever their window (the longest window in use is a day). */
const STALE_AFTER_SECONDS = 2 * 24 * 60 * 60;
let hitsSinceSweep = 0;

/** The stored key carries the window length, so two limits on one key with different windows never share a row. */
export function counterKey(key: string, windowSeconds: number): string {
  return `${key}@${windowSeconds}s`;
}

/**
 * Counts one hit of `key` and says whether it is within `limit` per `windowSeconds`. A refused hit
 * still counts: hammering a closed door does not reopen it sooner than the window allows.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowSeconds: number, now: Date = new Date()): Promise<RateLimitResult> {
  const stored = counterKey(key, windowSeconds);
  const nowIso = now.toISOString();
  // Timestamps as ISO text cast in SQL: both drivers then agree on the value and the type.
  const [row] = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    sql`insert into ${rateCounters} (key, window_start, count) values (${stored}, ${nowIso}::timestamptz, 1)
        on conflict (key) do update set
          window_start = case when ${rateCounters.windowStart} <= ${nowIso}::timestamptz - make_interval(secs => ${windowSeconds})
                              then excluded.window_start else ${rateCounters.windowStart} end,
          count = case when ${rateCounters.windowStart} <= ${nowIso}::timestamptz - make_interval(secs => ${windowSeconds})
                       then 1 else ${rateCounters.count} + 1 end
        returning count::int as count, window_start`,
  );
  if (!row) throw new Error('rate counter upsert returned nothing');
  if (++hitsSinceSweep >= 1000) {
    hitsSinceSweep = 0;
    await db.delete(rateCounters).where(lt(rateCounters.windowStart, new Date(now.getTime() - STALE_AFTER_SECONDS * 1000)));
  }
  const windowEnd = new Date(row.window_start).getTime() + windowSeconds * 1000;
  return {
    allowed: Number(row.count) <= limit,
    count: Number(row.count),
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
  };
}

/** hitRateLimit that throws 429 with `text` when over the limit. */
export async function enforceRateLimit(db: Db, key: string, limit: number, windowSeconds: number, text: string): Promise<void> {
  const result = await hitRateLimit(db, key, limit, windowSeconds);
  if (!result.allowed) throw new AppError(429, text);
}
