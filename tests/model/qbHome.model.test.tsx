/**
 * 题库 home, model-based: paths from the real qbHome machine drive the real view at
 * /question-bank/home for a logged-in student. The page of every paper (which subjects have a bank)
 * waits on an msw gate that path steps answer: papers of subject 4, none at all (the first subject
 * shown empty), a failure
 * and its 重新加载. The subject's sections, papers and teachers answer at once. Another subject or tab
 * (a chip or tab link changes the URL) loads again in place, whatever the page shows.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { CATALOG_CALLS, CATALOG_EXTRA_CALLS } from '../../src/domain/catalog/calls';
import { QB_CLASS_TREE } from '../support/qbClassTree';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { PaperListItem, SectionNode } from '../../src/domain/questionBank/contract';
import { QB_HOME_TEXTS as T } from '../../src/domain/questionBank/home.texts';
import { qbHomeMachine, type QbHomeData, type QbHomeParams } from '../../src/machines/questionBank/qbHome.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import QuestionBankHomeView from '../../src/views/questionBank/home/QuestionBankHomeView';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';
import { heldCalls } from './learningQb.kit';

const PAPER: PaperListItem = {
  id: 11,
  name: '经济模拟卷',
  paperType: 'MOCK',
  year: null,
  subjectId: 4,
  durationMinutes: 120,
  totalScoreTenths: 1000,
  passScoreTenths: 600,
  questionCount: 100,
  free: true,
  locked: false,
  attempts: 2,
  bestScoreTenths: 725,
  doingRecordId: null,
};
const SECTIONS: SectionNode[] = [{ id: 100, name: '第一章 资金时间价值', questionCount: 12, doneCount: 5, children: [] }];

vi.setConfig({ testTimeout: 20_000 });
const calls = heldCalls<'all'>();
/** Whether the first page of all papers (held) lists any. */
const server = setupServer(
  ...sessionHandlers,
  // The tree is kept for the session (the machine's module caches it): it answers at once.
  answer(CATALOG_CALLS.classTreeList, QB_CLASS_TREE),
  answer(QB.qbPaperPageList, async (info) => {
    const body = (await info.request.clone().json()) as { subjectId?: number };
    if (body.subjectId === undefined) return calls.held('all')();
    const records = body.subjectId === 4 ? [PAPER] : [];
    return ok({ records, total: records.length, size: 50, current: 1 });
  }),
  answer(QB.qbSectionTree, ({ params }) => ok(params.id === '4' ? SECTIONS : [])),
  // The logged-in home's 今日复习 panel (its own suite: review.model.test.tsx): nothing due, no chapters.
  answer(QB.qbReviewDueList, []),
  answer(QB.qbReviewMastery, []),
  answer(CATALOG_EXTRA_CALLS.teacherList, [
    { project: { id: 2, name: '一级建造师' }, teachers: [{ id: 1, name: '王建国', title: '高级工程师', avatar: '/a.svg', intro: '主讲经济。' }] },
  ]),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof qbHomeMachine.getInitialSnapshot>;
const START: QbHomeParams = { subjectId: null, tab: 1, loggedIn: true };
const OTHER: QbHomeParams = { subjectId: 3, tab: 2, loggedIn: true };
const withBank = (params: QbHomeParams): QbHomeData => ({
  projects: [],
  project: { id: 2, name: '一级建造师', subjects: [] },
  subjectId: params.subjectId ?? 4,
  sections: SECTIONS,
  subjectPapers: [PAPER],
  tabPapers: [],
  teachers: [],
});
/** No subject has a paper yet: the first subject of the tree is shown, with nothing in it. */
const NO_PAPERS: QbHomeData = { ...withBank({ ...START, subjectId: 3 }), sections: [], subjectPapers: [] };
let location: ReturnType<typeof renderView>['location'];

describeModel('qbHome on /question-bank/home', {
  machine: qbHomeMachine,
  input: START,
  start: '登录后打开 /question-bank/home（题库，“章节练习”，未选科目）',
  events: (s: Snap) =>
    [
      { type: 'xstate.done.actor.load', output: withBank(s.context.params) },
      { type: 'xstate.done.actor.load', output: NO_PAPERS },
      { type: 'xstate.error.actor.load', error: new Error('服务器错误(500)') },
      { type: 'RETRY' },
      { type: 'PARAMS_CHANGED', params: OTHER },
    ] as never[],
  serializeState: (s: Snap) => JSON.stringify([s.value, s.context.params.subjectId, s.context.data?.subjectPapers.length ?? null]),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.pending('all')).toBeDefined());
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T.homeTitle);
      expect(screen.getByRole('status').textContent).toContain('加载中');
      expect(screen.queryByRole('navigation', { name: T.subjectNav })).toBeNull();
    },
    loaded: async (s: Snap) => {
      await eventually(() => expect(screen.getByRole('navigation', { name: T.subjectNav })).toBeTruthy());
      const subjects = within(screen.getByRole('navigation', { name: T.subjectNav }));
      // A subject with a bank is listed first and chosen when the URL names none.
      const banked = s.context.data!.subjectPapers.length > 0;
      expect(subjects.getAllByRole('link').map((a) => a.textContent)).toEqual(
        banked ? ['建设工程经济', '建设工程项目管理'] : ['建设工程项目管理', '建设工程经济'],
      );
      const chosen = s.context.params.subjectId === 3 || !banked ? '建设工程项目管理' : '建设工程经济';
      expect(subjects.getByRole('link', { name: chosen }).getAttribute('aria-current')).toBe('page');
      const tab = within(screen.getByRole('navigation', { name: T.tabNav }));
      expect(tab.getByRole('link', { name: s.context.params.tab === 2 ? '模拟试卷' : '章节练习' }).getAttribute('aria-current')).toBe('page');
      if (s.context.params.tab === 2) {
        expect(screen.getByRole('region', { name: '模拟试卷' }).textContent).toContain(T.noPapers);
        expect(screen.getByTestId('qb-done').textContent).toBe('0');
      } else if (!banked) {
        expect(screen.getByRole('region', { name: '章节练习' }).textContent).toContain(T.noSections);
        expect(screen.getByTestId('qb-done').textContent).toBe('0');
      } else {
        expect(screen.getByRole('link', { name: '开始练习：第一章 资金时间价值' })).toBeTruthy();
        expect(screen.getByTestId('qb-done').textContent).toBe('5');
      }
      expect(screen.getByRole('heading', { name: '王建国' })).toBeTruthy();
      expect(screen.queryByRole('status')).toBeNull();
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain('服务器错误(500)'));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: QbHomeData }) =>
      calls.respond('all', () => {
        const records = e.output.subjectPapers.length > 0 ? [PAPER] : [];
        return ok({ records, total: records.length, size: 50, current: 1 });
      }),
    'xstate.error.actor.load': async () => calls.respond('all', () => fail('服务器错误(500)', 500)),
    RETRY: async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
    // A subject chip or tab link: the URL changes; the load left behind is answered and ignored.
    PARAMS_CHANGED: async (e: { params: QbHomeParams }) => {
      calls.release();
      await act(async () => location.navigate(`/question-bank/home?subjectId=${e.params.subjectId}&tab=${e.params.tab}`));
    },
  } as never,
  setup: async () => {
    calls.reset();
    ({ location } = renderView(QuestionBankHomeView, '/question-bank/home'));
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
  excused: { 'loaded RELOAD': 'QuestionBankHomeView never sends RELOAD: another subject, tab or a login reloads through PARAMS_CHANGED' },
});
