/**
 * What both ways of saving answers share (records.queries.ts in a transaction, examSave.queries.ts
 * in one statement): each answer's check before anything is written — the question belongs to the
 * record and the answer has its shape; a refusal names the question (RefusedAnswer), so the screen
 * stops sending that answer only —, the newest entry per question, and the stored answers newer
 * than the ones sent.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AnswerEntry, RefusedAnswer } from '../../src/domain/questionBank/contract';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import type { Db } from '../db/client';
import { recordAnswers } from '../db/schema';
import { AppError } from '../shared/envelope';
import type { LoadedQuestion } from './questions.queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A 400 that names the refused answer's question: the screen stops sending that answer and says why. */
export function refusedAnswer(text: string, questionId: number): AppError {
  return new AppError(400, text, { questionId } satisfies RefusedAnswer);
}

/** A choice answer lists option keys of the question; a fill-in at most its blanks; a written answer one text. */
export function checkShape(question: LoadedQuestion, answer: readonly string[]): void {
  const { row } = question;
  const refuse = () => refusedAnswer(QB_TEXTS.answerShape, row.id);
  const keys = new Set(row.options.map((option) => option.key));
  switch (row.type) {
    case 'SINGLE':
    case 'JUDGE':
      if (answer.length > 1 || answer.some((part) => !keys.has(part))) throw refuse();
      return;
    case 'MULTIPLE':
    case 'INDEFINITE':
      if (new Set(answer).size !== answer.length || answer.some((part) => !keys.has(part))) throw refuse();
      return;
    case 'FILL':
      if (answer.length > row.answer.length) throw refuse();
      return;
    default:
      if (answer.length > 1) throw refuse();
  }
}

/** Every answer is to a question of the record (`byId`: loadAnswered) and has its shape. */
export function checkAnswers(byId: ReadonlyMap<number, LoadedQuestion>, answers: readonly AnswerEntry[]): void {
  for (const entry of answers) {
    const question = byId.get(entry.questionId);
    if (!question) throw refusedAnswer(QB_TEXTS.questionNotInRecord, entry.questionId);
    checkShape(question, entry.answer);
  }
}

/** The newest of several entries for one question in the same save. */
export function newestOf(answers: readonly AnswerEntry[]): AnswerEntry[] {
  const newest = new Map<number, AnswerEntry>();
  for (const entry of answers) if ((newest.get(entry.questionId)?.version ?? -1) < entry.version) newest.set(entry.questionId, entry);
  return [...newest.values()];
}

export function toEntry(row: typeof recordAnswers.$inferSelect): AnswerEntry {
  return { questionId: row.questionId, answer: row.answer, flagged: row.flagged, version: Number(row.version) };
}

/** The stored answers newer than the entries sent that were not written (another tab answered later). */
export async function staleOf(db: Db | Tx, recordId: number, entries: readonly AnswerEntry[], written: ReadonlySet<number>): Promise<AnswerEntry[]> {
  const missed = entries.filter((entry) => !written.has(entry.questionId)).map((entry) => entry.questionId);
  if (missed.length === 0) return [];
  const stored = await db
    .select()
    .from(recordAnswers)
    .where(and(eq(recordAnswers.recordId, recordId), inArray(recordAnswers.questionId, missed)));
  const sent = new Map(entries.map((entry) => [entry.questionId, entry.version]));
  return stored.filter((row) => Number(row.version) > sent.get(row.questionId)!).map(toEntry);
}
