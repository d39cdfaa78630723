/**
 * Self-marking, model-based: paths from the real paperMark machine drive the real PaperMarkView on
 * learn-center-mark/55. The sheet load and the marks' hand-in wait on msw gates that path steps
 * open (a MARKING record, one already marked, or a failure); marks are typed into the real inputs.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { HandScoreRequest, RecordSheet } from '../../src/domain/questionBank/contract';
import { markProblems } from '../../src/domain/questionBank/report';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import { paperMarkMachine } from '../../src/machines/questionBank/paperMark.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import PaperMarkView from '../../src/views/questionBank/report/PaperMarkView';
import { eventually, gate, type Gate } from '../support/loginKit';
import { question, renderView, summary } from '../unit/questionBank/qbReport.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const SHEET: RecordSheet = {
  record: summary({ state: 'MARKING', scoreTenths: null }),
  deadlineAt: null,
  serverNow: 0,
  questions: [question(1, 'SINGLE'), question(2, 'SHORT_ANSWER', { scoreTenths: 50 }), question(3, 'SHORT_ANSWER', { scoreTenths: 40 })],
  answers: [
    { questionId: 1, answer: ['A'], flagged: false, version: 1 },
    { questionId: 2, answer: ['我的作答二'], flagged: false, version: 2 },
    { questionId: 3, answer: ['我的作答三'], flagged: false, version: 3 },
  ],
  keys: [
    { questionId: 2, answer: ['参考二'], analysis: '解析二' },
    { questionId: 3, answer: ['参考三'], analysis: '解析三' },
  ],
};
const MARKED: RecordSheet = { ...SHEET, record: summary({ state: 'DONE' }) };

type Call = 'load' | 'submit';
let pending: Partial<Record<Call, Gate<Response>>> = {};
const handIns: HandScoreRequest[] = [];
const held = (call: Call) => () => {
  const g = gate<Response>();
  pending[call] = g;
  return g.promise;
};
async function respond(call: Call, response: () => Response): Promise<void> {
  await eventually(() => expect(pending[call]).toBeDefined());
  const g = pending[call]!;
  delete pending[call];
  await act(async () => {
    g.open(response());
  });
}

const server = setupServer(
  answer(QB.qbRecordQuestions, held('load')),
  answer(QB.qbHandScore, async (info) => {
    handIns.push((await info.request.clone().json()) as HandScoreRequest);
    return held('submit')();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let app: ReturnType<typeof renderView> | undefined;
const input = (questionId: number) => document.getElementById(`xt-mark-${questionId}`) as HTMLInputElement;
const TRANSCRIPT = '/question-bank/transcript/55/7';

type Snap = ReturnType<typeof paperMarkMachine.getInitialSnapshot>;
const problemsShown = () => screen.queryAllByText(new RegExp(`^(${QB_TEXTS.marksMissing}|${QB_TEXTS.markInvalid})$`)).length;

describeModel('paperMark on learn-center-mark/55', {
  machine: paperMarkMachine,
  input: { recordId: 55 },
  start: '登录后打开 /question-bank/learn-center-mark/55（试卷批阅）',
  events: [
    { type: 'SET_MARK', questionId: 2, text: '3.5' },
    { type: 'SET_MARK', questionId: 3, text: '4' },
    { type: 'SET_MARK', questionId: 3, text: '4.2' },
    { type: 'SUBMIT' },
    { type: 'RETRY' },
    { type: 'xstate.done.actor.load', output: SHEET },
    { type: 'xstate.done.actor.load', output: MARKED },
    { type: 'xstate.error.actor.load', error: new Error('服务器错误(500)') },
    { type: 'xstate.done.actor.submit', output: summary({ state: 'DONE' }) },
    { type: 'xstate.error.actor.submit', error: new Error('服务器错误(500)') },
  ] as never[],
  // The state and how many marks still have a problem: paths that differ only in values merge.
  serializeState: (s: Snap) =>
    JSON.stringify([s.value, Object.keys(markProblems(s.context.items, s.context.answers, s.context.marks)).length, Object.keys(s.context.problems).length]),
  states: {
    loading: async () => {
      await eventually(() => expect(pending.load).toBeDefined());
      expect(screen.getByRole('status').textContent).toContain('加载中');
    },
    loadFailed: async () => {
      await eventually(() => expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy());
    },
    notMarking: async () => {
      await eventually(() => expect(app!.current()).toBe(TRANSCRIPT));
      expect(handIns).toHaveLength(0);
    },
    marking: async (s: Snap) => {
      await eventually(() => {
        expect(input(2).value).toBe(s.context.marks[2] ?? '');
        expect(input(3).value).toBe(s.context.marks[3] ?? '');
        expect(problemsShown()).toBe(Object.keys(s.context.problems).length);
      });
      expect((screen.getByRole('button', { name: '提交批阅' }) as HTMLButtonElement).disabled).toBe(false);
      expect(pending.submit).toBeUndefined();
    },
    submitting: async (s: Snap) => {
      await eventually(() => expect(pending.submit).toBeDefined());
      expect((screen.getByRole('button', { name: '正在提交…' }) as HTMLButtonElement).disabled).toBe(true);
      expect(handIns.at(-1)).toEqual({
        recordId: 55,
        marks: [2, 3].map((id) => ({ questionId: id, scoreTenths: Math.round(Number(s.context.marks[id]) * 10) })),
      });
    },
    failed: async () => {
      await eventually(() => expect(screen.getByRole('button', { name: '重新提交' })).toBeTruthy());
      expect(screen.getByRole('alert').textContent).toContain('服务器错误');
    },
    done: async () => {
      await eventually(() => expect(app!.current()).toBe(TRANSCRIPT));
    },
  },
  exec: {
    SET_MARK: async (e: { questionId: number; text: string }) => {
      await act(async () => {
        // React reports only real changes: step away first when the field holds the value already.
        if (input(e.questionId).value === e.text) fireEvent.change(input(e.questionId), { target: { value: '' } });
        fireEvent.change(input(e.questionId), { target: { value: e.text } });
      });
    },
    SUBMIT: async () => {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: '提交批阅' }));
      });
    },
    RETRY: async () => {
      const button = screen.queryByRole('button', { name: '重新提交' }) ?? screen.getByRole('button', { name: '重新加载' });
      await act(async () => {
        fireEvent.click(button);
      });
    },
    'xstate.done.actor.load': async (e: { output: RecordSheet }) => respond('load', () => ok(e.output)),
    'xstate.error.actor.load': async () => respond('load', () => fail('服务器错误', 500)),
    'xstate.done.actor.submit': async () => respond('submit', () => ok(summary({ state: 'DONE' }))),
    'xstate.error.actor.submit': async () => respond('submit', () => fail('服务器错误', 500)),
  } as never,
  setup: async () => {
    pending = {};
    handIns.length = 0;
    app = renderView(PaperMarkView, '/question-bank/learn-center-mark/55', { recordId: '55' });
    await eventually(() => expect(pending.load).toBeDefined());
    return () => {
      for (const g of Object.values(pending) as (Gate<Response> | undefined)[]) g?.open(ok(null));
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
