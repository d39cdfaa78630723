/**
 * How an answer is scored (docs/questionBank.md). The server scores hand-ins with these rules;
 * practice mode shows the same verdict at once. Scores are tenths of a point.
 *
 * - 单选 / 判断: the one key, full marks, else 0.
 * - 多选 / 不定项: every key and nothing else, full marks; some keys and no wrong option (少选),
 *   half marks (rounded down to 0.5); any wrong option (错选), 0. This is the rule of the
 *   建造师 and 会计 exams: 错选不得分，少选所选的每个选项得0.5分 — we give half the question.
 * - 填空: each blank alike its key (spaces, full-width forms and case ignored; a number equal to
 *   the key's number, so 13750 matches 13750.00 and 1,200 matches 1200) earns its share of the
 *   marks, rounded down to 0.5.
 * - 简答 / 案例 written answers: the student marks them against the reference (self-marking),
 *   0 to full marks; until then they count 0.
 */
import type { QuestionType } from './contract';

export type Verdict = 'CORRECT' | 'PARTIAL' | 'WRONG' | 'UNANSWERED' | 'SUBJECTIVE';

export const OBJECTIVE_TYPES: readonly QuestionType[] = ['SINGLE', 'MULTIPLE', 'INDEFINITE', 'JUDGE', 'FILL'];

export function isObjective(type: QuestionType): boolean {
  return OBJECTIVE_TYPES.includes(type);
}

/** Trims, folds full-width ASCII to half-width, collapses spaces and lower-cases: '  ＡＢ c ' → 'ab c'. */
export function normaliseBlank(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)%?$/;

/** Whether a blank matches its key: the same text once normalised, or the same number. */
export function blankMatches(answer: string, key: string): boolean {
  const a = normaliseBlank(answer);
  const k = normaliseBlank(key);
  if (a === k) return true;
  const an = a.replace(/,/g, '');
  const kn = k.replace(/,/g, '');
  if (!NUMBER.test(an) || !NUMBER.test(kn) || an.endsWith('%') !== kn.endsWith('%')) return false;
  return Math.abs(parseFloat(an) - parseFloat(kn)) < 1e-9;
}

/** An answer with something in it: a chosen option or a non-blank text. */
export function isAnswered(answer: readonly string[]): boolean {
  return answer.some((part) => part.trim() !== '');
}

/** Rounds tenths down to a multiple of 0.5 points (5 tenths). */
function downToHalf(tenths: number): number {
  return Math.floor(tenths / 5) * 5;
}

export interface Scored {
  scoreTenths: number;
  verdict: Verdict;
}

/** Scores one objective answer against its key; written answers get SUBJECTIVE and 0 until marked. */
export function scoreAnswer(type: QuestionType, key: readonly string[], answer: readonly string[], fullTenths: number): Scored {
  if (!isAnswered(answer)) return { scoreTenths: 0, verdict: 'UNANSWERED' };
  switch (type) {
    case 'SINGLE':
    case 'JUDGE':
      return answer.length === 1 && answer[0] === key[0] ? { scoreTenths: fullTenths, verdict: 'CORRECT' } : { scoreTenths: 0, verdict: 'WRONG' };
    case 'MULTIPLE':
    case 'INDEFINITE': {
      const chosen = new Set(answer);
      const keys = new Set(key);
      if ([...chosen].some((option) => !keys.has(option))) return { scoreTenths: 0, verdict: 'WRONG' };
      if (chosen.size === keys.size) return { scoreTenths: fullTenths, verdict: 'CORRECT' };
      return { scoreTenths: downToHalf(fullTenths / 2), verdict: 'PARTIAL' };
    }
    case 'FILL': {
      const right = key.filter((blank, i) => blankMatches(answer[i] ?? '', blank)).length;
      if (right === key.length) return { scoreTenths: fullTenths, verdict: 'CORRECT' };
      if (right === 0) return { scoreTenths: 0, verdict: 'WRONG' };
      return { scoreTenths: downToHalf((fullTenths * right) / key.length), verdict: 'PARTIAL' };
    }
    case 'SHORT_ANSWER':
    case 'CASE':
      return { scoreTenths: 0, verdict: 'SUBJECTIVE' };
  }
}

/** A self-mark within 0…full marks, in steps of 0.5 points; anything else is refused. */
export function isValidMark(scoreTenths: number, fullTenths: number): boolean {
  return Number.isInteger(scoreTenths) && scoreTenths >= 0 && scoreTenths <= fullTenths && scoreTenths % 5 === 0;
}

/** 12.5 for 125 tenths, 12 for 120. */
export function formatScore(tenths: number): string {
  return Number.isInteger(tenths / 10) ? String(tenths / 10) : (tenths / 10).toFixed(1);
}

/**
 * Which answer a save keeps: the stored one unless the incoming is newer. Two tabs answering the
 * same record never replace a newer answer with an older one that arrives later.
 */
export function keepsIncoming(storedVersion: number | null, incomingVersion: number): boolean {
  return storedVersion === null || incomingVersion > storedVersion;
}
