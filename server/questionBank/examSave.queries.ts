/**
 * An exam's save in one statement (issue 18: exam deadlines bring thousands of saves a second).
 *
 * The checks read without a lock, in parallel: the record (the user's, an exam, being answered, in
 * time), the exam seal, and the questions answered. Then one statement takes the record's row
 * FOR SHARE — saves of one record run side by side, while a hand-in, which takes it FOR UPDATE,
 * waits for them or makes them wait — re-checks that it is still being answered in time, and
 * upserts the answers, keeping the newer version. Without BEGIN and COMMIT round trips that is two
 * trips to the database instead of seven. When the record is no longer open by then (handed in,
 * the deadline past) nothing is written and the caller's transaction answers, as for every other
 * case (practice, which also feeds the wrong book; an exam past its deadline, which it hands in).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AnswerEntry } from '../../src/domain/questionBank/contract';
import { DEADLINE_GRACE_SECONDS } from '../../src/domain/questionBank/limits';
import { queryRows, type Db } from '../db/client';
import { recordAnswers, userRecords } from '../db/schema';
import { checkAnswers, newestOf, staleOf } from './answerChecks';
import { refuseSealed } from './examSeal.queries';
import { loadAnswered } from './questions.queries';
import type { SaveOutcome } from './records.queries';

const GRACE_MS = DEADLINE_GRACE_SECONDS * 1000;

/** The save, or null when the transactional path must answer (not an exam being answered in time). */
export async function saveExamAnswers(db: Db, userId: number, recordId: number, answers: readonly AnswerEntry[], now: Date): Promise<SaveOutcome | null> {
  const [row] = await db
    .select()
    .from(userRecords)
    .where(and(eq(userRecords.id, recordId), eq(userRecords.userId, userId)));
  if (!row || row.mode !== 'EXAM' || row.state !== 'DOING') return null;
  const openUntil = row.deadlineAt === null ? null : new Date(row.deadlineAt.getTime() + GRACE_MS);
  if (openUntil !== null && now.getTime() > openUntil.getTime()) return null;
  const [, byId] = await Promise.all([
    refuseSealed(db, userId, row, now),
    loadAnswered(
      db,
      row.items,
      answers.map((entry) => entry.questionId),
    ),
  ]);
  checkAnswers(byId, answers);
  const entries = newestOf(answers);
  const values = entries.map((entry) => ({ q: entry.questionId, a: entry.answer, f: entry.flagged, v: entry.version }));
  // The grace is judged on the server's clock (`now`), as the transactional path does.
  const [result] = await queryRows<{ open: number; written: number[] | null }>(
    db,
    sql`with r as (
          select ${userRecords.id} as id from ${userRecords}
          where ${userRecords.id} = ${recordId} and ${userRecords.userId} = ${userId} and ${userRecords.state} = 'DOING'
            and (${userRecords.deadlineAt} is null or ${userRecords.deadlineAt} >= ${new Date(now.getTime() - GRACE_MS).toISOString()}::timestamptz)
          for share
        ), ins as (
          insert into ${recordAnswers} (record_id, question_id, answer, flagged, version, saved_at)
          select r.id, e.q, e.a, e.f, e.v, ${now.toISOString()}::timestamptz
          from r, jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as e(q int, a jsonb, f boolean, v bigint)
          on conflict (record_id, question_id) do update
            set answer = excluded.answer, flagged = excluded.flagged, version = excluded.version, saved_at = excluded.saved_at
            where ${recordAnswers.version} < excluded.version
          returning question_id
        )
        select (select count(*) from r)::int as open, (select array_agg(question_id) from ins) as written`,
  );
  // Handed in (or past the deadline) since it was read: the transaction says what happened.
  if (!result || Number(result.open) === 0) return null;
  const written = new Set((result.written ?? []).map(Number));
  return { row, stale: await staleOf(db, recordId, entries, written), keys: [] };
}
