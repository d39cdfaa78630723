/**
 * 今日复习, model-based: paths from the real review machine drive the real panel as the
 * question-bank home shows it to a student (project 2, the subject of ?subjectId=). The due list and
 * the mastery wait on msw gates that path steps answer (12 cards due with two chapters, nothing due
 * and no chapter, a failure and its 重新加载); 开始复习 and 智能练习 20题 wait on the save's gate:
 * the record opened (the page goes to its answering page) or the server's refusal shown on the
 * panel. Another subject's chip (the URL changes) loads the panel again, whatever it shows.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { useSearch } from 'wouter';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { RecordSaveRequest } from '../../src/domain/questionBank/contract';
import { REVIEW_TEXTS as T } from '../../src/domain/questionBank/review.texts';
import { httpErrorText } from '../../src/domain/shared/errors';
import { noDue, reviewMachine, type ReviewData, type ReviewParams, type StartedRecord } from '../../src/machines/questionBank/review.machine';
import { parseId } from '../../src/paths';
import { dismissAllToasts } from '../../src/services/shared/toast';
import ReviewPanel from '../../src/views/questionBank/home/ReviewPanel';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { CHAPTERS, reviewDue } from '../unit/questionBank/review.fixtures';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';
import { heldCalls } from './learningQb.kit';

const SERVER_ERROR = httpErrorText(500)!;
const REFUSED = '今天没有需要复习的题目';

// A failing check waits 5 s for the screen (eventually): let it report rather than time out.
vi.setConfig({ testTimeout: 15_000 });
type Call = 'dues' | 'mastery' | 'start';
const calls = heldCalls<Call>();
/** What each start asked the server to open. */
const saved: RecordSaveRequest[] = [];
const server = setupServer(
  ...sessionHandlers,
  answer(QB.qbReviewDueList, calls.held('dues')),
  answer(QB.qbReviewMastery, calls.held('mastery')),
  answer(QB.qbRecordSave, async ({ request }) => {
    saved.push((await request.json()) as RecordSaveRequest);
    return calls.held('start')();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof reviewMachine.getInitialSnapshot>;
const START: ReviewParams = { projectId: 2, subjectId: 4 };
const OTHER: ReviewParams = { projectId: 2, subjectId: 3 };

/** 12 cards due in the subject (and 5 in another), two chapters. */
const dueData = (params: ReviewParams): ReviewData => {
  const due = reviewDue({ subjectId: params.subjectId, dueCount: 12 });
  return { dues: [due, reviewDue({ subjectId: 99, subjectName: '其他科目', dueCount: 5 })], due, chapters: CHAPTERS };
};
/** Nothing due and no chapter: the subject has no card at all. */
const noneData = (params: ReviewParams): ReviewData => ({ dues: [], due: noDue(params), chapters: [] });

const recordPath = (kind: 'review' | 'smart', subjectId: number) => `/question-bank/learn-center-record/${kind}?sourceId=${subjectId}&recordId=77`;

/** The panel as the home mounts it: the subject from the URL (a chip changes it). */
function PanelOnHome() {
  const subjectId = parseId(new URLSearchParams(useSearch()).get('subjectId')) ?? START.subjectId;
  return <ReviewPanel projectId={2} subjectId={subjectId} />;
}

const panel = () => within(screen.getByRole('region', { name: T.panelTitle }));
const smart = () => within(panel().getByRole('group', { name: T.smartTitle }));
let current: () => string;
let location: ReturnType<typeof renderView>['location'];

describeModel('review on /question-bank/home (今日复习)', {
  machine: reviewMachine,
  input: START,
  start: '登录后打开 /question-bank/home?subjectId=4（题库首页，“今日复习”面板）',
  events: (s: Snap) =>
    [
      { type: 'xstate.done.actor.load', output: dueData(s.context.params) },
      { type: 'xstate.done.actor.load', output: noneData(s.context.params) },
      { type: 'xstate.error.actor.load', error: new Error(SERVER_ERROR) },
      { type: 'RETRY' },
      { type: 'PARAMS_CHANGED', params: OTHER },
      { type: 'START_REVIEW' },
      { type: 'START_SMART', size: 20 },
      { type: 'xstate.done.actor.start', output: { kind: s.context.request?.kind ?? 'review', recordId: 77 } },
      { type: 'xstate.error.actor.start', error: new Error(REFUSED) },
    ] as never[],
  serializeState: (s: Snap) =>
    JSON.stringify([s.value, s.context.params.subjectId, s.context.data?.due.dueCount ?? null, s.context.startError !== null, s.context.request?.kind ?? null]),
  states: {
    loading: async (s: Snap) => {
      await eventually(() => expect(calls.pending('dues')).toBeDefined());
      await eventually(() => expect(calls.pending('mastery')).toBeDefined());
      expect(screen.getByRole('region', { name: T.panelTitle }).getAttribute('aria-busy')).toBe('true');
      expect(panel().getByText(T.loading)).toBeTruthy();
      expect(screen.queryByTestId('review-due')).toBeNull();
      expect(panel().getByRole('link', { name: T.reportLink }).getAttribute('href')).toBe(`/question-bank/report?subjectId=${s.context.params.subjectId}`);
    },
    failed: async () => {
      await eventually(() => expect(panel().getByTestId('error-state').textContent).toContain(SERVER_ERROR));
      expect(panel().getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(screen.queryByTestId('review-due')).toBeNull();
    },
    ready: async (s: Snap) => {
      const due = s.context.data!.due.dueCount;
      await eventually(() => expect(screen.getByTestId('review-due').textContent).toBe(String(due)));
      const start = panel().getByRole('button', { name: T.startReview }) as HTMLButtonElement;
      expect(start.disabled).toBe(due === 0);
      expect(
        smart()
          .getAllByRole('button')
          .map((b) => [b.textContent, (b as HTMLButtonElement).disabled]),
      ).toEqual([
        ['10题', false],
        ['20题', false],
        ['50题', false],
      ]);
      if (due === 0) expect(panel().getByText(T.noCards)).toBeTruthy();
      const bars = panel().queryAllByRole('progressbar');
      if (s.context.data!.chapters.length === 0) {
        expect(bars).toHaveLength(0);
        expect(panel().getByText(T.noChapters)).toBeTruthy();
      } else {
        expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['62', '8']);
        expect(bars[0]!.getAttribute('aria-label')).toBe('第一章 资金时间价值 62%');
      }
      if (s.context.startError) expect(panel().getByRole('alert').textContent).toBe(REFUSED);
      else expect(panel().queryByRole('alert')).toBeNull();
      expect(current()).toBe(`/question-bank/home?subjectId=${s.context.params.subjectId}`);
    },
    starting: async (s: Snap) => {
      await eventually(() => expect(calls.pending('start')).toBeDefined());
      const request = s.context.request!;
      expect(saved.at(-1)).toEqual(
        request.kind === 'review'
          ? { source: 'REVIEW', sourceId: s.context.params.subjectId, mode: 'PRACTICE', answers: [] }
          : { source: 'SMART', sourceId: s.context.params.subjectId, mode: 'PRACTICE', size: 20, answers: [] },
      );
      await eventually(() => expect(panel().getByRole('button', { name: T.starting })).toBeTruthy());
      expect(
        panel()
          .getAllByRole('button')
          .every((b) => (b as HTMLButtonElement).disabled),
      ).toBe(true);
      expect(panel().queryByRole('alert')).toBeNull();
    },
    started: async (s: Snap) => {
      const started = s.context.started as StartedRecord;
      await eventually(() => expect(current()).toBe(recordPath(started.kind, s.context.params.subjectId)));
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: ReviewData }) => {
      await calls.respond('mastery', () => ok(e.output.chapters));
      await calls.respond('dues', () => ok(e.output.dues));
    },
    'xstate.error.actor.load': async () => calls.respond('dues', () => fail(SERVER_ERROR, 500)),
    RETRY: async () => act(async () => void fireEvent.click(panel().getByRole('button', { name: '重新加载' }))),
    // Another subject's chip: the URL changes; the calls left behind are answered and ignored.
    PARAMS_CHANGED: async (e: { params: ReviewParams }) => {
      calls.release();
      await act(async () => location.navigate(`/question-bank/home?subjectId=${e.params.subjectId}`));
    },
    START_REVIEW: async () => act(async () => void fireEvent.click(panel().getByRole('button', { name: T.startReview }))),
    START_SMART: async () => act(async () => void fireEvent.click(smart().getByRole('button', { name: '20题' }))),
    'xstate.done.actor.start': async () =>
      calls.respond('start', () => ok({ recordId: 77, state: 'DOING' as const, deadlineAt: null, serverNow: 0, stale: [], keys: [] })),
    'xstate.error.actor.start': async () => calls.respond('start', () => fail(REFUSED, 400)),
  } as never,
  setup: async () => {
    calls.reset();
    saved.length = 0;
    ({ location, current } = renderView(PanelOnHome, '/question-bank/home?subjectId=4', { pattern: '/question-bank/home' }));
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
