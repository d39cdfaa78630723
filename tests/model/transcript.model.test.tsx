/**
 * 成绩单, model-based: paths from the real transcript machine drive the real view at
 * /question-bank/transcript/55/7. The record's report and then the paper's statistics wait on msw
 * gates that path steps answer: a marked record (its score, lines and the paper's figures), one still
 * waiting for self-marking (去批阅), a server error or no network, each with its 重新加载.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { PaperReport, RecordReport } from '../../src/domain/questionBank/contract';
import { REPORT_TEXTS } from '../../src/domain/questionBank/report.texts';
import { httpErrorText, NETWORK_ERROR_TEXT } from '../../src/domain/shared/errors';
import { transcriptMachine } from '../../src/machines/questionBank/transcript.machine';
import type { TranscriptData } from '../../src/services/questionBank/questionBankReport.data';
import { dismissAllToasts } from '../../src/services/shared/toast';
import TranscriptView from '../../src/views/questionBank/report/TranscriptView';
import { renderView, summary } from '../unit/questionBank/qbReport.fixtures';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';
import { heldCalls } from './learningQb.kit';

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
  byType: [{ label: '单项选择题', count: 40, correct: 28, scoreTenths: 560, fullTenths: 800 }],
  bySection: [{ label: '第1章 资金时间价值', count: 45, correct: 30, scoreTenths: 725, fullTenths: 1000 }],
};
const MARKING: RecordReport = { ...REPORT, record: summary({ state: 'MARKING', scoreTenths: null }), passed: null, toMark: 2 };
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

type Call = 'report' | 'paper';
// A failing check waits 5 s for the screen (eventually): let it report rather than time out.
vi.setConfig({ testTimeout: 15_000 });
const calls = heldCalls<Call>();
const server = setupServer(answer(QB.qbRecordReport, calls.held('report')), answer(QB.qbPaperReport, calls.held('paper')));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof transcriptMachine.getInitialSnapshot>;
const SERVER_ERROR = httpErrorText(500)!;
const scoreCard = () => screen.queryByRole('region', { name: '成绩' });

describeModel('transcript on /question-bank/transcript/55/7', {
  machine: transcriptMachine,
  input: { recordId: 55 },
  start: '登录后打开 /question-bank/transcript/55/7（成绩单）',
  events: [
    { type: 'xstate.done.actor.load', output: { report: MARKING, paper: PAPER } },
    { type: 'xstate.done.actor.load', output: { report: REPORT, paper: PAPER } },
    { type: 'xstate.error.actor.load', error: new Error(SERVER_ERROR) },
    { type: 'xstate.error.actor.load', error: new Error(NETWORK_ERROR_TEXT) },
    { type: 'RETRY' },
  ] as never[],
  serializeState: (s: Snap) => JSON.stringify([s.value, s.context.error]),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.pending('report')).toBeDefined());
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(REPORT_TEXTS.transcriptTitle);
      expect(screen.getByRole('status').textContent).toContain('加载中');
      expect(scoreCard()).toBeNull();
    },
    loaded: async () => {
      await eventually(() => expect(scoreCard()).not.toBeNull());
      expect(scoreCard()!.textContent).toContain('72.5 / 100分');
      expect(scoreCard()!.textContent).toContain('恭喜通过（及格线60分）');
      expect(screen.getByRole('link', { name: REPORT_TEXTS.viewAnalysis }).getAttribute('href')).toBe('/question-bank/learn-center-analyze/7/55');
      expect(within(screen.getByRole('table', { name: '按题型' })).getByRole('row', { name: /单项选择题/ }).textContent).toContain('70%');
      expect(screen.getByRole('region', { name: '本卷统计' }).textContent).toMatch(/参加人数12.*平均分65.5分/);
      expect(screen.queryByText(REPORT_TEXTS.stillMarking(2))).toBeNull();
    },
    marking: async () => {
      await eventually(() => expect(screen.getByText(REPORT_TEXTS.stillMarking(2))).toBeTruthy());
      expect(screen.getByRole('link', { name: REPORT_TEXTS.goMark }).getAttribute('href')).toBe('/question-bank/learn-center-mark/55');
      expect(scoreCard()).toBeNull();
    },
    failed: async (s: Snap) => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toBe(`${s.context.error}重新加载`));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(scoreCard()).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: TranscriptData }) => {
      await calls.respond('report', () => ok(e.output.report));
      await calls.respond('paper', () => ok(e.output.paper!));
    },
    'xstate.error.actor.load': async (e: { error: Error }) =>
      calls.respond('report', () => (e.error.message === SERVER_ERROR ? fail('boom', 500) : Response.error())),
    RETRY: async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
  } as never,
  setup: async () => {
    calls.reset();
    renderView(TranscriptView, '/question-bank/transcript/55/7', { recordId: '55', paperId: '7' });
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
  excused: {
    'loaded RELOAD': 'TranscriptView never sends RELOAD (another record is a new flow, keyed by its id)',
    'marking RELOAD': 'TranscriptView never sends RELOAD (another record is a new flow, keyed by its id)',
  },
});
