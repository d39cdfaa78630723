/**
 * 今日复习 on the question-bank home (issue 22): the due count, 开始复习 and 智能练习 opening a
 * record and going to its answering page, the server's refusal inline, nothing due (disabled, 今日
 * 复习已完成 and the next date), the chapters' mastery bars, and on the home: the panel for a
 * student only, with a due badge on the subject chips.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CALLS, CATALOG_EXTRA_CALLS } from '../../../src/domain/catalog/calls';
import { QB_CLASS_TREE } from '../../support/qbClassTree';
import { QUESTION_BANK_CALLS as QB } from '../../../src/domain/questionBank/calls';
import type { ChapterMasteryView, RecordSaveRequest, ReviewDue } from '../../../src/domain/questionBank/contract';
import { REVIEW_TEXTS as T } from '../../../src/domain/questionBank/review.texts';
import ReviewPanel from '../../../src/views/questionBank/home/ReviewPanel';
import QuestionBankHomeView from '../../../src/views/questionBank/home/QuestionBankHomeView';
import { renderView, sessionHandlers } from '../commerce/myOrders.fixtures';
import { answer, fail, ok } from '../../support/msw';
import { CHAPTERS, NEXT_DUE_DAY, reviewDue } from './review.fixtures';

let dues: ReviewDue[] = [];
let chapters: ChapterMasteryView[] = [];
const asked: { dueProject: unknown[]; mastery: string[]; saved: RecordSaveRequest[] } = { dueProject: [], mastery: [], saved: [] };
const server = setupServer(
  ...sessionHandlers,
  answer(QB.qbReviewDueList, async ({ request }) => {
    asked.dueProject.push(((await request.json()) as { projectId?: number }).projectId);
    return ok(dues);
  }),
  answer(QB.qbReviewMastery, ({ params }) => {
    asked.mastery.push(params.id);
    return ok(chapters);
  }),
  answer(QB.qbRecordSave, async ({ request }) => {
    asked.saved.push((await request.json()) as RecordSaveRequest);
    return ok({ recordId: 77, state: 'DOING', deadlineAt: null, serverNow: 0, stale: [], keys: [] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  asked.dueProject = [];
  asked.mastery = [];
  asked.saved = [];
});
afterAll(() => server.close());

function renderPanel() {
  return renderView(() => <ReviewPanel projectId={2} subjectId={4} />, '/question-bank/home?subjectId=4', { pattern: '/question-bank/home' });
}

const panel = () => within(screen.getByRole('region', { name: T.panelTitle }));
const startButton = () => panel().getByRole('button', { name: T.startReview }) as HTMLButtonElement;
const smart = () => within(panel().getByRole('group', { name: T.smartTitle }));

describe('ReviewPanel', () => {
  it("shows the subject's due count and the chapters' mastery as labelled bars; 开始复习 opens a review record and goes to its page", async () => {
    dues = [reviewDue(), reviewDue({ subjectId: 3, subjectName: '建设工程项目管理', dueCount: 5 })];
    chapters = CHAPTERS;
    const { current } = renderPanel();
    expect(await screen.findByTestId('review-due')).toHaveProperty('textContent', '12');
    expect(asked.dueProject).toEqual([null]);
    expect(asked.mastery).toEqual(['4']);
    const bars = panel().getAllByRole('progressbar');
    expect(bars.map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-valuenow')])).toEqual([
      ['第一章 资金时间价值 62%', '62'],
      ['第二章 经济效果评价 8%', '8'],
    ]);
    expect(bars.every((b) => b.getAttribute('aria-valuemin') === '0' && b.getAttribute('aria-valuemax') === '100')).toBe(true);
    expect(panel().getByRole('link', { name: T.reportLink }).getAttribute('href')).toBe('/question-bank/report?subjectId=4');
    expect(startButton().disabled).toBe(false);
    expect(panel().queryByRole('alert')).toBeNull();

    fireEvent.click(startButton());
    await waitFor(() => expect(current()).toBe('/question-bank/learn-center-record/review?sourceId=4&recordId=77'));
    expect(asked.saved).toEqual([{ source: 'REVIEW', sourceId: 4, mode: 'PRACTICE', answers: [] }]);
  });

  it('智能练习 sends the size picked and goes to the smart record', async () => {
    dues = [reviewDue()];
    chapters = CHAPTERS;
    const { current } = renderPanel();
    await screen.findByTestId('review-due');
    expect(
      smart()
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['10题', '20题', '50题']);
    fireEvent.click(smart().getByRole('button', { name: '20题' }));
    await waitFor(() => expect(current()).toBe('/question-bank/learn-center-record/smart?sourceId=4&recordId=77'));
    expect(asked.saved).toEqual([{ source: 'SMART', sourceId: 4, mode: 'PRACTICE', size: 20, answers: [] }]);
  });

  it("shows the server's refusal inline and stays; a later start clears it", async () => {
    dues = [reviewDue()];
    chapters = CHAPTERS;
    server.use(answer(QB.qbRecordSave, () => fail('今天没有需要复习的题目', 400)));
    const { current } = renderPanel();
    await screen.findByTestId('review-due');
    fireEvent.click(startButton());
    expect((await panel().findByRole('alert')).textContent).toBe('今天没有需要复习的题目');
    expect(current()).toBe('/question-bank/home?subjectId=4');
    expect(startButton().disabled).toBe(false);

    server.use(answer(QB.qbRecordSave, () => fail('考试进行中，交卷后再练习这些题目', 423)));
    fireEvent.click(smart().getByRole('button', { name: '50题' }));
    await waitFor(() => expect(panel().getByRole('alert').textContent).toBe('考试进行中，交卷后再练习这些题目'));
    expect(current()).toBe('/question-bank/home?subjectId=4');
  });

  it('says why a start failed without an answer (the network)', async () => {
    dues = [reviewDue()];
    chapters = CHAPTERS;
    server.use(answer(QB.qbRecordSave, () => Response.error() as never));
    renderPanel();
    await screen.findByTestId('review-due');
    fireEvent.click(startButton());
    expect((await panel().findByRole('alert')).textContent).toBe('请求异常, 请重试');
  });

  it('nothing due: 开始复习 is disabled, with 今日复习已完成 and the next date', async () => {
    dues = [reviewDue({ dueCount: 0 })];
    chapters = CHAPTERS;
    renderPanel();
    expect(await screen.findByTestId('review-due')).toHaveProperty('textContent', '0');
    expect(startButton().disabled).toBe(true);
    expect(panel().getByText(T.reviewDone).textContent).toBe(`${T.reviewDone}${T.nextDue(NEXT_DUE_DAY)}`);
    // Smart practice stays open.
    expect((smart().getByRole('button', { name: '10题' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a subject without cards or chapters: 0 due, a line instead of bars', async () => {
    dues = [reviewDue({ subjectId: 3, dueCount: 5 })];
    chapters = [];
    renderPanel();
    expect(await screen.findByTestId('review-due')).toHaveProperty('textContent', '0');
    expect(startButton().disabled).toBe(true);
    expect(panel().getByText(T.noCards)).toBeTruthy();
    expect(panel().getByText(T.noChapters)).toBeTruthy();
    expect(panel().queryAllByRole('progressbar')).toHaveLength(0);
  });

  it('a failed load offers 重新加载, which loads again', async () => {
    dues = [reviewDue()];
    chapters = CHAPTERS;
    server.use(answer(QB.qbReviewMastery, () => fail('服务器错误(500)', 500), { once: true }));
    renderPanel();
    expect((await screen.findByTestId('error-state')).textContent).toContain('服务器错误(500)');
    expect(screen.queryByTestId('review-due')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByTestId('review-due')).toHaveProperty('textContent', '12');
    expect(screen.queryByTestId('error-state')).toBeNull();
  });
});

const homeHandlers = [
  answer(CATALOG_CALLS.classTreeList, QB_CLASS_TREE),
  answer(CATALOG_EXTRA_CALLS.teacherList, []),
  answer(QB.qbPaperPageList, () => ok({ records: [], total: 0, size: 50, current: 1 })),
  answer(QB.qbSectionTree, []),
];

describe('QuestionBankHomeView with 今日复习', () => {
  it('shows a student the panel of the chosen subject, and a due badge on each subject chip with cards due', async () => {
    dues = [reviewDue({ subjectId: 3, subjectName: '建设工程项目管理', dueCount: 5 }), reviewDue({ subjectId: 4, dueCount: 0 })];
    chapters = CHAPTERS;
    server.use(...homeHandlers);
    renderView(QuestionBankHomeView, '/question-bank/home?subjectId=3');
    expect(await screen.findByTestId('review-due')).toHaveProperty('textContent', '5');
    expect(asked.dueProject).toEqual([null]);
    expect(asked.mastery).toEqual(['3']);
    const chips = within(screen.getByRole('navigation', { name: '选择考试科目' }));
    await waitFor(() => expect(chips.getByRole('link', { name: '建设工程项目管理（待复习 5 题）' })).toBeTruthy());
    // No badge where nothing is due.
    expect(chips.getByRole('link', { name: '建设工程经济' })).toBeTruthy();
  });

  it('shows a visitor no panel (the home asks to log in) and asks nothing of the review calls', async () => {
    server.use(...homeHandlers);
    renderView(QuestionBankHomeView, '/question-bank/home?subjectId=4', { loggedIn: false });
    expect(await screen.findByRole('button', { name: '登录 / 注册' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: T.panelTitle })).toBeNull();
    expect(asked.dueProject).toEqual([]);
  });
});
