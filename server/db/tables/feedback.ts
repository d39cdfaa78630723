/** 意见反馈: what students send and the team's reply; the nonces of the old signed API. */
import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

export const feedbacks = pgTable(
  'feedbacks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of FEEDBACK_TYPES (src/domain/site/feedback.ts). */
    type: smallint('type').notNull(),
    content: text('content').notNull(),
    /** URLs of the sender's own uploads, in the order chosen. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** 'PENDING' until the team replies, then 'REPLIED'. */
    status: varchar('status', { length: 8 }).notNull().default('PENDING'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Where it was sent from (Terminal-Type and the browser), for whoever answers it. */
    terminal: varchar('terminal', { length: 16 }),
    userAgent: varchar('user_agent', { length: 300 }),
    createdAt: createdAt(),
  },
  (t) => [index('feedbacks_user_idx').on(t.userId, t.id), index('feedbacks_pending_idx').on(t.status, t.id)],
);

/**
 * Nonces the old signed API has seen, each kept until its request's timestamp leaves the window
 * (then the timestamp alone refuses a replay). A logged table, not UNLOGGED: a crash must not
 * reopen the window for replays, and the old API's traffic is small.
 */
export const signedNonces = pgTable(
  'signed_nonces',
  {
    nonce: varchar('nonce', { length: 64 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('signed_nonces_expires_idx').on(t.expiresAt)],
);
