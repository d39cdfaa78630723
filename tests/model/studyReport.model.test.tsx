/**
 * 学习报告, model-based: paths from the real studyReport machine drive the real view at
 * /question-bank/report?subjectId=4 for a logged-in student. The 30 days' figures, the mastery and
 * the due list wait on msw gates that path steps answer: a month with answers and cards due (the
 * totals, 30 bars, the line's points), nothing answered and no card (the empty report), a failure
 * and its 重新加载.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import { REVIEW_TEXTS as T } from '../../src/domain/questionBank/review.texts';
import { httpErrorText } from '../../src/domain/shared/errors';
import { studyReportMachine, type StudyReportData } from '../../src/machines/questionBank/studyReport.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import StudyReportView from '../../src/views/questionBank/report/StudyReportView';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { CHAPTERS, dailyStats, reviewDue } from '../unit/questionBank/review.fixtures';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';
import { heldCalls } from './learningQb.kit';

const SERVER_ERROR = httpErrorText(500)!;

// A failing check waits 5 s for the screen (eventually): let it report rather than time out.
vi.setConfig({ testTimeout: 15_000 });
type Call = 'stats' | 'mastery' | 'dues';
const calls = heldCalls<Call>();
const server = setupServer(
  ...sessionHandlers,
  answer(QB.qbReviewDailyStats, calls.held('stats')),
  answer(QB.qbReviewMastery, calls.held('mastery')),
  answer(QB.qbReviewDueList, calls.held('dues')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof studyReportMachine.getInitialSnapshot>;

/** Three days with answers (70 questions, 54 right: 77%), 12 cards due, two chapters. */
const REPORT: StudyReportData = { days: dailyStats({ 0: [10, 5], 14: [40, 30], 29: [20, 19] }), chapters: CHAPTERS, due: reviewDue({ dueCount: 12 }) };
/** Nothing answered in the 30 days and no card. */
const NOTHING: StudyReportData = { days: dailyStats(), chapters: CHAPTERS, due: null };

describeModel('studyReport on /question-bank/report?subjectId=4', {
  machine: studyReportMachine,
  input: { subjectId: 4 },
  start: '登录后打开 /question-bank/report?subjectId=4（学习报告）',
  events: [
    { type: 'xstate.done.actor.load', output: REPORT },
    { type: 'xstate.done.actor.load', output: NOTHING },
    { type: 'xstate.error.actor.load', error: new Error(SERVER_ERROR) },
    { type: 'RETRY' },
  ] as never[],
  serializeState: (s: Snap) => JSON.stringify([s.value]),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.pending('stats')).toBeDefined());
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(T.reportTitle);
      expect(screen.getByRole('status').textContent).toContain('加载中');
      expect(screen.queryByRole('img')).toBeNull();
    },
    loaded: async () => {
      await eventually(() => expect(screen.getByTestId('study-answered').textContent).toBe('70'));
      expect(screen.getByTestId('study-accuracy').textContent).toBe('77%');
      expect(screen.getByTestId('study-due').textContent).toBe('12');
      expect(screen.getByRole('img', { name: T.chartLabel(70, '77%') })).toBeTruthy();
      expect(screen.getAllByTestId('study-bar')).toHaveLength(30);
      expect(screen.getAllByTestId('study-point')).toHaveLength(3);
      expect(within(screen.getByRole('table', { name: T.tableCaption })).getAllByRole('row')).toHaveLength(31);
      expect(
        within(screen.getByRole('region', { name: T.masteryTitle }))
          .getAllByRole('progressbar')
          .map((b) => b.getAttribute('aria-valuenow')),
      ).toEqual(['62', '8']);
      expect(screen.queryByRole('status')).toBeNull();
    },
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toContain(T.reportEmpty));
      expect(screen.getByRole('link', { name: T.goPractice }).getAttribute('href')).toBe('/question-bank/home?subjectId=4');
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain(SERVER_ERROR));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(screen.queryByRole('img')).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: StudyReportData }) => {
      await calls.respond('mastery', () => ok(e.output.chapters));
      await calls.respond('dues', () => ok(e.output.due ? [e.output.due] : []));
      await calls.respond('stats', () => ok(e.output.days));
    },
    'xstate.error.actor.load': async () => calls.respond('stats', () => fail(SERVER_ERROR, 500)),
    RETRY: async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
  } as never,
  setup: async () => {
    calls.reset();
    renderView(StudyReportView, '/question-bank/report?subjectId=4', { pattern: '/question-bank/report' });
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
  excused: {
    'loaded RELOAD': 'StudyReportView never sends RELOAD: the report loads once per subject (another subject is another page)',
    'empty RELOAD': 'StudyReportView never sends RELOAD: the report loads once per subject (another subject is another page)',
  },
});
