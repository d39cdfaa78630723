/** The analysis of a 今日复习 or 智能练习 record (issue 22): like a section's, titled by its kind, back to the home. */
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../../src/domain/questionBank/calls';
import type { RecordAnalysis } from '../../../src/domain/questionBank/contract';
import RecordAnalysisView from '../../../src/views/questionBank/report/RecordAnalysisView';
import { answer, ok } from '../../support/msw';
import { question, renderView, summary } from './qbReport.fixtures';

const asked: string[] = [];
const ANALYSIS = (source: 'REVIEW' | 'SMART'): RecordAnalysis => ({
  record: summary({ id: 81, source, sourceId: 4, mode: 'PRACTICE', name: source === 'REVIEW' ? '今日复习' : '智能练习' }),
  items: [
    {
      question: question(1, 'SINGLE', { no: 1 }),
      caseStem: null,
      answer: ['C'],
      key: { questionId: 1, answer: ['B'], analysis: '第1题的解析。' },
      scoreTenths: 0,
      verdict: 'WRONG',
      correctRate: 40,
      favorite: false,
    },
  ],
});
let source: 'REVIEW' | 'SMART' = 'REVIEW';
const server = setupServer(
  answer(QB.qbRecordAnalysis, ({ params }) => {
    asked.push(params.id);
    return ok(ANALYSIS(source));
  }),
  answer(QB.qbCollectStatusList, []),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('RecordAnalysisView for review and smart records', () => {
  it.each([
    ['review', 'REVIEW', '今日复习 · 试卷解析'],
    ['smart', 'SMART', '智能练习 · 试卷解析'],
  ] as const)('learn-center-analyze-record/%s/81 shows the record titled %s, back to the home', async (kind, recordSource, title) => {
    source = recordSource;
    asked.length = 0;
    renderView(RecordAnalysisView, `/question-bank/learn-center-analyze-record/${kind}/81`, { questionType: kind, recordId: '81' });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(asked).toEqual(['81']);
    expect(screen.getByRole('link', { name: /题库首页/ }).getAttribute('href')).toBe('/question-bank/home');
    expect(screen.getByRole('link', { name: '只看错题' }).getAttribute('href')).toBe(`/question-bank/learn-center-analyze-record/${kind}/81?filter=wrong`);
  });

  it('without a record id says the link is wrong', () => {
    renderView(RecordAnalysisView, '/question-bank/learn-center-analyze-record/review', { questionType: 'review' });
    expect(screen.getByText('页面地址有误：只能查看错题或收藏')).toBeTruthy();
  });
});
