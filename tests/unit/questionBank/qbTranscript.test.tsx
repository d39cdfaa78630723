/** The transcript (成绩单) with msw: score, pass, time used, the lines and the paper's statistics; a record still to mark; retry. */
import { fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../../src/domain/questionBank/calls';
import type { PaperReport, RecordReport } from '../../../src/domain/questionBank/contract';
import { formatUsedTime } from '../../../src/domain/questionBank/report';
import TranscriptView from '../../../src/views/questionBank/report/TranscriptView';
import { renderView, summary } from './qbReport.fixtures';
import { answer, fail, ok } from '../../support/msw';

const REPORT: RecordReport = {
  record: summary(),
  paperId: 7,
  passScoreTenths: 600,
  passed: true,
  usedSeconds: 3723,
  correctCount: 30,
  wrongCount: 12,
  unansweredCount: 3,
  toMark: 0,
  byType: [
    { label: '单项选择题', count: 40, correct: 28, scoreTenths: 560, fullTenths: 800 },
    { label: '简答题', count: 5, correct: 2, scoreTenths: 165, fullTenths: 200 },
  ],
  bySection: [{ label: '第1章 资金时间价值', count: 45, correct: 30, scoreTenths: 725, fullTenths: 1000 }],
};
const PAPER: PaperReport = {
  paperId: 7,
  takers: 12,
  averageTenths: 655,
  highestTenths: 925,
  passRate: 58,
  myBestTenths: 725,
  myAttempts: 2,
  distribution: [0, 0, 1, 1, 2, 1, 3, 2, 1, 1],
};

let report: RecordReport = REPORT;
let failReport = 0;
const server = setupServer(
  answer(QB.qbRecordReport, () => (failReport-- > 0 ? fail('服务器开小差了', 500) : ok(report))),
  answer(QB.qbPaperReport, PAPER),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  report = REPORT;
  failReport = 0;
});
afterAll(() => server.close());

const open = () => renderView(TranscriptView, '/question-bank/transcript/55/7', { recordId: '55', paperId: '7' });

describe('TranscriptView', () => {
  it('shows the score against the pass mark, the time used, the counts and the links', async () => {
    open();
    const scoreCard = await screen.findByRole('region', { name: '成绩' });
    expect(scoreCard.textContent).toContain('72.5 / 100分');
    expect(scoreCard.textContent).toContain('恭喜通过（及格线60分）');
    expect(scoreCard.textContent).toContain('用时1:02:03');
    expect(scoreCard.textContent).toMatch(/答对30题.*答错12题.*未答3题/);
    expect(screen.getByRole('link', { name: '查看解析' }).getAttribute('href')).toBe('/question-bank/learn-center-analyze/7/55');
    expect(screen.getByRole('link', { name: '再做一次' }).getAttribute('href')).toBe('/question-bank/learn-center/7');
    expect(screen.getByRole('link', { name: '返回试卷' }).getAttribute('href')).toBe('/question-bank/learn-center-paper/7');
  });

  it('lists the lines by type and by section with their rates, and the paper statistics with the distribution in words', async () => {
    open();
    const byType = await screen.findByRole('table', { name: '按题型' });
    const single = within(byType).getByRole('row', { name: /单项选择题/ });
    expect(single.textContent).toContain('56/80');
    expect(single.textContent).toContain('70%');
    expect(within(screen.getByRole('table', { name: '按章节' })).getByRole('row', { name: /第1章/ }).textContent).toContain('73%');
    const stats = screen.getByRole('region', { name: '本卷统计' });
    expect(stats.textContent).toMatch(/参加人数12.*平均分65.5分.*最高分92.5分.*通过率58%.*我的最好成绩72.5分.*我的作答次数2/);
    const bands = within(stats).getAllByRole('listitem');
    expect(bands).toHaveLength(10);
    expect(bands[6]!.textContent).toBe('3人60–70%');
    expect(bands[9]!.textContent).toBe('1人90–100%');
  });

  it('says what is left to mark and links to the marking page while the record is MARKING', async () => {
    report = { ...REPORT, record: summary({ state: 'MARKING', scoreTenths: null }), passed: null, toMark: 2 };
    open();
    expect((await screen.findByText('还有2道主观题待批阅，批阅后才能算出总分。')).textContent).toBeTruthy();
    expect(screen.getByRole('link', { name: '去批阅' }).getAttribute('href')).toBe('/question-bank/learn-center-mark/55');
    expect(screen.queryByRole('region', { name: '成绩' })).toBeNull();
  });

  it('shows a failed load with a retry that loads again', async () => {
    failReport = 1;
    open();
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('region', { name: '成绩' })).toBeTruthy();
  });

  it('reads the time used as a clock does', () => {
    expect(formatUsedTime(307)).toBe('05:07');
    expect(formatUsedTime(3723)).toBe('1:02:03');
    expect(formatUsedTime(-5)).toBe('00:00');
  });
});
