/** The feedbacks table: a student's own, newest first; the team's replies. */
import { asc, count, desc, eq } from 'drizzle-orm';
import type { FeedbackItem, FeedbackStatus, FeedbackType } from '../../src/domain/site/feedback';
import type { Page } from '../../src/domain/shared/envelope';
import type { Db } from '../db/client';
import { feedbacks, users } from '../db/schema';

export interface NewFeedback {
  userId: number;
  type: FeedbackType;
  content: string;
  images: string[];
  terminal: string | null;
  userAgent: string | null;
}

export async function insertFeedback(db: Db, feedback: NewFeedback): Promise<number> {
  const [row] = await db.insert(feedbacks).values(feedback).returning({ id: feedbacks.id });
  return row!.id;
}

type Row = typeof feedbacks.$inferSelect;

function toItem(row: Pick<Row, 'id' | 'type' | 'content' | 'images' | 'status' | 'reply' | 'createdAt' | 'repliedAt'>): FeedbackItem {
  return {
    id: row.id,
    type: row.type as FeedbackType,
    content: row.content,
    images: row.images,
    status: row.status as FeedbackStatus,
    reply: row.reply,
    createdAt: row.createdAt.toISOString(),
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

/** One page of the student's own feedback, newest first. */
export async function feedbackPage(db: Db, userId: number, page: number, size: number): Promise<Page<FeedbackItem>> {
  const mine = eq(feedbacks.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(feedbacks)
      .where(mine)
      .orderBy(desc(feedbacks.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(feedbacks).where(mine),
  ]);
  return { records: rows.map(toItem), total: Number(total?.n ?? 0), current: page, size };
}

export interface FeedbackForTeam extends FeedbackItem {
  userId: number;
  mobile: string | null;
  terminal: string | null;
}

/** What the team sees (server/feedback/feedback-cli.ts): the oldest unanswered first, or the newest of all. */
export async function feedbackForTeam(db: Db, { pendingOnly, limit }: { pendingOnly: boolean; limit: number }): Promise<FeedbackForTeam[]> {
  const rows = await db
    .select({ feedback: feedbacks, mobile: users.mobile })
    .from(feedbacks)
    .innerJoin(users, eq(users.id, feedbacks.userId))
    .where(pendingOnly ? eq(feedbacks.status, 'PENDING') : undefined)
    .orderBy(pendingOnly ? asc(feedbacks.id) : desc(feedbacks.id))
    .limit(limit);
  return rows.map(({ feedback, mobile }) => ({ ...toItem(feedback), userId: feedback.userId, mobile, terminal: feedback.terminal }));
}

/** The team's reply; a second reply replaces the first. False when there is no such feedback. */
export async function replyToFeedback(db: Db, id: number, reply: string, now: Date = new Date()): Promise<boolean> {
  const updated = await db.update(feedbacks).set({ reply, status: 'REPLIED', repliedAt: now }).where(eq(feedbacks.id, id)).returning({ id: feedbacks.id });
  return updated.length > 0;
}
