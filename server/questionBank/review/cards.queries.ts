/**
 * Review cards as the student meets them: a favourite becomes a card (unkeeping it removes a card
 * never missed), the due counts per subject, and the cards a review takes. Every query is scoped by
 * the session's user; a card an exam being answered holds is neither counted nor reviewed
 * (examSeal.ts: its key would show before the hand-in).
 */
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { ReviewDue } from '../../../src/domain/questionBank/contract';
import { reviewDayEnd } from '../../../src/domain/questionBank/review';
import { queryRows, type Db } from '../../db/client';
import { reviewCards } from '../../db/schema';
import { examQuestionIds } from '../examSeal.queries';
import { fieldsOf, newCard } from './scheduler';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A favourite's card, new and due now; a question that already has one keeps it. */
export async function addFavoriteCard(db: Db | Tx, userId: number, entry: { id: number; subjectId: number }, now: Date): Promise<void> {
  await db
    .insert(reviewCards)
    .values({ userId, questionId: entry.id, subjectId: entry.subjectId, origin: 'FAVORITE', ...fieldsOf(newCard(now)), createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/** Unkeeping a favourite removes its card unless the question was missed since (its card is a wrong question's then). */
export async function removeFavoriteCard(db: Db | Tx, userId: number, questionId: number): Promise<void> {
  await db.delete(reviewCards).where(and(eq(reviewCards.userId, userId), eq(reviewCards.questionId, questionId), eq(reviewCards.origin, 'FAVORITE')));
}

/** The user's cards per subject (of one project when given): how many, how many due today, the next due after today. */
export async function dueList(db: Db, userId: number, projectId: number | null, now: Date): Promise<ReviewDue[]> {
  const sealed = [...(await examQuestionIds(db, userId, now))];
  const dayEnd = new Date(reviewDayEnd(now.getTime())).toISOString();
  const rows = await queryRows<{ subject_id: number; subject_name: string; project_id: number; due: number; cards: number; next_due: string | Date | null }>(
    db,
    sql`
    select c.subject_id, cl.name as subject_name, cl.parent_id as project_id,
      count(*) filter (where c.due < ${dayEnd}::timestamptz and not (c.question_id = any(${sql.param(sealed)}::int[])))::int as due,
      count(*)::int as cards,
      min(c.due) filter (where c.due >= ${dayEnd}::timestamptz) as next_due
    from ${reviewCards} c join classes cl on cl.id = c.subject_id
    where c.user_id = ${userId} ${projectId ? sql`and cl.parent_id = ${projectId}` : sql``}
    group by c.subject_id, cl.name, cl.parent_id, cl.sort
    order by cl.sort, c.subject_id`,
  );
  return rows.map((row) => ({
    subjectId: Number(row.subject_id),
    subjectName: row.subject_name,
    projectId: Number(row.project_id),
    dueCount: Number(row.due),
    cardCount: Number(row.cards),
    nextDueAt: row.next_due === null ? null : new Date(row.next_due).getTime(),
  }));
}

/** The subject's cards due today, the earliest due first, at most `limit`, without those `sealed` holds. */
export async function dueQuestionIds(db: Db, userId: number, subjectId: number, limit: number, sealed: ReadonlySet<number>, now: Date): Promise<number[]> {
  const rows = await db
    .select({ questionId: reviewCards.questionId })
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), eq(reviewCards.subjectId, subjectId), lt(reviewCards.due, new Date(reviewDayEnd(now.getTime())))))
    .orderBy(asc(reviewCards.due), asc(reviewCards.questionId))
    .limit(limit + sealed.size);
  return rows
    .map((row) => row.questionId)
    .filter((id) => !sealed.has(id))
    .slice(0, limit);
}
