/**
 * Questions as records and papers use them: the rows of a list of top-level questions with their
 * case sub-questions, turned into what the answering screen may see (QuestionView) and what only
 * a hand-in or practice reveals (QuestionKey), with each question's marks.
 */
import { asc, inArray } from 'drizzle-orm';
import type { QuestionKey, QuestionType, QuestionView } from '../../src/domain/questionBank/contract';
import type { Db } from '../db/client';
import { questions, type RecordItem } from '../db/schema';

export interface QuestionRow {
  id: number;
  type: QuestionType;
  subjectId: number;
  parentId: number | null;
  stem: string;
  options: { key: string; text: string }[];
  answer: string[];
  analysis: string;
}

/** A question with its marks; a case has its sub-questions, each with its share. */
export interface LoadedQuestion {
  row: QuestionRow;
  scoreTenths: number;
  subs: LoadedQuestion[];
}

const columns = {
  id: questions.id,
  type: questions.type,
  subjectId: questions.subjectId,
  parentId: questions.parentId,
  stem: questions.stem,
  options: questions.options,
  answer: questions.answer,
  analysis: questions.analysis,
};

/**
 * A case's marks shared by its sub-questions in whole half-points: each gets the same share
 * rounded down to 0.5, the last one what is left, so the shares add up to the case's marks.
 */
export function shareMarks(totalTenths: number, parts: number): number[] {
  if (parts === 0) return [];
  const each = Math.floor(totalTenths / parts / 5) * 5;
  return Array.from({ length: parts }, (_, i) => (i === parts - 1 ? totalTenths - each * (parts - 1) : each));
}

/** The items' questions in the items' order; ids no longer in the bank are left out. */
export async function loadQuestions(db: Db, items: readonly RecordItem[]): Promise<LoadedQuestion[]> {
  if (items.length === 0) return [];
  const ids = items.map((item) => item.questionId);
  const [tops, subs] = await Promise.all([
    db.select(columns).from(questions).where(inArray(questions.id, ids)),
    db.select(columns).from(questions).where(inArray(questions.parentId, ids)).orderBy(asc(questions.sort), asc(questions.id)),
  ]);
  const byId = new Map(tops.map((row) => [row.id, row as QuestionRow]));
  const subsOf = new Map<number, QuestionRow[]>();
  for (const row of subs as QuestionRow[]) {
    const list = subsOf.get(row.parentId!) ?? [];
    list.push(row);
    subsOf.set(row.parentId!, list);
  }
  const loaded: LoadedQuestion[] = [];
  for (const item of items) {
    const row = byId.get(item.questionId);
    if (!row) continue;
    const children = subsOf.get(row.id) ?? [];
    const shares = shareMarks(item.scoreTenths, children.length);
    loaded.push({ row, scoreTenths: item.scoreTenths, subs: children.map((sub, i) => ({ row: sub, scoreTenths: shares[i]!, subs: [] })) });
  }
  return loaded;
}

/**
 * The questions of `ids` that take an answer in the record of `items` (a top-level question of
 * it, or a sub-question of one of its cases), by id, each with its marks: what a save checks
 * without loading the whole paper.
 */
export async function loadAnswered(db: Db, items: readonly RecordItem[], ids: readonly number[]): Promise<Map<number, LoadedQuestion>> {
  const found = new Map<number, LoadedQuestion>();
  if (ids.length === 0) return found;
  const marks = new Map(items.map((item) => [item.questionId, item.scoreTenths]));
  const rows = (await db
    .select(columns)
    .from(questions)
    .where(inArray(questions.id, [...new Set(ids)]))) as QuestionRow[];
  const cases = rows.filter((row) => row.parentId !== null && marks.has(row.parentId));
  // A sub-question's marks are its share of the case's: that needs the case's sub-question count.
  const siblings = cases.length
    ? await db
        .select({ id: questions.id, parentId: questions.parentId })
        .from(questions)
        .where(inArray(questions.parentId, [...new Set(cases.map((row) => row.parentId!))]))
        .orderBy(asc(questions.sort), asc(questions.id))
    : [];
  for (const row of rows) {
    if (row.parentId === null) {
      if (marks.has(row.id) && row.type !== 'CASE') found.set(row.id, { row, scoreTenths: marks.get(row.id)!, subs: [] });
    } else if (marks.has(row.parentId)) {
      const order = siblings.filter((s) => s.parentId === row.parentId).map((s) => s.id);
      const share = shareMarks(marks.get(row.parentId)!, order.length)[order.indexOf(row.id)] ?? 0;
      found.set(row.id, { row, scoreTenths: share, subs: [] });
    }
  }
  return found;
}

/** Every question that takes an answer: the top-level ones and the sub-questions of cases, in order. */
export function answerable(loaded: readonly LoadedQuestion[]): LoadedQuestion[] {
  return loaded.flatMap((question) => (question.subs.length > 0 ? question.subs : [question]));
}

function blanksOf(row: QuestionRow): number {
  return row.type === 'FILL' ? row.answer.length : 0;
}

function toView(question: LoadedQuestion, no: number): QuestionView {
  const { row } = question;
  return {
    id: row.id,
    type: row.type,
    stem: row.stem,
    options: row.options,
    blanks: blanksOf(row),
    scoreTenths: question.scoreTenths,
    no,
    subs: question.subs.map((sub, i) => toView(sub, i + 1)),
  };
}

export function toViews(loaded: readonly LoadedQuestion[]): QuestionView[] {
  return loaded.map((question, i) => toView(question, i + 1));
}

export function keyOf(row: QuestionRow): QuestionKey {
  return { questionId: row.id, answer: row.answer, analysis: row.analysis };
}
