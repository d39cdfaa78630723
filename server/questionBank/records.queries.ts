/**
 * Answering records: start (or continue), save answers in order, hand in, self-mark, and the
 * server's hand-in of exam records past their deadline. Every function takes the session's user
 * id; a record of another user is "not found". Saves and hand-ins lock the record's row, so a
 * save racing a hand-in (or the deadline sweep) either lands before it or is refused after it.
 */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AnswerEntry, QuestionKey, RecordMode, RecordSource, RecordState, RecordSummary } from '../../src/domain/questionBank/contract';
import { DEADLINE_GRACE_SECONDS } from '../../src/domain/questionBank/limits';
import { isAnswered, isObjective, isValidMark, scoreAnswer } from '../../src/domain/questionBank/scoring';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import type { Db } from '../db/client';
import { recordAnswers, userRecords, type RecordItem } from '../db/schema';
import { AppError, badRequest, notFound } from '../shared/envelope';
import type { PublicCache } from '../shared/publicCache';
import { refuseSealed } from './examSeal.queries';
import { checkAnswers, newestOf, staleOf, toEntry } from './answerChecks';
import { saveExamAnswers } from './examSave.queries';
import { answerable, keyOf, loadAnswered, loadQuestions } from './questions.queries';
import { judgeAnswers } from './review/grading';
import { noteAnswers } from './userQuestions.queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type RecordRow = typeof userRecords.$inferSelect;

const GRACE_MS = DEADLINE_GRACE_SECONDS * 1000;

export interface NewRecord {
  source: RecordSource;
  sourceId: number;
  subjectId: number;
  name: string;
  mode: RecordMode;
  items: RecordItem[];
  passScoreTenths: number | null;
  durationMinutes: number | null;
}

export function toSummary(row: RecordRow, answeredCount: number): RecordSummary {
  return {
    id: row.id,
    source: row.source as RecordSource,
    sourceId: row.sourceId,
    name: row.name,
    mode: row.mode as RecordMode,
    state: row.state as RecordState,
    startedAt: row.startedAt.getTime(),
    handedInAt: row.handedInAt?.getTime() ?? null,
    scoreTenths: row.scoreTenths,
    totalScoreTenths: row.totalScoreTenths,
    questionCount: row.questionCount,
    answeredCount,
  };
}

