/**
 * What an answer teaches the server about the student (docs/questionBank.md "Review, mastery and
 * smart practice"): the review card's FSRS grade, the question's progress (right at least once?),
 * and the day's count for the report's chart. It runs in the transaction that judges the answer —
 * a practice save, which shows the key at once, or the hand-in of any record — so an answer is
 * either judged with everything it changes, or not at all.
 *
 * Each stored answer is judged once (`record_answers.judged`): a re-sent save or a changed answer
 * of a practice grades nothing again. A case is one card, as it is one entry of the wrong book: it
 * is judged when its last objective sub-question is answered, or at the hand-in (a sub-question
 * left blank then counts as not known), with the worst of its sub-questions' grades.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { QuestionType } from '../../../src/domain/questionBank/contract';
import { recentDays, reviewGrade, type ReviewGrade } from '../../../src/domain/questionBank/review';
import { isAnswered, isObjective, scoreAnswer, type Verdict } from '../../../src/domain/questionBank/scoring';
import type { Db } from '../../db/client';
import { answerDays, questionProgress, questions, recordAnswers, reviewCards, reviewLogs, type RecordItem } from '../../db/schema';
import { cardOf, gradeCard, newCard, type CardFields, type LogFields } from './scheduler';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Which answers of the record to judge: those just written by a practice save, or every one left at the hand-in. */
export type JudgeScope = { written: readonly number[] } | 'handIn';

interface QuestionRow {
  id: number;
  type: QuestionType;
  key: string[];
  parentId: number | null;
  subjectId: number;
}

/** One judged question as the card, progress and chart see it: a top-level question, or a case as a whole. */
interface Judged {
  questionId: number;
  subjectId: number;
  verdict: Exclude<Verdict, 'SUBJECTIVE'>;
  grade: ReviewGrade;
}

const GRADE_ORDER: readonly ReviewGrade[] = ['GOOD', 'HARD', 'AGAIN'];
const worstGrade = (grades: readonly ReviewGrade[]): ReviewGrade => grades.reduce((a, b) => (GRADE_ORDER.indexOf(b) > GRADE_ORDER.indexOf(a) ? b : a), 'GOOD');

/** A case's verdict: right when every objective sub-question is; missed (WRONG) when one is wrong or blank; else PARTIAL. */
function caseVerdict(verdicts: readonly Verdict[]): Judged['verdict'] {
  if (verdicts.every((v) => v === 'CORRECT')) return 'CORRECT';
  if (verdicts.some((v) => v === 'WRONG' || v === 'UNANSWERED')) return 'WRONG';
  return 'PARTIAL';
}

async function questionRows(tx: Tx, ids: readonly number[], caseIds: readonly number[]): Promise<QuestionRow[]> {
  if (ids.length === 0 && caseIds.length === 0) return [];
  const rows = await tx
    .select({ id: questions.id, type: questions.type, key: questions.answer, parentId: questions.parentId, subjectId: questions.subjectId })
    .from(questions)
    .where(sql`${questions.id} = any(${sql.param([...ids, ...caseIds])}::int[]) or ${questions.parentId} = any(${sql.param([...caseIds])}::int[])`);
  return rows.map((row) => ({ ...row, type: row.type as QuestionType }));
}

/**
 * Judges the record's answers in `scope` not judged yet: grades their cards, notes their progress
 * and counts them in the day's figures. Runs with the record's row locked.
 */
