/** 今日复习 and 学习报告 fixtures (issue 22), shared by their view tests and model suites. */
import type { ChapterMasteryView, DailyStat, ReviewDue } from '../../../src/domain/questionBank/contract';

/** A fixed moment (2027-03-30 10:00 China time), so the dates shown are the same on every run. */
export const NEXT_DUE_AT = Date.UTC(2027, 2, 31, 2);
export const NEXT_DUE_DAY = '2027-03-31';

export function reviewDue(over: Partial<ReviewDue> = {}): ReviewDue {
  return { subjectId: 4, subjectName: '建设工程经济', projectId: 2, dueCount: 12, cardCount: 30, nextDueAt: NEXT_DUE_AT, ...over };
}

export const CHAPTERS: ChapterMasteryView[] = [
  { sectionId: 100, name: '第一章 资金时间价值', questionCount: 40, rightCount: 30, percent: 62 },
  { sectionId: 200, name: '第二章 经济效果评价', questionCount: 25, rightCount: 3, percent: 8 },
];

/** 30 days ending 2027-03-30: `over` sets some days' [answered, correct] by index (0 is the oldest). */
export function dailyStats(over: Record<number, [answered: number, correct: number]> = {}): DailyStat[] {
  return Array.from({ length: 30 }, (_, i) => {
    const [answered, correct] = over[i] ?? [0, 0];
    return { day: `2027-03-${String(i + 1).padStart(2, '0')}`, answered, correct };
  });
}
