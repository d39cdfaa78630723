/**
 * What a hand-in reports: the transcript (score, time, right and wrong by type and by section),
 * the analysis (each answer beside its key and how everyone answered it) and how all students
 * did on a paper. Only handed-in records report; figures come from the stored verdicts.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AnalysisItem, PaperReport, RecordReport, ScoreLine } from '../../src/domain/questionBank/contract';
import { QUESTION_TYPE_LABELS } from '../../src/domain/questionBank/contract';
import { isAnswered, type Verdict } from '../../src/domain/questionBank/scoring';
import type { Db } from '../db/client';
import { recordAnswers, sectionQuestions, sections, userRecords } from '../db/schema';
import { answerable, keyOf, loadQuestions, toViews, type LoadedQuestion } from './questions.queries';
import { toSummary } from './records.queries';

type RecordRow = typeof userRecords.$inferSelect;

interface Judged {
  question: LoadedQuestion;
  /** The top-level question (the case of a sub-question). */
  top: LoadedQuestion;
  answer: string[];
  scoreTenths: number;
  verdict: Verdict;
}

/** Each answerable question of the record with the stored answer, score and verdict. */
async function judged(db: Db, row: RecordRow): Promise<Judged[]> {
  const loaded = await loadQuestions(db, row.items);
  const stored = await db.select().from(recordAnswers).where(eq(recordAnswers.recordId, row.id));
  const byId = new Map(stored.map((a) => [a.questionId, a]));
  return loaded.flatMap((top) =>
    (top.subs.length > 0 ? top.subs : [top]).map((question) => {
      const saved = byId.get(question.row.id);
      const answer = saved?.answer ?? [];
      const verdict: Verdict = !saved || !isAnswered(answer) ? 'UNANSWERED' : ((saved.verdict as Verdict | null) ?? 'UNANSWERED');
      return { question, top, answer, scoreTenths: saved?.scoreTenths ?? 0, verdict };
    }),
  );
}

/** Right: an objective answer fully right, or a written one marked full. */
function isRight(item: Judged): boolean {
  return item.verdict === 'CORRECT' || (item.verdict === 'SUBJECTIVE' && item.scoreTenths === item.question.scoreTenths);
}

function lines(items: readonly Judged[], labelOf: (item: Judged) => string): ScoreLine[] {
  const byLabel = new Map<string, ScoreLine>();
  for (const item of items) {
    const label = labelOf(item);
    const line = byLabel.get(label) ?? { label, count: 0, correct: 0, scoreTenths: 0, fullTenths: 0 };
    line.count += 1;
    line.correct += isRight(item) ? 1 : 0;
    line.scoreTenths += item.scoreTenths;
    line.fullTenths += item.question.scoreTenths;
    byLabel.set(label, line);
  }
  return [...byLabel.values()];
}

/** The first section each question sits in (by section order), for the by-section lines. */
async function sectionNames(db: Db, questionIds: readonly number[]): Promise<Map<number, string>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .select({ questionId: sectionQuestions.questionId, name: sections.name })
    .from(sectionQuestions)
    .innerJoin(sections, eq(sections.id, sectionQuestions.sectionId))
    .where(inArray(sectionQuestions.questionId, [...questionIds]))
    .orderBy(sections.sort, sections.id);
  const names = new Map<number, string>();
  for (const row of rows) if (!names.has(row.questionId)) names.set(row.questionId, row.name);
  return names;
}

const OTHER_SECTION = '其他';

export async function recordReport(db: Db, row: RecordRow, now: Date): Promise<RecordReport> {
  const items = await judged(db, row);
  const names = await sectionNames(
    db,
    items.map((item) => item.top.row.id),
  );
  const end = row.handedInAt ?? now;
  const limit = row.deadlineAt ? Math.min(end.getTime(), row.deadlineAt.getTime()) : end.getTime();
  const answered = items.filter((item) => item.verdict !== 'UNANSWERED').length;
  return {
    record: toSummary(row, answered),
    paperId: row.source === 'PAPER' ? row.sourceId : null,
    passScoreTenths: row.passScoreTenths,
    passed: row.state === 'DONE' && row.passScoreTenths !== null ? (row.scoreTenths ?? 0) >= row.passScoreTenths : null,
    usedSeconds: Math.max(0, Math.round((limit - row.startedAt.getTime()) / 1000)),
    correctCount: items.filter(isRight).length,
    wrongCount: items.filter((item) => item.verdict === 'WRONG' || item.verdict === 'PARTIAL').length,
    unansweredCount: items.filter((item) => item.verdict === 'UNANSWERED').length,
    toMark: row.state === 'MARKING' ? items.filter((item) => item.verdict === 'SUBJECTIVE').length : 0,
    byType: lines(items, (item) => QUESTION_TYPE_LABELS[item.top.row.type]),
    bySection: lines(items, (item) => names.get(item.top.row.id) ?? OTHER_SECTION),
  };
}

