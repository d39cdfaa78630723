/**
 * UNLOGGED tables: counters and challenges that may be lost on a crash without harm, written at a
 * rate where WAL would only cost time. drizzle-kit cannot declare UNLOGGED, so they are created by
 * a custom migration (0002_unlogged_tables.sql) and kept out of schema.ts (which drizzle-kit
 * diffs); these definitions only give queries their types.
 */
import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** One row per limited key: a window that starts at its first hit, and the hits in it. */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/** Slider challenges; the answer never leaves the server. */
export const captchaChallenges = pgTable('captcha_challenges', {
  id: varchar('id', { length: 64 }).primaryKey(),
  scene: varchar('scene', { length: 20 }).notNull(),
  answerX: integer('answer_x').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  ip: varchar('ip', { length: 64 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When each session was last seen making a signed-in call (migration 0014); lost on a crash without harm. */
export const sessionSeen = pgTable('session_seen', {
  sessionId: integer('session_id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
