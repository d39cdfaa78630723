/**
 * The analysis pages with msw: a record's answers beside their keys with verdicts and everyone's
 * correct rate, 只看错题 from the URL, the favourite toggle (optimistic, rolled back when the save
 * fails), 纠错 with the server's thanks; the wrong book of a subject with its practice link and pages.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../../src/domain/questionBank/calls';
import type { AnalysisItem, RecordAnalysis, UserQuestionItem } from '../../../src/domain/questionBank/contract';
import { isWrongItem } from '../../../src/domain/questionBank/report';
import { EXAM_SEAL_STATUS } from '../../../src/domain/questionBank/examSeal';
import { QB_TEXTS } from '../../../src/domain/questionBank/texts';
import PaperAnalysisView from '../../../src/views/questionBank/report/PaperAnalysisView';
import RecordAnalysisView from '../../../src/views/questionBank/report/RecordAnalysisView';
import { question, renderView, summary } from './qbReport.fixtures';
import { answer, fail, ok } from '../../support/msw';

function item(id: number, verdict: AnalysisItem['verdict'], overrides: Partial<AnalysisItem> = {}): AnalysisItem {
  return {
    question: question(id, 'SINGLE', { no: id }),
    caseStem: null,
    answer: verdict === 'UNANSWERED' ? [] : [verdict === 'CORRECT' ? 'B' : 'C'],
    key: { questionId: id, answer: ['B'], analysis: `第${id}题的解析。` },
    scoreTenths: verdict === 'CORRECT' ? 20 : 0,
    verdict,
    correctRate: 64,
    favorite: false,
    ...overrides,
  };
}

const ANALYSIS: RecordAnalysis = {
  record: summary(),
  items: [
    item(1, 'CORRECT'),
    item(2, 'WRONG', { favorite: true }),
    item(3, 'UNANSWERED', { correctRate: null }),
    item(4, 'SUBJECTIVE', {
      question: question(4, 'SHORT_ANSWER', { no: 4, stem: '请计算净现值。' }),
      caseStem: '某企业拟投资一个项目……',
      answer: ['NPV=100'],
      key: { questionId: 4, answer: ['NPV=118.6万元'], analysis: '按8%折现。' },
      scoreTenths: 10,
    }),
  ],
};

const BOOK: UserQuestionItem[] = [1, 2].map((id) => ({
  question: question(id, 'SINGLE', { stem: `错题${id}的题干` }),
  key: { questionId: id, answer: ['B'], analysis: `错题${id}的解析。` },
  subKeys: [],
  wrongCount: id + 1,
  addedAt: 1_700_000_000_000,
}));

let failCollect = false;
const collects: unknown[] = [];
const feedbacks: unknown[] = [];
const bookQueries: unknown[] = [];
const server = setupServer(
  answer(QB.qbRecordAnalysis, ANALYSIS),
  answer(QB.qbCollect, async ({ request }) => {
    const body = (await request.json()) as { questionId: number; collect: boolean };
    collects.push(body);
    return failCollect ? fail('收藏失败', 500) : ok({ questionId: body.questionId, favorite: body.collect });
  }),
  answer(QB.qbAddFeedback, async ({ request }) => {
    feedbacks.push(await request.json());
    return ok({ message: QB_TEXTS.feedbackThanks });
  }),
  answer(QB.qbUserQuestionList, async ({ request }) => {
    const body = (await request.json()) as { current: number };
    bookQueries.push(body);
    return ok({ records: BOOK, total: 23, current: body.current, size: 10 });
  }),
  answer(QB.qbCollectStatusList, [2]),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  failCollect = false;
  collects.length = 0;
  feedbacks.length = 0;
  bookQueries.length = 0;
});
afterAll(() => server.close());

const openPaper = (search = '') => renderView(PaperAnalysisView, `/question-bank/learn-center-analyze/7/55${search}`, { paperId: '7', recordId: '55' });
const card = (no: number) => screen.getByRole('article', { name: new RegExp(`^第${no}题`) });
const star = (no: number) => within(card(no)).getByRole('button', { name: /收藏/ });

describe('PaperAnalysisView', () => {
  it('shows every answer beside its key, the verdict in words, the score and everyone’s correct rate', async () => {
    openPaper();
    await screen.findByRole('article', { name: /^第1题/ });
    expect(screen.getAllByRole('article')).toHaveLength(4);
    const wrong = within(card(2));
    expect(wrong.getByText('回答错误')).toBeTruthy();
    expect(wrong.getByText('选项C').closest('li')!.textContent).toContain('你的选择（错误）');
    expect(wrong.getByText('选项B').closest('li')!.textContent).toContain('正确答案');
    expect(card(2).textContent).toMatch(/你的答案C.*参考答案B.*解析第2题的解析。/);
    expect(card(2).textContent).toContain('全站正确率：64%');
    expect(card(3).textContent).toContain('全站正确率：暂无');
    expect(within(card(3)).getByText('未作答', { selector: '.xt-report__badge' })).toBeTruthy();
    const written = within(card(4));
    expect(written.getByRole('region', { name: '案例材料' }).textContent).toContain('某企业拟投资一个项目');
    expect(card(4).textContent).toMatch(/得分 1\/2.*你的答案NPV=100.*参考答案NPV=118.6万元/);
    expect(screen.getByRole('link', { name: /成绩单/ }).getAttribute('href')).toBe('/question-bank/transcript/55/7');
  });

  it("says why an earlier record's analysis waits while an exam sharing its questions is answered", async () => {
    server.use(answer(QB.qbRecordAnalysis, () => fail(QB_TEXTS.examSealedResults, EXAM_SEAL_STATUS)));
    openPaper();
    expect(await screen.findByText(QB_TEXTS.examSealedResults)).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('只看错题 from the URL keeps the wrong, the unanswered and the written answers below full marks', async () => {
    openPaper('?filter=wrong');
    await screen.findByRole('article', { name: /^第2题/ });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toHaveLength(3);
    expect(screen.queryByRole('article', { name: /^第1题/ })).toBeNull();
    expect(screen.getByRole('link', { name: '只看错题' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '全部' }).getAttribute('href')).toBe('/question-bank/learn-center-analyze/7/55');
    expect(isWrongItem(item(5, 'PARTIAL'))).toBe(true);
    expect(isWrongItem(item(6, 'SUBJECTIVE', { scoreTenths: 20 }))).toBe(false);
  });

  it('toggles a favourite at once and keeps it when the server saves it', async () => {
    openPaper();
    await screen.findByRole('article', { name: /^第1题/ });
    expect(star(2).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(star(1));
    expect(star(1).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(star(1).hasAttribute('disabled')).toBe(false));
    expect(star(1).getAttribute('aria-pressed')).toBe('true');
    expect(collects).toEqual([{ questionId: 1, collect: true }]);
  });

  it('rolls a favourite back and says so when the save fails', async () => {
    failCollect = true;
    openPaper();
    await screen.findByRole('article', { name: /^第2题/ });
    fireEvent.click(star(2));
    expect(star(2).getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('收藏操作失败，请稍后重试')).toBeTruthy();
    expect(star(2).getAttribute('aria-pressed')).toBe('true');
    expect(collects).toEqual([{ questionId: 2, collect: false }]);
  });

  it('纠错: refuses an empty description, sends the kind and the words, and shows the thanks', async () => {
    openPaper();
    await screen.findByRole('article', { name: /^第2题/ });
    fireEvent.click(within(card(2)).getByRole('button', { name: '纠错' }));
    const dialog = within(screen.getByRole('dialog', { name: '题目纠错' }));
    expect((dialog.getByRole('radio', { name: '答案有误' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: '提交' }));
    expect(dialog.getByText(QB_TEXTS.feedbackEmpty)).toBeTruthy();
    fireEvent.click(dialog.getByRole('radio', { name: '解析有误' }));
    fireEvent.change(dialog.getByRole('textbox', { name: '问题描述' }), { target: { value: '  解析里的年份写错了  ' } });
    expect(dialog.getByText('13/500')).toBeTruthy();
    await act(async () => {
      fireEvent.click(dialog.getByRole('button', { name: '提交' }));
    });
    expect(await dialog.findByText(QB_TEXTS.feedbackThanks)).toBeTruthy();
    expect(feedbacks).toEqual([{ questionId: 2, kind: 'ANALYSIS', content: '解析里的年份写错了' }]);
    fireEvent.click(dialog.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('RecordAnalysisView', () => {
  it('lists the wrong book of a subject with keys, wrong counts, favourites, the practice link and pages', async () => {
    renderView(RecordAnalysisView, '/question-bank/learn-center-analyze-record/wrong?subjectId=9&page=2', { questionType: 'wrong' });
    expect(await screen.findByRole('heading', { level: 1, name: '错题本' })).toBeTruthy();
    await screen.findByText('错题1的题干');
    expect(bookQueries).toEqual([{ kind: 'WRONG', subjectId: 9, current: 2, size: 10 }]);
    const articles = screen.getAllByRole('article');
    expect(articles[0]!.textContent).toMatch(/答错2次.*参考答案B.*解析错题1的解析。/);
    expect(within(articles[0]!).getByRole('button', { name: /收藏/ }).getAttribute('aria-pressed')).toBe('false');
    expect(within(articles[1]!).getByRole('button', { name: /收藏/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: '练习这些题' }).getAttribute('href')).toBe('/question-bank/learn-center-record/wrong?sourceId=9');
    const pager = within(screen.getByRole('navigation', { name: '分页' }));
    expect(pager.getByText('第2/3页')).toBeTruthy();
    expect(pager.getByRole('link', { name: '上一页' }).getAttribute('href')).toBe('/question-bank/learn-center-analyze-record/wrong?subjectId=9&page=1');
    expect(pager.getByRole('link', { name: '下一页' }).getAttribute('href')).toBe('/question-bank/learn-center-analyze-record/wrong?subjectId=9&page=3');
  });

  it('shows a practice record of the favourites as an analysis, and asks for a subject without one', async () => {
    renderView(RecordAnalysisView, '/question-bank/learn-center-analyze-record/favorite/55', { questionType: 'favorite', recordId: '55' });
    expect(await screen.findByRole('heading', { level: 1, name: '我的收藏 · 试卷解析' })).toBeTruthy();
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(screen.getByRole('link', { name: '只看错题' }).getAttribute('href')).toBe('/question-bank/learn-center-analyze-record/favorite/55?filter=wrong');
  });

  it('says what is missing for a list without a subject or a wrong kind', () => {
    const { view } = renderView(RecordAnalysisView, '/question-bank/learn-center-analyze-record/wrong', { questionType: 'wrong' });
    expect(screen.getByText('请从做题记录页选择科目后查看')).toBeTruthy();
    view.unmount();
    renderView(RecordAnalysisView, '/question-bank/learn-center-analyze-record/other', { questionType: 'other' });
    expect(screen.getByText('页面地址有误：只能查看错题或收藏')).toBeTruthy();
  });
});