/** Share (0–100) of handed-in answers to each question that were fully right. */
async function correctRates(db: Db, questionIds: readonly number[]): Promise<Map<number, number>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db
    .select({
      questionId: recordAnswers.questionId,
      n: sql<number>`count(*)::int`,
      right: sql<number>`count(*) filter (where ${recordAnswers.verdict} = 'CORRECT')::int`,
    })
    .from(recordAnswers)
    .where(and(inArray(recordAnswers.questionId, [...questionIds]), isNotNull(recordAnswers.verdict)))
    .groupBy(recordAnswers.questionId);
  return new Map(rows.filter((r) => Number(r.n) > 0).map((r) => [r.questionId, Math.round((Number(r.right) * 100) / Number(r.n))]));
}

export async function recordAnalysis(db: Db, row: RecordRow, favorites: ReadonlySet<number>): Promise<AnalysisItem[]> {
  const items = await judged(db, row);
  const rates = await correctRates(
    db,
    items.map((item) => item.question.row.id),
  );
  const views = new Map(toViews(answerable(await loadQuestions(db, row.items))).map((view, i) => [view.id, { ...view, no: i + 1 }]));
  return items.map((item) => ({
    question: views.get(item.question.row.id)!,
    caseStem: item.top === item.question ? null : item.top.row.stem,
    answer: item.answer,
    key: keyOf(item.question.row),
    scoreTenths: item.scoreTenths,
    verdict: item.verdict,
    correctRate: rates.get(item.question.row.id) ?? null,
    favorite: favorites.has(item.question.row.id) || favorites.has(item.top.row.id),
  }));
}

export async function paperReport(db: Db, userId: number, paperId: number, totalTenths: number, passTenths: number): Promise<PaperReport> {
  const done = and(eq(userRecords.source, 'PAPER'), eq(userRecords.sourceId, paperId), eq(userRecords.state, 'DONE'));
  const [all] = await db
    .select({
      takers: sql<number>`count(distinct ${userRecords.userId})::int`,
      average: sql<number | null>`round(avg(${userRecords.scoreTenths}))::int`,
      highest: sql<number | null>`max(${userRecords.scoreTenths})`,
      passed: sql<number>`count(*) filter (where ${userRecords.scoreTenths} >= ${passTenths})::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(userRecords)
    .where(done);
  const bands = await db
    .select({
      band: sql<number>`least(9, floor(${userRecords.scoreTenths} * 10.0 / ${Math.max(1, totalTenths)}))::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(userRecords)
    .where(done)
    .groupBy(sql`1`);
  const [mine] = await db
    .select({ best: sql<number | null>`max(${userRecords.scoreTenths}) filter (where ${userRecords.state} = 'DONE')`, attempts: sql<number>`count(*)::int` })
    .from(userRecords)
    .where(and(eq(userRecords.userId, userId), eq(userRecords.source, 'PAPER'), eq(userRecords.sourceId, paperId)));
  const distribution = Array.from({ length: 10 }, () => 0);
  for (const band of bands) distribution[Math.max(0, Number(band.band))]! += Number(band.n);
  const n = Number(all?.n ?? 0);
  return {
    paperId,
    takers: Number(all?.takers ?? 0),
    averageTenths: n > 0 && all?.average !== null ? Number(all?.average) : null,
    highestTenths: n > 0 && all?.highest !== null ? Number(all?.highest) : null,
    passRate: n > 0 ? Math.round((Number(all?.passed) * 100) / n) : null,
    myBestTenths: mine?.best === null || mine?.best === undefined ? null : Number(mine.best),
    myAttempts: Number(mine?.attempts ?? 0),
    distribution,
  };
}