export async function judgeAnswers(tx: Tx, userId: number, record: { id: number; items: readonly RecordItem[] }, scope: JudgeScope, now: Date): Promise<void> {
  if (scope !== 'handIn' && scope.written.length === 0) return;
  const waiting = await tx
    .select({ questionId: recordAnswers.questionId, answer: recordAnswers.answer, spentSeconds: recordAnswers.spentSeconds })
    .from(recordAnswers)
    .where(
      and(
        eq(recordAnswers.recordId, record.id),
        eq(recordAnswers.judged, false),
        scope === 'handIn' ? undefined : inArray(recordAnswers.questionId, [...scope.written]),
      ),
    )
    .orderBy(asc(recordAnswers.questionId));
  const fresh = waiting.filter((row) => isAnswered(row.answer));
  if (fresh.length === 0 && scope !== 'handIn') return;
  if (fresh.length > 0) {
    await tx
      .update(recordAnswers)
      .set({ judged: true })
      .where(
        and(
          eq(recordAnswers.recordId, record.id),
          inArray(
            recordAnswers.questionId,
            fresh.map((row) => row.questionId),
          ),
        ),
      );
  }
  const topIds = new Set(record.items.map((item) => item.questionId));
  const rows = await questionRows(
    tx,
    fresh.map((row) => row.questionId),
    [...topIds],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const freshOf = new Map(fresh.map((row) => [row.questionId, row]));
  const verdictOf = (question: QuestionRow, answer: readonly string[]) => scoreAnswer(question.type, question.key, answer, 10).verdict;

  // The day's figures: every objective answer judged now, a case's sub-questions each.
  const days = new Map<number, { answered: number; correct: number }>();
  for (const row of fresh) {
    const question = byId.get(row.questionId);
    if (!question || !isObjective(question.type)) continue;
    const day = days.get(question.subjectId) ?? { answered: 0, correct: 0 };
    day.answered += 1;
    if (verdictOf(question, row.answer) === 'CORRECT') day.correct += 1;
    days.set(question.subjectId, day);
  }

  const judged: Judged[] = [];
  for (const row of fresh) {
    const question = byId.get(row.questionId);
    if (!question || question.parentId !== null || !isObjective(question.type)) continue;
    const verdict = verdictOf(question, row.answer);
    if (verdict === 'SUBJECTIVE') continue;
    judged.push({ questionId: question.id, subjectId: question.subjectId, verdict, grade: reviewGrade(verdict, row.spentSeconds)! });
  }
  judged.push(...(await judgedCases(tx, record.id, rows, freshOf, scope === 'handIn', verdictOf)));

  await countDays(tx, userId, days, now);
  if (judged.length === 0) return;
  await noteProgress(tx, userId, judged, now);
  await gradeCards(tx, userId, record.id, judged, now);
}

/**
 * The cases to judge now: one whose last objective sub-question was just answered, or at the hand-in
 * one left part-answered (never judged before); each with the worst of its sub-questions' grades.
 */
async function judgedCases(
  tx: Tx,
  recordId: number,
  rows: readonly QuestionRow[],
  fresh: ReadonlyMap<number, { answer: string[]; spentSeconds: number | null }>,
  handIn: boolean,
  verdictOf: (question: QuestionRow, answer: readonly string[]) => Verdict,
): Promise<Judged[]> {
  const subsOf = new Map<number, QuestionRow[]>();
  for (const row of rows) if (row.parentId !== null && isObjective(row.type)) subsOf.set(row.parentId, [...(subsOf.get(row.parentId) ?? []), row]);
  const touched = [...subsOf].filter(([, subs]) => handIn || subs.some((sub) => fresh.has(sub.id)));
  if (touched.length === 0) return [];
  const stored = await tx
    .select({ questionId: recordAnswers.questionId, answer: recordAnswers.answer, spentSeconds: recordAnswers.spentSeconds })
    .from(recordAnswers)
    .where(
      and(
        eq(recordAnswers.recordId, recordId),
        inArray(
          recordAnswers.questionId,
          touched.flatMap(([, subs]) => subs.map((sub) => sub.id)),
        ),
      ),
    );
  const answerOf = new Map(stored.filter((row) => isAnswered(row.answer)).map((row) => [row.questionId, row]));
  const judged: Judged[] = [];
  for (const [caseId, subs] of touched) {
    const answered = subs.filter((sub) => answerOf.has(sub.id));
    const complete = answered.length === subs.length;
    const justAnswered = subs.some((sub) => fresh.has(sub.id));
    // Complete: judged by the save that answered its last sub-question (or at the hand-in, if that was it).
    // Part-answered: only the hand-in judges it, with its blanks.
    if (complete ? !justAnswered : !handIn || answered.length === 0) continue;
    const verdicts = subs.map((sub) => (answerOf.has(sub.id) ? verdictOf(sub, answerOf.get(sub.id)!.answer) : 'UNANSWERED'));
    const grades = subs.map((sub, i) => reviewGrade(verdicts[i]!, answerOf.get(sub.id)?.spentSeconds ?? null) ?? 'GOOD');
    judged.push({ questionId: caseId, subjectId: subs[0]!.subjectId, verdict: caseVerdict(verdicts), grade: worstGrade(grades) });
  }
  return judged;
}

async function countDays(tx: Tx, userId: number, days: ReadonlyMap<number, { answered: number; correct: number }>, now: Date): Promise<void> {
  if (days.size === 0) return;
  const day = recentDays(now.getTime(), 1)[0]!;
  await tx
    .insert(answerDays)
    .values([...days].map(([subjectId, figures]) => ({ userId, subjectId, day, ...figures })))
    .onConflictDoUpdate({
      target: [answerDays.userId, answerDays.subjectId, answerDays.day],
      set: { answered: sql`${answerDays.answered} + excluded.answered`, correct: sql`${answerDays.correct} + excluded.correct` },
    });
}

async function noteProgress(tx: Tx, userId: number, judged: readonly Judged[], now: Date): Promise<void> {
  await tx
    .insert(questionProgress)
    .values(
      judged.map((j) => ({
        userId,
        questionId: j.questionId,
        subjectId: j.subjectId,
        rightCount: j.verdict === 'CORRECT' ? 1 : 0,
        wrongCount: j.verdict === 'WRONG' || j.verdict === 'PARTIAL' ? 1 : 0,
        lastVerdict: j.verdict,
        lastAnsweredAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [questionProgress.userId, questionProgress.questionId],
      set: {
        rightCount: sql`${questionProgress.rightCount} + excluded.right_count`,
        wrongCount: sql`${questionProgress.wrongCount} + excluded.wrong_count`,
        lastVerdict: sql`excluded.last_verdict`,
        lastAnsweredAt: sql`excluded.last_answered_at`,
      },
    });
}

/**
 * Grades the judged questions' cards through FSRS. A missed question (wrong or 少选) without a card
 * gets one, graded from new; a right one without a card needs none (mastery counts it whole).
 */
async function gradeCards(tx: Tx, userId: number, recordId: number, judged: readonly Judged[], now: Date): Promise<void> {
  const existing = await tx
    .select()
    .from(reviewCards)
    .where(
      and(
        eq(reviewCards.userId, userId),
        inArray(
          reviewCards.questionId,
          judged.map((j) => j.questionId),
        ),
      ),
    )
    .for('update');
  const cardOfId = new Map(existing.map((row) => [row.questionId, row]));
  const cards: (CardFields & { questionId: number; subjectId: number; origin: string })[] = [];
  const logs: (LogFields & { questionId: number })[] = [];
  for (const j of judged) {
    const row = cardOfId.get(j.questionId);
    const missed = j.verdict === 'WRONG' || j.verdict === 'PARTIAL';
    if (!row && !missed) continue;
    const graded = gradeCard(row ? cardOf(row) : newCard(now), j.grade, now);
    cards.push({ questionId: j.questionId, subjectId: j.subjectId, origin: missed ? 'WRONG' : (row?.origin ?? 'WRONG'), ...graded.card });
    logs.push({ questionId: j.questionId, ...graded.log });
  }
  if (cards.length === 0) return;
  await tx.insert(reviewLogs).values(logs.map((log) => ({ userId, recordId, ...log })));
  await tx
    .insert(reviewCards)
    .values(cards.map((card) => ({ userId, ...card, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [reviewCards.userId, reviewCards.questionId],
      set: {
        origin: sql`excluded.origin`,
        due: sql`excluded.due`,
        stability: sql`excluded.stability`,
        difficulty: sql`excluded.difficulty`,
        elapsedDays: sql`excluded.elapsed_days`,
        scheduledDays: sql`excluded.scheduled_days`,
        learningSteps: sql`excluded.learning_steps`,
        reps: sql`excluded.reps`,
        lapses: sql`excluded.lapses`,
        state: sql`excluded.state`,
        lastReview: sql`excluded.last_review`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}
