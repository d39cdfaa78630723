/**
 * Rules of the transcript, self-marking and analysis screens: which answers a student marks, how a
 * typed mark reads, what 只看错题 keeps, and the time used as a clock reads.
 */
import { sheetItems, type SheetItem } from './answerSheet';
import type { AnalysisItem, AnswerEntry, QuestionView } from './contract';
import { isAnswered, isObjective, isValidMark } from './scoring';
import { QB_TEXTS } from './texts';

/** The written answers of a record (简答, and a case's written sub-questions): the ones self-marking scores. */
export function writtenItems(questions: readonly QuestionView[]): SheetItem[] {
  return sheetItems(questions).filter((item) => !isObjective(item.question.type));
}

/** A typed mark in points ('3.5', '４', ' 2 ') as tenths; null when it is no number. */
export function parseMark(text: string): number | null {
  const folded = text.replace(/[\uFF10-\uFF19\uFF0E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)).trim();
  if (!/^\d+(\.\d+)?$/.test(folded)) return null;
  return Math.round(Number(folded) * 10);
}

/** Half the marks, rounded down to 0.5 points: the 半分 button. */
export function halfMark(fullTenths: number): number {
  return Math.floor(fullTenths / 2 / 5) * 5;
}

/** Points as typed in the mark field: 35 → '3.5'. */
export function markText(tenths: number): string {
  return Number.isInteger(tenths / 10) ? String(tenths / 10) : (tenths / 10).toFixed(1);
}

/**
 * The problem with each mark, by question: marks missing for answered written questions, or out
 * of range / not a half point. Unanswered ones count 0 and take no mark (as the server rules).
 */
export function markProblems(
  items: readonly SheetItem[],
  answers: Readonly<Record<number, AnswerEntry>>,
  marks: Readonly<Record<number, string>>,
): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const { question } of items) {
    if (!isAnswered(answers[question.id]?.answer ?? [])) continue;
    const text = marks[question.id] ?? '';
    if (text.trim() === '') problems[question.id] = QB_TEXTS.marksMissing;
    else {
      const tenths = parseMark(text);
      if (tenths === null || !isValidMark(tenths, question.scoreTenths)) problems[question.id] = QB_TEXTS.markInvalid;
    }
  }
  return problems;
}

/** The marks to send: one per answered written question (call only when markProblems is empty). */
export function marksToSend(
  items: readonly SheetItem[],
  answers: Readonly<Record<number, AnswerEntry>>,
  marks: Readonly<Record<number, string>>,
): { questionId: number; scoreTenths: number }[] {
  return items
    .filter(({ question }) => isAnswered(answers[question.id]?.answer ?? []))
    .map(({ question }) => ({ questionId: question.id, scoreTenths: parseMark(marks[question.id] ?? '') ?? 0 }));
}

/** 只看错题 keeps what lost marks: wrong, partly right, unanswered, and written answers marked below full. */
export function isWrongItem(item: AnalysisItem): boolean {
  if (item.verdict === 'SUBJECTIVE') return item.scoreTenths < item.question.scoreTenths;
  return item.verdict === 'WRONG' || item.verdict === 'PARTIAL' || item.verdict === 'UNANSWERED';
}

/** The analysis filter of the URL (?filter=wrong); anything else shows all. */
export type AnalysisFilter = 'all' | 'wrong';
export function analysisFilterOf(search: string): AnalysisFilter {
  return new URLSearchParams(search).get('filter') === 'wrong' ? 'wrong' : 'all';
}

/** Time used as a clock reads: 05:07, or 1:02:03 past the hour. */
export function formatUsedTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const hours = Math.floor(s / 3600);
  const rest = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/** The record analysis route's list kinds: /learn-center-analyze-record/{wrong|favorite}. */
export function userQuestionKindOf(questionType: string | undefined): 'WRONG' | 'FAVORITE' | null {
  if (questionType === 'wrong') return 'WRONG';
  if (questionType === 'favorite') return 'FAVORITE';
  return null;
}

/** An answer as the analysis shows it: option keys together (ABD), blanks separated. */
export function answerText(type: QuestionView['type'], answer: readonly string[]): string {
  if (type === 'FILL') return answer.map((blank) => blank.trim() || '（空）').join('；');
  if (type === 'SHORT_ANSWER' || type === 'CASE') return answer[0] ?? '';
  return answer.join('');
}

/** The paper a record's transcript route names: its paper, or 0 for a section or wrong-book practice. */
export function transcriptPaperId(record: { source: string; sourceId: number }): number {
  return record.source === 'PAPER' ? record.sourceId : 0;
}

/** A score line's share of its full marks, 0–100, for its bar. */
export function linePercent(scoreTenths: number, fullTenths: number): number {
  return fullTenths > 0 ? Math.round((scoreTenths * 100) / fullTenths) : 0;
}
