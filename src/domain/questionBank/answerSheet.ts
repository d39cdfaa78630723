/**
 * The answer sheet's rules, shared by the exam statechart and its tests: which questions take an
 * answer and how they are numbered, how a choice toggles, how the local journal and the server's
 * answers merge (the newest version wins), versions that only grow, and the countdown.
 */
import { MAX_SPENT_SECONDS } from './limits';
import type { AnswerEntry, QuestionType, QuestionView } from './contract';
import { EXAM_TEXTS } from './examTexts';
import { isAnswered } from './scoring';

/** One question that takes an answer: a top-level one, or a sub-question of a case. */
export interface SheetItem {
  question: QuestionView;
  /** The case it belongs to, for its material. */
  parent: QuestionView | null;
  /** 1-based position on the sheet. */
  index: number;
  /** What the answer sheet shows: "12", or "12-1" for a case's first sub-question. */
  label: string;
}

export function sheetItems(questions: readonly QuestionView[]): SheetItem[] {
  const items: SheetItem[] = [];
  for (const question of questions) {
    if (question.subs.length === 0) items.push({ question, parent: null, index: items.length + 1, label: String(question.no) });
    else for (const sub of question.subs) items.push({ question: sub, parent: question, index: items.length + 1, label: `${question.no}-${sub.no}` });
  }
  return items;
}

const MULTI: readonly QuestionType[] = ['MULTIPLE', 'INDEFINITE'];

/** A click on option `key`: single choice and 判断 take it alone; multiple choice toggles it (kept in key order). */
export function toggleOption(type: QuestionType, current: readonly string[], key: string): string[] {
  if (!MULTI.includes(type)) return current.length === 1 && current[0] === key ? [] : [key];
  const next = current.includes(key) ? current.filter((k) => k !== key) : [...current, key];
  return next.sort();
}

/** An answer kept on this device: `synced` once the server has stored this version. */
export interface LocalAnswer extends AnswerEntry {
  synced: boolean;
}

/** A version newer than the last one even when the device's clock stands still or steps back. */
export function nextVersion(last: number, now: number): number {
  return Math.max(Math.floor(now), last + 1);
}

/**
 * The seconds an answer took (AnswerEntry.spentSeconds): the time the question's page was shown
 * before, plus since it was shown this time (`shownAt`, device ms), at most MAX_SPENT_SECONDS.
 */
export function spentSeconds(spentBeforeMs: number, shownAt: number, now: number): number {
  return Math.min(MAX_SPENT_SECONDS, Math.max(0, Math.round((spentBeforeMs + Math.max(0, now - shownAt)) / 1000)));
}

export interface MergedSheet {
  answers: Record<number, AnswerEntry>;
  /** Local answers the server has not stored (newer than its copy): send them again. */
  unsent: AnswerEntry[];
  /** The highest version seen: new answers go above it. */
  lastVersion: number;
}

/** The server's answers and the device's journal, question by question: the newer version wins. */
export function mergeAnswers(server: readonly AnswerEntry[], local: readonly LocalAnswer[]): MergedSheet {
  const answers: Record<number, AnswerEntry> = {};
  let lastVersion = 0;
  for (const entry of server) {
    answers[entry.questionId] = entry;
    lastVersion = Math.max(lastVersion, entry.version);
  }
  const unsent: AnswerEntry[] = [];
  for (const kept of local) {
    const entry: AnswerEntry = { questionId: kept.questionId, answer: kept.answer, flagged: kept.flagged, version: kept.version };
    lastVersion = Math.max(lastVersion, entry.version);
    const stored = answers[entry.questionId];
    // The server has this version or a newer one (another tab): nothing to send.
    if (stored && stored.version >= entry.version) continue;
    answers[entry.questionId] = entry;
    unsent.push(entry);
  }
  return { answers, unsent, lastVersion };
}

/** Sheet labels of the questions without an answer, for the hand-in confirmation. */
export function unansweredLabels(items: readonly SheetItem[], answers: Readonly<Record<number, AnswerEntry>>): string[] {
  return items.filter((item) => !isAnswered(answers[item.question.id]?.answer ?? [])).map((item) => item.label);
}

/** What the screen says of answers the server refused for good: one line a reason, with the questions' sheet labels in order. */
export function refusedLines(items: readonly SheetItem[], refused: Readonly<Record<number, { reason: string }>>): string[] {
  const byReason = new Map<string, string[]>();
  for (const item of items) {
    const reason = refused[item.question.id]?.reason;
    if (reason !== undefined) byReason.set(reason, [...(byReason.get(reason) ?? []), item.label]);
  }
  return [...byReason].map(([reason, labels]) => EXAM_TEXTS.refusedReason(labels, reason));
}
