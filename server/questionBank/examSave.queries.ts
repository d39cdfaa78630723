/**
 * An exam's save in one statement (issue 18: exam deadlines bring thousands of saves a second).
 *
 * What an exam's save checks before writing comes from memory after its first save: the record's
 * unchanging part (its user, its questions, its deadline: set at the start and never updated) is
 * kept per process, and the questions it may answer sit in the public cache under the items' own
 * digest (the same paper gives every student the same entry), emptied by any change to the bank.
 * No seal check is needed: starting an exam that shares a question with one being answered is
 * refused (examSeal.queries.ts), and a save of an exam in time tells the student nothing anyway.
 *
 * Then one prepared statement takes the record's row FOR SHARE — saves of one record run side by
 * side, while a hand-in, which takes it FOR UPDATE, waits for them or makes them wait —, checks
 * that it is still being answered in time, and upserts the answers, keeping the newer version.
 * When the record is no longer open by then (handed in, the deadline past, deleted) nothing is
 * written and the caller's transaction answers, as for every other case (practice, which also
 * feeds the wrong book; an exam past its deadline, which it hands in).
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AnswerEntry } from '../../src/domain/questionBank/contract';
import { DEADLINE_GRACE_SECONDS } from '../../src/domain/questionBank/limits';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { userRecords, type RecordItem } from '../db/schema';
import type { CacheSpace, PublicCache } from '../shared/publicCache';
import { checkAnswers, newestOf, staleOf } from './answerChecks';
import { answerable, loadQuestions, type LoadedQuestion } from './questions.queries';

const GRACE_MS = DEADLINE_GRACE_SECONDS * 1000;

/** The questions a record of these items may answer, by id: question content only, the same for every student. */
export const ANSWERABLE_SPACE = { name: 'answerableQuestions', tables: ['questions'], maxEntries: 500 } as const satisfies CacheSpace;

/** The part of an exam record a save checks that never changes after the start. */
interface OpenExam {
  open: true;
  userId: number;
  items: readonly RecordItem[];
  deadlineAt: Date | null;
  /** The items' digest: the key of their questions in the public cache. */
  itemsKey: string;
}

/** A practice, or an exam no longer being answered: it never becomes an exam being answered again. */
interface NotOpen {
  open: false;
  userId: number;
}

/** Per database (tests run several in one process); the oldest entry goes first past the bound. */
const RECORDS_PER_PROCESS = 20_000;
const knownRecords = new WeakMap<Db, Map<number, OpenExam | NotOpen>>();

function recordsOf(db: Db): Map<number, OpenExam | NotOpen> {
  let records = knownRecords.get(db);
  if (!records) knownRecords.set(db, (records = new Map<number, OpenExam | NotOpen>()));
  return records;
}

function remember(db: Db, recordId: number, entry: OpenExam | NotOpen): void {
  const records = recordsOf(db);
  records.set(recordId, entry);
  if (records.size > RECORDS_PER_PROCESS) records.delete(records.keys().next().value!);
}

/** The user's exam being answered, from memory or its row; null when the record is not one. */
async function openExam(db: Db, userId: number, recordId: number): Promise<OpenExam | null> {
  const known = recordsOf(db).get(recordId);
  if (known) return known.open && known.userId === userId ? known : null;
  const [row] = await db
    .select({ mode: userRecords.mode, state: userRecords.state, items: userRecords.items, deadlineAt: userRecords.deadlineAt })
    .from(userRecords)
    .where(and(eq(userRecords.id, recordId), eq(userRecords.userId, userId)));
  // Unknown or another user's: nothing is remembered, the transaction answers 404.
  if (!row) return null;
  if (row.mode !== 'EXAM' || row.state !== 'DOING') {
    remember(db, recordId, { open: false, userId });
    return null;
  }
  const exam: OpenExam = {
    open: true,
    userId,
    items: row.items,
    deadlineAt: row.deadlineAt,
    itemsKey: createHash('sha256').update(JSON.stringify(row.items)).digest('base64url'),
  };
  remember(db, recordId, exam);
  return exam;
}

/** Every question of the items that takes an answer (not a case itself: its sub-questions), by id. */
async function answerableOf(db: Db, items: readonly RecordItem[]): Promise<Map<number, LoadedQuestion>> {
  const questions = answerable(await loadQuestions(db, items)).filter((question) => question.row.type !== 'CASE');
  return new Map(questions.map((question) => [question.row.id, question]));
}

// The grace is judged on the server's clock: $3 is now less the grace, as the transactional path judges it.
const saveInTime = preparedStatement<{ open: number; written: number[] | null }>(
  'xt_exam_save',
  `with r as (
     select id from user_records
     where id = $1 and user_id = $2 and state = 'DOING' and (deadline_at is null or deadline_at >= $3::timestamptz)
     for share
   ), ins as (
     insert into record_answers (record_id, question_id, answer, flagged, version, spent_seconds, saved_at)
     select r.id, e.q, e.a, e.f, e.v, e.s, $4::timestamptz
     from r, jsonb_to_recordset($5::jsonb) as e(q int, a jsonb, f boolean, v bigint, s int)
     on conflict (record_id, question_id) do update
       set answer = excluded.answer, flagged = excluded.flagged, version = excluded.version,
         spent_seconds = excluded.spent_seconds, saved_at = excluded.saved_at
       where record_answers.version < excluded.version
     returning question_id
   )
   select (select count(*) from r)::int as open, (select array_agg(question_id) from ins) as written`,
);

export interface ExamSaveOutcome {
  deadlineAt: Date | null;
  stale: AnswerEntry[];
}

/** The save, or null when the transactional path must answer (not the user's exam being answered in time). */
export async function saveExamAnswers(
  db: Db,
  cache: PublicCache,
  userId: number,
  recordId: number,
  answers: readonly AnswerEntry[],
  now: Date,
): Promise<ExamSaveOutcome | null> {
  const exam = await openExam(db, userId, recordId);
  if (!exam) return null;
  if (exam.deadlineAt !== null && now.getTime() > exam.deadlineAt.getTime() + GRACE_MS) return null;
  checkAnswers(await cache.get(ANSWERABLE_SPACE, exam.itemsKey, () => answerableOf(db, exam.items)), answers);
  const entries = newestOf(answers);
  const values = entries.map((entry) => ({ q: entry.questionId, a: entry.answer, f: entry.flagged, v: entry.version, s: entry.spentSeconds ?? null }));
  const [result] = await saveInTime.run(db, [recordId, userId, new Date(now.getTime() - GRACE_MS).toISOString(), now.toISOString(), JSON.stringify(values)]);
  if (!result || Number(result.open) === 0) {
    // Handed in (or past the deadline, or deleted) since: it will not be open again.
    remember(db, recordId, { open: false, userId });
    return null;
  }
  const written = new Set((result.written ?? []).map(Number));
  return { deadlineAt: exam.deadlineAt, stale: await staleOf(db, recordId, entries, written) };
}