/** The user's record being answered for the source and mode, or a new one. */
export async function startRecord(db: Db | Tx, userId: number, def: NewRecord, questionCount: number, now: Date): Promise<RecordRow> {
  const deadlineAt = def.mode === 'EXAM' && def.durationMinutes ? new Date(now.getTime() + def.durationMinutes * 60_000) : null;
  const total = def.items.reduce((sum, item) => sum + item.scoreTenths, 0);
  // The partial unique index keeps one DOING record per source and mode: a second start continues the first.
  const [created] = await db
    .insert(userRecords)
    .values({
      userId,
      source: def.source,
      sourceId: def.sourceId,
      subjectId: def.subjectId,
      name: def.name,
      mode: def.mode,
      state: 'DOING',
      items: def.items,
      questionCount,
      totalScoreTenths: total,
      passScoreTenths: def.passScoreTenths,
      startedAt: now,
      deadlineAt,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [doing] = await db
    .select()
    .from(userRecords)
    .where(
      and(
        eq(userRecords.userId, userId),
        eq(userRecords.source, def.source),
        eq(userRecords.sourceId, def.sourceId),
        eq(userRecords.mode, def.mode),
        eq(userRecords.state, 'DOING'),
      ),
    );
  if (!doing) throw new AppError(409, QB_TEXTS.recordHandedIn);
  return doing;
}

export async function findRecord(db: Db | Tx, userId: number, recordId: number): Promise<RecordRow | null> {
  const [row] = await db
    .select()
    .from(userRecords)
    .where(and(eq(userRecords.id, recordId), eq(userRecords.userId, userId)));
  return row ?? null;
}

async function lockRecord(tx: Tx, userId: number, recordId: number): Promise<RecordRow> {
  const [row] = await tx
    .select()
    .from(userRecords)
    .where(and(eq(userRecords.id, recordId), eq(userRecords.userId, userId)))
    .for('update');
  if (!row) throw notFound(QB_TEXTS.recordNotFound);
  return row;
}

export function isPastDeadline(row: RecordRow, now: Date): boolean {
  return row.state === 'DOING' && row.deadlineAt !== null && now.getTime() > row.deadlineAt.getTime() + GRACE_MS;
}

export interface SaveOutcome {
  state: RecordState;
  deadlineAt: Date | null;
  stale: AnswerEntry[];
  keys: QuestionKey[];
}

/**
 * Keeps each answer unless the stored one is newer (two tabs, a retried save arriving late). An
 * exam past its deadline (and the grace) is handed in here and the save refused.
 */
export async function saveAnswers(
  db: Db,
  cache: PublicCache,
  userId: number,
  recordId: number,
  answers: readonly AnswerEntry[],
  now: Date,
): Promise<SaveOutcome> {
  // An exam being answered in time: one statement (examSave.queries.ts). Anything else, and an
  // exam handed in meanwhile, takes the transaction below, which answers it.
  if (answers.length > 0) {
    const saved = await saveExamAnswers(db, cache, userId, recordId, answers, now);
    if (saved) return { state: 'DOING', keys: [], ...saved };
  }
  const outcome = await db.transaction(async (tx) => {
    const row = await lockRecord(tx, userId, recordId);
    if (isPastDeadline(row, now)) {
      await handInLocked(tx, row, 'SERVER', now);
      return 'late' as const;
    }
    // 409: the record is over; the client stops saving and shows the hand-in (a 400 would be its own mistake).
    if (row.state !== 'DOING') throw new AppError(409, QB_TEXTS.recordHandedIn);
    await refuseSealed(tx, userId, row, now);
    if (answers.length === 0) return { row, stale: [] as AnswerEntry[], keys: [] as QuestionKey[] };
    // Only the questions answered now: a save is the hottest call of the bank (issue 10 bench).
    const byId = await loadAnswered(
      tx,
      row.items,
      answers.map((entry) => entry.questionId),
    );
    checkAnswers(byId, answers);
    const entries = newestOf(answers);
    const written = await tx
      .insert(recordAnswers)
      .values(
        entries.map((entry) => ({
          recordId,
          questionId: entry.questionId,
          answer: entry.answer,
          flagged: entry.flagged,
          version: entry.version,
          spentSeconds: entry.spentSeconds ?? null,
          savedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [recordAnswers.recordId, recordAnswers.questionId],
        set: {
          answer: sql`excluded.answer`,
          flagged: sql`excluded.flagged`,
          version: sql`excluded.version`,
          spentSeconds: sql`excluded.spent_seconds`,
          savedAt: sql`excluded.saved_at`,
        },
        setWhere: sql`${recordAnswers.version} < excluded.version`,
      })
      .returning({ questionId: recordAnswers.questionId });
    const writtenIds = new Set(written.map((w) => w.questionId));
    const stale = await staleOf(tx, recordId, entries, writtenIds);
    let keys: QuestionKey[] = [];
    if (row.mode === 'PRACTICE') {
      const judged = entries.filter((entry) => writtenIds.has(entry.questionId) && isAnswered(entry.answer));
      keys = judged.map((entry) => keyOf(byId.get(entry.questionId)!.row));
      await noteAnswers(
        tx,
        userId,
        { id: row.id, source: row.source as RecordSource },
        judged.map((entry) => ({ question: byId.get(entry.questionId)!, answer: entry.answer })),
        now,
      );
      // Practice shows the key at once: the answer grades its review card now, in this transaction.
      await judgeAnswers(tx, userId, row, { written: [...writtenIds] }, now);
    }
    return { row, stale, keys };
  });
  if (outcome === 'late') throw new AppError(409, QB_TEXTS.deadlinePassed);
  const { row, stale, keys } = outcome;
  return { state: row.state as RecordState, deadlineAt: row.deadlineAt, stale, keys };
}

/**
 * Scores the objective answers, sets the record MARKING when written answers wait for
 * self-marking, else DONE, feeds the wrong book and grades the review cards of the answers not
 * judged yet (an exam's, a practice's last ones). Runs with the record's row locked.
 */
async function handInLocked(tx: Tx, row: RecordRow, by: 'USER' | 'SERVER', now: Date): Promise<RecordRow> {
  const questions = answerable(await loadQuestions(tx, row.items));
  const stored = await tx.select().from(recordAnswers).where(eq(recordAnswers.recordId, row.id));
  const answerOf = new Map(stored.map((a) => [a.questionId, a.answer]));
  let objective = 0;
  let waiting = 0;
  const scored: { questionId: number; scoreTenths: number; verdict: string }[] = [];
  for (const question of questions) {
    const answer = answerOf.get(question.row.id) ?? [];
    const result = scoreAnswer(question.row.type, question.row.answer, answer, question.scoreTenths);
    if (result.verdict === 'SUBJECTIVE') waiting += 1;
    objective += result.scoreTenths;
    if (answerOf.has(question.row.id)) scored.push({ questionId: question.row.id, ...result });
  }
  for (const line of scored) {
    await tx
      .update(recordAnswers)
      .set({ scoreTenths: line.verdict === 'SUBJECTIVE' ? null : line.scoreTenths, verdict: line.verdict })
      .where(and(eq(recordAnswers.recordId, row.id), eq(recordAnswers.questionId, line.questionId)));
  }
  if (row.mode === 'EXAM') {
    const byId = new Map(questions.map((q) => [q.row.id, q]));
    await noteAnswers(
      tx,
      row.userId,
      { id: row.id, source: row.source as RecordSource },
      stored.filter((a) => byId.has(a.questionId) && isAnswered(a.answer)).map((a) => ({ question: byId.get(a.questionId)!, answer: a.answer })),
      now,
    );
  }
  await judgeAnswers(tx, row.userId, row, 'handIn', now);
  const state: RecordState = waiting > 0 ? 'MARKING' : 'DONE';
  const [updated] = await tx
    .update(userRecords)
    .set({
      state,
      handedInAt: now,
      handedInBy: by,
      objectiveTenths: objective,
      subjectiveTenths: state === 'DONE' ? 0 : null,
      scoreTenths: state === 'DONE' ? objective : null,
      updatedAt: now,
    })
    .where(eq(userRecords.id, row.id))
    .returning();
  return updated!;
}

/**
 * userRecord/handScore: saves the last answers, hands the record in, then takes the self-marks of
 * its written answers (every answered one needs a mark; unanswered ones count 0).
 */
export async function handInRecord(
  db: Db,
  cache: PublicCache,
  userId: number,
  recordId: number,
  answers: readonly AnswerEntry[],
  marks: readonly { questionId: number; scoreTenths: number }[] | undefined,
  now: Date,
): Promise<RecordRow> {
  // Past the deadline the last answers come too late: the hand-in below takes what was saved in time.
  const current = answers.length > 0 ? await findRecord(db, userId, recordId) : null;
  if (current?.state === 'DOING' && !isPastDeadline(current, now)) await saveAnswers(db, cache, userId, recordId, answers, now);
  return db.transaction(async (tx) => {
    let row = await lockRecord(tx, userId, recordId);
    // The server's own hand-in at the deadline needs no seal check: it tells the student nothing new.
    if (!isPastDeadline(row, now)) await refuseSealed(tx, userId, { ...row, handedIn: row.state !== 'DOING' }, now);
    if (row.state === 'DOING') row = await handInLocked(tx, row, isPastDeadline(row, now) ? 'SERVER' : 'USER', now);
    if (marks === undefined) return row;
    if (row.state !== 'MARKING') throw badRequest(QB_TEXTS.notMarking);
    return markLocked(tx, row, marks, now);
  });
}

async function markLocked(tx: Tx, row: RecordRow, marks: readonly { questionId: number; scoreTenths: number }[], now: Date): Promise<RecordRow> {
  const questions = answerable(await loadQuestions(tx, row.items)).filter((q) => !isObjective(q.row.type));
  const stored = await tx
    .select({ questionId: recordAnswers.questionId, answer: recordAnswers.answer })
    .from(recordAnswers)
    .where(eq(recordAnswers.recordId, row.id));
  const answered = new Set(stored.filter((a) => isAnswered(a.answer)).map((a) => a.questionId));
  const markOf = new Map(marks.map((mark) => [mark.questionId, mark.scoreTenths]));
  let subjective = 0;
  for (const question of questions) {
    const mark = markOf.get(question.row.id);
    if (!answered.has(question.row.id)) continue;
    if (mark === undefined) throw badRequest(QB_TEXTS.marksMissing);
    if (!isValidMark(mark, question.scoreTenths)) throw badRequest(QB_TEXTS.markInvalid);
    subjective += mark;
    await tx
      .update(recordAnswers)
      .set({ scoreTenths: mark })
      .where(and(eq(recordAnswers.recordId, row.id), eq(recordAnswers.questionId, question.row.id)));
  }
  const [updated] = await tx
    .update(userRecords)
    .set({ state: 'DONE', subjectiveTenths: subjective, scoreTenths: (row.objectiveTenths ?? 0) + subjective, updatedAt: now })
    .where(eq(userRecords.id, row.id))
    .returning();
  return updated!;
}

/**
 * Hands in every exam record whose deadline (and grace) has passed: of one user before reading
 * their records, or of everyone from the sweep (deadlineSweep.ts), so an abandoned exam is scored too.
 */
export async function settleExpired(db: Db, now: Date, userId?: number): Promise<number> {
  const limit = new Date(now.getTime() - GRACE_MS);
  const due = await db
    .select({ id: userRecords.id, userId: userRecords.userId })
    .from(userRecords)
    .where(and(eq(userRecords.state, 'DOING'), lt(userRecords.deadlineAt, limit), userId === undefined ? undefined : eq(userRecords.userId, userId)))
    .orderBy(asc(userRecords.id))
    .limit(200);
  for (const record of due) {
    await db.transaction(async (tx) => {
      const row = await lockRecord(tx, record.userId, record.id);
      if (isPastDeadline(row, now)) await handInLocked(tx, row, 'SERVER', now);
    });
  }
  return due.length;
}

export async function answersOf(db: Db, recordId: number): Promise<AnswerEntry[]> {
  const rows = await db.select().from(recordAnswers).where(eq(recordAnswers.recordId, recordId));
  return rows.map(toEntry);
}

export async function answeredCounts(db: Db, recordIds: readonly number[]): Promise<Map<number, number>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db
    .select({ recordId: recordAnswers.recordId, n: sql<number>`count(*) filter (where jsonb_array_length(${recordAnswers.answer}) > 0)::int` })
    .from(recordAnswers)
    .where(inArray(recordAnswers.recordId, [...recordIds]))
    .groupBy(recordAnswers.recordId);
  return new Map(rows.map((r) => [r.recordId, Number(r.n)]));
}

/** The newest record of each paper for the user: the courseware status of PAPER coursewares. */
export async function latestPaperRecords(db: Db, userId: number, paperIds: readonly number[]): Promise<RecordRow[]> {
  if (paperIds.length === 0) return [];
  return db
    .selectDistinctOn([userRecords.sourceId])
    .from(userRecords)
    .where(and(eq(userRecords.userId, userId), eq(userRecords.source, 'PAPER'), inArray(userRecords.sourceId, [...paperIds])))
    .orderBy(userRecords.sourceId, desc(userRecords.startedAt), desc(userRecords.id));
}

export async function deleteRecords(db: Db, userId: number, ids: readonly number[]): Promise<number> {
  const removed = await db
    .delete(userRecords)
    .where(and(eq(userRecords.userId, userId), inArray(userRecords.id, [...ids])))
    .returning({ id: userRecords.id });
  return removed.length;
}
