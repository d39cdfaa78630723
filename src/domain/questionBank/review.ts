/**
 * 今日复习 and mastery (issue 22, docs/questionBank.md "Review grades and chapter mastery"): how an
 * answer grades the question's review card, and how a chapter's mastery is figured from the
 * student's answers and the cards' FSRS stability. One rule for the server, which schedules the
 * cards, and the client, which only shows what the server computed.
 */
import { CHINA_OFFSET_MS } from '../shared/chinaTime';
import type { Verdict } from './scoring';

/** The FSRS ratings an answer can give (FSRS's Easy is never inferred from an answer). */
export type ReviewGrade = 'AGAIN' | 'HARD' | 'GOOD';

/** A right answer that took longer than this was worked out, not known: Hard rather than Good. */
export const REVIEW_SLOW_ANSWER_SECONDS = 90;

/**
 * The grade an answer gives its card: wrong or left blank → Again; 少选 (some keys, no wrong
 * option) → Hard; right → Good, or Hard when it took longer than REVIEW_SLOW_ANSWER_SECONDS
 * (`spentSeconds` null: not measured, so not slow). A written answer the student marks themself
 * grades nothing (null).
 */
export function reviewGrade(verdict: Verdict, spentSeconds: number | null): ReviewGrade | null {
  switch (verdict) {
    case 'WRONG':
    case 'UNANSWERED':
      return 'AGAIN';
    case 'PARTIAL':
      return 'HARD';
    case 'CORRECT':
      return spentSeconds !== null && spentSeconds > REVIEW_SLOW_ANSWER_SECONDS ? 'HARD' : 'GOOD';
    case 'SUBJECTIVE':
      return null;
  }
}

/** FSRS stability (days until recall falls to 90%) at which a question counts as fully mastered. */
export const MASTERY_FULL_STABILITY_DAYS = 30;

/** What mastery reads of one question the student has answered. */
export interface MasteryAnswer {
  /** Answered right at least once, in any practice, exam or review. */
  everRight: boolean;
  /** Its review card's FSRS stability in days; null when it has no card (never missed nor kept). */
  stability: number | null;
}

/**
 * A chapter's mastery, 0 to 1: the mean over all `questionCount` questions of the chapter, where
 * a question never answered right (or never answered: not in `answers`) counts 0, and one answered
 * right at least once counts min(1, stability / MASTERY_FULL_STABILITY_DAYS), or 1 when it has no
 * card (right, and never missed or kept for review). A chapter without questions has mastery 0.
 */
export function chapterMastery(answers: readonly MasteryAnswer[], questionCount: number): number {
  if (questionCount <= 0) return 0;
  const weight = answers.reduce(
    (sum, a) => sum + (!a.everRight ? 0 : a.stability === null ? 1 : Math.min(1, Math.max(0, a.stability) / MASTERY_FULL_STABILITY_DAYS)),
    0,
  );
  return Math.min(1, weight / questionCount);
}

/** Mastery as the whole percent a bar shows (rounded down: 99.6% is not yet 100%). */
export function masteryPercent(mastery: number): number {
  return Math.floor(Math.min(1, Math.max(0, mastery)) * 100);
}

// The review day turns at midnight in China (CHINA_OFFSET_MS).
const DAY_MS = 86_400_000;

/**
 * The end of the review day holding `at` (epoch ms): midnight in China. A card due before it is due
 * today (今日复习), so a question missed this morning, due again ten minutes later, counts today.
 */
export function reviewDayEnd(at: number): number {
  return (Math.floor((at + CHINA_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - CHINA_OFFSET_MS;
}

/** The China days (YYYY-MM-DD) of the `count` days up to the one holding `at`, oldest first. */
export function recentDays(at: number, count: number): string[] {
  const today = Math.floor((at + CHINA_OFFSET_MS) / DAY_MS);
  return Array.from({ length: count }, (_, i) => new Date((today - count + 1 + i) * DAY_MS).toISOString().slice(0, 10));
}

/** The China day (YYYY-MM-DD) holding `at` (epoch ms): when a card falls due next, the day an answer counts in. */
export function reviewDayOf(at: number): string {
  return recentDays(at, 1)[0]!;
}
