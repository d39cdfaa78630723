/**
 * 试卷详情, model-based: paths from the real paperDetail machine drive the real view at
 * /question-bank/learn-center-paper/7 for a logged-in student. The paper and the student's records
 * wait on msw gates that path steps answer (the paper with records, with none, a failure and its
 * 重新加载); another paper's link loads in place (PARAMS_CHANGED), whatever the page shows.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { PaperDetail, RecordSummary } from '../../src/domain/questionBank/contract';
import { QB_HOME_TEXTS as T } from '../../src/domain/questionBank/home.texts';
import { paperDetailMachine, type PaperDetailParams } from '../../src/machines/questionBank/paperDetail.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import PaperDetailView from '../../src/views/questionBank/home/PaperDetailView';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { summary } from '../unit/questionBank/qbReport.fixtures';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';
import { heldCalls } from './learningQb.kit';

type Call = 'paper' | 'records';
const calls = heldCalls<Call>();
/** The paper ids asked for, in order. */
const asked: number[] = [];
const server = setupServer(
  ...sessionHandlers,
  answer(QB.qbPaperDetail, ({ params }) => {
    asked.push(Number(params.id));
    return calls.held('paper')();
  }),
  answer(QB.qbRecordPageList, calls.held('records')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const paper = (id: number): PaperDetail => ({
  id,
  name: `2027一建《工程经济》模拟卷 ${id}`,
  paperType: 'MOCK',
  year: 2027,
  subjectId: 4,
  durationMinutes: 120,
  totalScoreTenths: 1000,
  passScoreTenths: 600,
  questionCount: 100,
  free: true,
  locked: false,
  attempts: 2,
  bestScoreTenths: 725,
  doingRecordId: 56,
  subjectName: '建设工程经济',
  projectId: 2,
  projectName: '一级建造师',
  countsByType: [{ type: 'SINGLE', count: 60, scoreTenths: 600 }],
  courseId: null,
});
const records = (paperId: number): RecordSummary[] => [
  summary({ id: 55, sourceId: paperId }),
  // Another paper's record: not this page's.
  summary({ id: 57, sourceId: 99 }),
];

type Snap = ReturnType<typeof paperDetailMachine.getInitialSnapshot>;
type Loaded = { paper: PaperDetail; records: RecordSummary[] };
const START: PaperDetailParams = { paperId: 7, loggedIn: true };
const OTHER: PaperDetailParams = { paperId: 8, loggedIn: true };
let location: ReturnType<typeof renderView>['location'];

describeModel('paperDetail on /question-bank/learn-center-paper/7', {
  machine: paperDetailMachine,
  input: START,
  start: '登录后打开 /question-bank/learn-center-paper/7（试卷详情）',
  events: (s: Snap) =>
    [
      {
        type: 'xstate.done.actor.load',
        output: { paper: paper(s.context.params.paperId), records: [summary({ id: 55, sourceId: s.context.params.paperId })] },
      },
      { type: 'xstate.done.actor.load', output: { paper: paper(s.context.params.paperId), records: [] } },
      { type: 'xstate.error.actor.load', error: new Error('服务器错误(500)') },
      { type: 'RETRY' },
      { type: 'PARAMS_CHANGED', params: OTHER },
    ] as never[],
  serializeState: (s: Snap) => JSON.stringify([s.value, s.context.params.paperId, s.context.data?.records.length ?? null]),
  states: {
    loading: async (s: Snap) => {
      await eventually(() => expect(calls.pending('paper')).toBeDefined());
      expect(asked.at(-1)).toBe(s.context.params.paperId);
      expect(screen.getByRole('status').textContent).toContain('加载中');
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    },
    loaded: async (s: Snap) => {
      const shown = paper(s.context.params.paperId);
      await eventually(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(shown.name));
      expect(screen.getByRole('region', { name: T.paperIntro }).textContent).toContain(`${T.attempts(2)}，${T.best('72.5')}`);
      expect(screen.getByRole('link', { name: T.continueAnswer }).getAttribute('href')).toContain(`/question-bank/learn-center/${shown.id}`);
      const latest = screen.getByRole('region', { name: T.latestRecords });
      if (s.context.data!.records.length === 0) {
        expect(latest.textContent).toContain(T.noRecordsYet);
      } else {
        expect(within(latest).getAllByTestId('qb-paper-record')).toHaveLength(1);
        expect(within(latest).getByRole('link', { name: T.transcript }).getAttribute('href')).toBe(`/question-bank/transcript/55/${shown.id}`);
      }
      expect(screen.queryByRole('status')).toBeNull();
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain('服务器错误(500)'));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: Loaded }) => {
      await calls.respond('records', () => ok({ records: e.output.records.length ? records(e.output.paper.id) : [], total: 2, size: 50, current: 1 }));
      await calls.respond('paper', () => ok(e.output.paper));
    },
    'xstate.error.actor.load': async () => {
      await calls.respond('records', () => ok({ records: [], total: 0, size: 50, current: 1 }));
      await calls.respond('paper', () => fail('服务器错误(500)', 500));
    },
    RETRY: async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
    // Another paper's link: the calls of the load left behind are answered, the page loads in place.
    PARAMS_CHANGED: async (e: { params: PaperDetailParams }) => {
      calls.release();
      await act(async () => location.navigate(`/question-bank/learn-center-paper/${e.params.paperId}`));
    },
  } as never,
  setup: async () => {
    calls.reset();
    asked.length = 0;
    ({ location } = renderView(PaperDetailView, '/question-bank/learn-center-paper/7', { pattern: '/question-bank/learn-center-paper/:id' }));
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
  excused: { 'loaded RELOAD': 'PaperDetailView never sends RELOAD: a new paper or a login reloads through PARAMS_CHANGED' },
});
