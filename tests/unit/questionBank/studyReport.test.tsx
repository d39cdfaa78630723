/**
 * 学习报告 at /question-bank/report?subjectId= (issue 22): the totals, the chart of 30 bars with
 * the accuracy line on the days with answers and its labels, the table of the figures for screen
 * readers, the chapters' mastery; the empty report, the failed load and its 重新加载, a link without
 * a subject.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../../src/domain/questionBank/calls';
import type { ChapterMasteryView, DailyStat, ReviewDue } from '../../../src/domain/questionBank/contract';
import { REVIEW_TEXTS as T } from '../../../src/domain/questionBank/review.texts';
import StudyReportView from '../../../src/views/questionBank/report/StudyReportView';
import { renderView, sessionHandlers } from '../commerce/myOrders.fixtures';
import { answer, fail, ok } from '../../support/msw';
import { CHAPTERS, dailyStats, reviewDue } from './review.fixtures';

let days: DailyStat[] = [];
let chapters: ChapterMasteryView[] = [];
let dues: ReviewDue[] = [];
const asked: { stats: unknown[]; mastery: string[]; dueProject: unknown[] } = { stats: [], mastery: [], dueProject: [] };
const server = setupServer(
  ...sessionHandlers,
  answer(QB.qbReviewDailyStats, async ({ request }) => {
    asked.stats.push(((await request.json()) as { subjectId?: number }).subjectId);
    return ok(days);
  }),
  answer(QB.qbReviewMastery, ({ params }) => {
    asked.mastery.push(params.id);
    return ok(chapters);
  }),
  answer(QB.qbReviewDueList, async ({ request }) => {
    asked.dueProject.push(((await request.json()) as { projectId?: number | null }).projectId);
    return ok(dues);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.stats = [];
  asked.mastery = [];
  asked.dueProject = [];
});
afterAll(() => server.close());

const renderReport = (search = '?subjectId=4') => renderView(StudyReportView, `/question-bank/report${search}`, { pattern: '/question-bank/report' });

describe('StudyReportView', () => {
  it('shows the totals, a chart of 30 bars with the accuracy line on the days with answers, the hidden table and the mastery', async () => {
    days = dailyStats({ 0: [10, 5], 14: [40, 30], 29: [20, 19] });
    chapters = CHAPTERS;
    dues = [reviewDue({ subjectId: 3, dueCount: 1 }), reviewDue({ dueCount: 12 })];
    renderReport();
    expect(await screen.findByTestId('study-answered')).toHaveProperty('textContent', '70');
    expect(asked).toEqual({ stats: [4], mastery: ['4'], dueProject: [null] });
    expect(screen.getByTestId('study-accuracy').textContent).toBe('77%');
    expect(screen.getByTestId('study-due').textContent).toBe('12');
    expect(screen.getByText('建设工程经济')).toBeTruthy();

    const chart = screen.getByRole('img', { name: T.chartLabel(70, '77%') });
    expect(chart.getAttribute('viewBox')).toBe('0 0 400 220');
    const bars = screen.getAllByTestId('study-bar');
    expect(bars).toHaveLength(30);
    // The busiest day fills the plot; a day without answers has no height.
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(Math.max(...heights)).toBe(heights[14]);
    expect(heights[1]).toBe(0);
    expect(heights[0]).toBeCloseTo(heights[14]! / 4, 1);
    // Three days with answers: three points on the line.
    expect(screen.getAllByTestId('study-point')).toHaveLength(3);
    expect(chart.querySelector('path.xt-study__line')?.getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+ L[\d.]+ [\d.]+ L[\d.]+ [\d.]+$/);
    expect(screen.getAllByTestId('study-day-label').map((t) => t.textContent)).toEqual(['03-05', '03-10', '03-15', '03-20', '03-25', '03-30']);

    // The figures for screen readers: one row per day.
    const table = screen.getByRole('table', { name: T.tableCaption });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['10', '5', '50%']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '0', T.noFigure]);
    expect(within(rows[30]!).getByRole('rowheader').textContent).toBe('2027-03-30');

    const mastery = within(screen.getByRole('region', { name: T.masteryTitle }));
    expect(mastery.getAllByRole('progressbar').map((b) => b.getAttribute('aria-valuenow'))).toEqual(['62', '8']);
    expect(mastery.getByRole('progressbar', { name: '第二章 经济效果评价 8%' })).toBeTruthy();
    expect(mastery.getByText(T.masteryCount(30, 40))).toBeTruthy();
  });

  it('draws a chart of nothing answered when the student has cards only', async () => {
    days = dailyStats();
    chapters = [];
    dues = [reviewDue({ dueCount: 3 })];
    renderReport();
    expect(await screen.findByTestId('study-answered')).toHaveProperty('textContent', '0');
    expect(screen.getByTestId('study-accuracy').textContent).toBe(T.noFigure);
    expect(screen.getAllByTestId('study-bar')).toHaveLength(30);
    expect(screen.queryAllByTestId('study-point')).toHaveLength(0);
    expect(screen.getByText(T.noChapters)).toBeTruthy();
  });

  it('is empty with no answer in the 30 days and no card, and leads to practice', async () => {
    days = dailyStats();
    chapters = CHAPTERS;
    dues = [reviewDue({ subjectId: 3 })];
    renderReport();
    expect((await screen.findByTestId('empty-state')).textContent).toContain(T.reportEmpty);
    expect(screen.getByRole('link', { name: T.goPractice }).getAttribute('href')).toBe('/question-bank/home?subjectId=4');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('a failed load offers 重新加载, which loads again', async () => {
    days = dailyStats({ 3: [5, 4] });
    chapters = CHAPTERS;
    dues = [];
    server.use(answer(QB.qbReviewDailyStats, () => fail('服务器错误(500)', 500), { once: true }));
    renderReport();
    expect((await screen.findByTestId('error-state')).textContent).toContain('服务器错误(500)');
    expect(screen.queryByTestId('study-answered')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByTestId('study-answered')).toHaveProperty('textContent', '5');
    expect(screen.getByTestId('study-accuracy').textContent).toBe('80%');
  });

  it('a link without a subject says so and asks nothing', async () => {
    renderReport('');
    expect((await screen.findByTestId('empty-state')).textContent).toContain(T.pickSubject);
    expect(screen.getByRole('link', { name: T.backHome }).getAttribute('href')).toBe('/question-bank/home');
    expect(asked.stats).toEqual([]);
  });
});
