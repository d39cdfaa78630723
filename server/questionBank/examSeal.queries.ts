/**
 * The exam seal on the server (src/domain/questionBank/examSeal.ts): the exams a student is
 * answering, and the refusal of any other record of theirs that shares a question with one.
 * Every questionbank call that opens, saves, hands in, marks or reports a record goes through
 * `refuseSealed`; starting a record goes through it before the record exists.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { EXAM_SEAL_STATUS, sealingExam, type RunningExam } from '../../src/domain/questionBank/examSeal';
import { DEADLINE_GRACE_SECONDS } from '../../src/domain/questionBank/limits';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import type { Db } from '../db/client';
import { questions, userRecords, type RecordItem } from '../db/schema';
import { AppError } from '../shared/envelope';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The user's exams being answered, but `exceptId`, each with every question id (a case's
 * sub-questions too). An exam past its deadline and grace is over: the server hands it in.
 */
export async function runningExams(db: Db | Tx, userId: number, now: Date, exceptId: number | null = null): Promise<RunningExam[]> {
  const rows = await db
    .select({ id: userRecords.id, source: userRecords.source, sourceId: userRecords.sourceId, items: userRecords.items, deadlineAt: userRecords.deadlineAt })
    .from(userRecords)
    .where(and(eq(userRecords.userId, userId), eq(userRecords.state, 'DOING'), eq(userRecords.mode, 'EXAM')));
  const open = rows.filter(
    (row) => row.id !== exceptId && (row.deadlineAt === null || row.deadlineAt.getTime() + DEADLINE_GRACE_SECONDS * 1000 >= now.getTime()),
  );
  if (open.length === 0) return [];
  const tops = [...new Set(open.flatMap((row) => row.items.map((item) => item.questionId)))];
  const subs = await db.select({ id: questions.id, parentId: questions.parentId }).from(questions).where(inArray(questions.parentId, tops));
  const subsOf = new Map<number, number[]>();
  for (const sub of subs) subsOf.set(sub.parentId!, [...(subsOf.get(sub.parentId!) ?? []), sub.id]);
  return open.map((row) => ({
    id: row.id,
    source: row.source,
    sourceId: row.sourceId,
    questionIds: new Set(row.items.flatMap((item) => [item.questionId, ...(subsOf.get(item.questionId) ?? [])])),
  }));
}

/** Every question id an exam being answered holds, sub-questions included (the lists leave them out). */
export async function examQuestionIds(db: Db | Tx, userId: number, now: Date): Promise<Set<number>> {
  return new Set((await runningExams(db, userId, now)).flatMap((exam) => [...exam.questionIds]));
}

function throwIfSealed(recordId: number | null, items: readonly RecordItem[], exams: readonly RunningExam[], text: string): void {
  const ids = items.map((item) => item.questionId);
  if (sealingExam(recordId, ids, exams)) throw new AppError(EXAM_SEAL_STATUS, text);
}

/**
 * Refuses (423) a record of `items` while another exam of the user that shares a question is being
 * answered; `handedIn` picks the words. (The record's own exam is left out of the read: an exam's
 * save, the hottest call, then loads nothing more.)
 */
export async function refuseSealed(
  db: Db | Tx,
  userId: number,
  record: { id: number; items: readonly RecordItem[]; handedIn?: boolean },
  now: Date,
): Promise<void> {
  const exams = await runningExams(db, userId, now, record.id);
  throwIfSealed(record.id, record.items, exams, record.handedIn ? QB_TEXTS.examSealedResults : QB_TEXTS.examSealed);
}

/**
 * Refuses to start a record of `def` that an exam being answered seals. Starting the exam that is
 * being answered again continues it, so that exam does not count.
 */
export async function refuseSealedStart(
  db: Db | Tx,
  userId: number,
  def: { source: string; sourceId: number; mode: string; items: readonly RecordItem[] },
  now: Date,
): Promise<void> {
  const exams = await runningExams(db, userId, now);
  const continuing = def.mode === 'EXAM' ? exams.find((exam) => exam.source === def.source && exam.sourceId === def.sourceId) : undefined;
  throwIfSealed(continuing?.id ?? null, def.items, exams, QB_TEXTS.examSealed);
}
