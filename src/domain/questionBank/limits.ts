/** Question bank constants the client shows and the server enforces (docs/questionBank.md). */

/** Answers a save may carry: a whole 200-question paper after a long outage, with its case sub-questions. */
export const MAX_ANSWERS_PER_SAVE = 400;
/** Options a choice answer may list, and blanks a fill-in answer may hold. */
export const MAX_ANSWER_PARTS = 20;
/** The time an answer may say it took (AnswerEntry.spentSeconds): a day. */
export const MAX_SPENT_SECONDS = 86_400;
/** A written answer (简答 / 案例), characters. */
export const MAX_ANSWER_TEXT = 5000;

/**
 * A save that reaches the server this long after the deadline still counts: the answer was given in
 * time but the network was slow. After it the record is handed in and saves are refused.
 */
export const DEADLINE_GRACE_SECONDS = 15;

/** How often the server looks for exam records past their deadline to hand them in. */
export const DEADLINE_SWEEP_SECONDS = 30;

export const QB_PAGE_DEFAULT_SIZE = 10;
export const QB_PAGE_MAX_SIZE = 50;

/** Question ids one getCollectStatusList may ask about. */
export const MAX_STATUS_IDS = 400;

/** A wrong question leaves the wrong book once answered right this many times in a row. */
export const WRONG_BOOK_CLEAR_STREAK = 1;

/** Feedback on a question: what is wrong, and the student's words. */
export const FEEDBACK_KINDS = ['ANSWER', 'ANALYSIS', 'STEM', 'OTHER'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export const FEEDBACK_KIND_LABELS: Record<FeedbackKind, string> = {
  ANSWER: '答案有误',
  ANALYSIS: '解析有误',
  STEM: '题干或选项有误',
  OTHER: '其他问题',
};
export const FEEDBACK_MAX_LENGTH = 500;

/** 智能练习: the sizes a student may pick. */
export const SMART_PRACTICE_SIZES = [10, 20, 50] as const;
export type SmartPracticeSize = (typeof SMART_PRACTICE_SIZES)[number];

/** ?size=… of a smart practice link, or null when it is not one of the sizes. */
export function smartSizeOf(value: string | null): SmartPracticeSize | null {
  return SMART_PRACTICE_SIZES.find((size) => String(size) === value) ?? null;
}

/** 今日复习: a review record takes at most this many due cards, the earliest due first (the rest wait for the next one). */
export const REVIEW_SESSION_MAX = 100;

/** review/getDailyStats: how many days the report's chart shows, today included. */
export const DAILY_STATS_DAYS = 30;
