/**
 * 试卷解析, model-based: paths from the real analysis machine drive the real view at
 * /question-bank/learn-center-analyze/7/55. The record's analysis, each favourite save and each 纠错
 * wait on msw gates that path steps answer: the load (or a failure and its 重新加载), the ☆ toggle
 * shown at once and then stored or rolled back, the 纠错 dialog (kind, words, a blank draft refused
 * on the spot, the server's thanks or its refusal, 取消 / 关闭).
 *
 * The 纠错 dialog is modal: while it is open the page's ☆ cannot be pressed, so toggles are offered
 * with the dialog closed; 纠错 is opened while no favourite is being saved (its button does not
 * wait, but the regions are independent and this keeps the paths few).
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { AnalysisItem } from '../../src/domain/questionBank/contract';
import { FEEDBACK_KIND_LABELS, type FeedbackKind } from '../../src/domain/questionBank/limits';
import { REPORT_TEXTS } from '../../src/domain/questionBank/report.texts';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import { httpErrorText } from '../../src/domain/shared/errors';
import { analysisMachine, feedbackProblem, type AnalysisEvent } from '../../src/machines/questionBank/analysis.machine';
import type { AnalysisData } from '../../src/services/questionBank/questionBankReport.data';
import { dismissAllToasts } from '../../src/services/shared/toast';
import PaperAnalysisView from '../../src/views/questionBank/report/PaperAnalysisView';
import { question, renderView, summary } from '../unit/questionBank/qbReport.fixtures';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';
import { heldCalls } from './learningQb.kit';

const item = (id: number, verdict: 'CORRECT' | 'WRONG', favorite: boolean): AnalysisItem => ({
  question: question(id, 'SINGLE', { no: id }),
  caseStem: null,
  answer: [verdict === 'CORRECT' ? 'B' : 'C'],
  key: { questionId: id, answer: ['B'], analysis: `第${id}题的解析。` },
  scoreTenths: verdict === 'CORRECT' ? 20 : 0,
  verdict,
  correctRate: 64,
  favorite,
});
const ITEMS = [item(1, 'CORRECT', false), item(2, 'WRONG', true)];
const LOADED: AnalysisData = { kind: 'record', record: summary(), items: ITEMS, favorites: { 1: false, 2: true } };
const SERVER_ERROR = httpErrorText(500)!;
const REFUSED = '该题已有同类纠错，感谢关注';
const WORDS = '答案应为C';

// A failing check waits 5 s for the screen (eventually): let it report rather than time out.
vi.setConfig({ testTimeout: 15_000 });
type Call = 'load' | 'collect' | 'feedback';
const calls = heldCalls<Call>();
const bodies: { collect: unknown[]; feedback: unknown[] } = { collect: [], feedback: [] };
const server = setupServer(
  answer(QB.qbRecordAnalysis, calls.held('load')),
  answer(QB.qbCollect, async ({ request }) => {
    bodies.collect.push(await request.json());
    return calls.held('collect')();
  }),
  answer(QB.qbAddFeedback, async ({ request }) => {
    bodies.feedback.push(await request.json());
    return calls.held('feedback')();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof analysisMachine.getInitialSnapshot>;
type ModelEvent =
  | AnalysisEvent
  | { type: 'xstate.done.actor.load'; output: AnalysisData }
  | { type: 'xstate.error.actor.load'; error: Error }
  | { type: 'xstate.done.actor.saveFavorite'; output: unknown }
  | { type: 'xstate.error.actor.saveFavorite'; error: Error }
  | { type: 'xstate.done.actor.sendFeedback'; output: string }
  | { type: 'xstate.error.actor.sendFeedback'; error: Error };

const ready = (s: Snap) => feedbackProblem(s.context.feedback) === null;

function events(s: Snap): ModelEvent[] {
  if (s.matches('loading'))
    return [
      { type: 'xstate.done.actor.load', output: LOADED },
      { type: 'xstate.error.actor.load', error: new Error(SERVER_ERROR) },
    ];
  if (s.matches('failed')) return [{ type: 'RETRY' }];
  const list: ModelEvent[] = [];
  const closed = s.matches({ loaded: { feedback: 'closed' } });
  const idle = s.matches({ loaded: { favorite: 'idle' } });
  if (closed && idle) list.push({ type: 'TOGGLE_FAVORITE', questionId: 1 });
  if (s.matches({ loaded: { favorite: 'saving' } }))
    list.push(
      { type: 'xstate.done.actor.saveFavorite', output: { questionId: 1, favorite: s.context.pendingFavorite!.favorite } },
      { type: 'xstate.error.actor.saveFavorite', error: new Error(SERVER_ERROR) },
    );
  if (closed && idle) list.push({ type: 'OPEN_FEEDBACK', questionId: 2 });
  if (s.matches({ loaded: { feedback: 'editing' } })) {
    list.push({ type: 'EDIT_FEEDBACK', content: ready(s) ? '   ' : WORDS });
    if (s.context.feedback!.kind !== 'STEM') list.push({ type: 'EDIT_FEEDBACK', kind: 'STEM' });
    list.push({ type: 'SEND_FEEDBACK' }, { type: 'CLOSE_FEEDBACK' });
  }
  if (s.matches({ loaded: { feedback: 'sending' } }))
    list.push(
      { type: 'xstate.done.actor.sendFeedback', output: QB_TEXTS.feedbackThanks },
      { type: 'xstate.error.actor.sendFeedback', error: new Error(REFUSED) },
    );
  if (s.matches({ loaded: { feedback: 'sent' } })) list.push({ type: 'CLOSE_FEEDBACK' });
  return list;
}

const card = (no: number) => screen.getByRole('article', { name: new RegExp(`^第${no}题`) });
const star = (no: number) => within(card(no)).getByRole('button', { name: /收藏/ }) as HTMLButtonElement;
const dialog = () => screen.queryByRole('dialog', { name: REPORT_TEXTS.feedbackTitle });
const textarea = () => within(dialog()!).getByRole('textbox', { name: REPORT_TEXTS.feedbackContent }) as HTMLTextAreaElement;

describeModel('analysis on /question-bank/learn-center-analyze/7/55', {
  machine: analysisMachine,
  input: { source: { kind: 'record', recordId: 55 } },
  start: '登录后打开 /question-bank/learn-center-analyze/7/55（试卷解析）',
  events: events as never,
  // The favourites and the messages are checked on each path's own snapshot; what tells states
  // apart is the draft's readiness (SEND_FEEDBACK's guard).
  serializeState: (s: Snap) => JSON.stringify([s.value, s.matches('loaded') && ready(s)]),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.pending('load')).toBeDefined());
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(REPORT_TEXTS.analysisTitle);
      expect(screen.getByRole('status').textContent).toContain('加载中');
      expect(screen.queryAllByRole('article')).toHaveLength(0);
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain(SERVER_ERROR));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    },
    loaded: async (s: Snap) => {
      await eventually(() => expect(screen.getAllByRole('article')).toHaveLength(2));
      expect(within(card(2)).getByText('回答错误')).toBeTruthy();
      // The ☆ shows the toggle at once (ahead of the server), and the rollback after a failed save.
      expect(star(1).getAttribute('aria-pressed')).toBe(String(s.context.favorites[1]));
      expect(star(2).getAttribute('aria-pressed')).toBe('true');
      expect(screen.queryByText(REPORT_TEXTS.favoriteFailed) !== null).toBe(s.context.favoriteError !== null);
    },
    'loaded.favorite.idle': async () => {
      expect(star(1).disabled).toBe(false);
      expect(calls.pending('collect')).toBeUndefined();
    },
    'loaded.favorite.saving': async (s: Snap) => {
      await eventually(() => expect(calls.pending('collect')).toBeDefined());
      expect(bodies.collect.at(-1)).toEqual({ questionId: 1, collect: s.context.pendingFavorite!.favorite });
      expect(star(1).disabled).toBe(true);
      expect(star(1).textContent).toBe(s.context.pendingFavorite!.favorite ? `★ ${REPORT_TEXTS.favorited}` : `☆ ${REPORT_TEXTS.favorite}`);
    },
    'loaded.feedback.closed': async () => {
      await eventually(() => expect(dialog()).toBeNull());
    },
    'loaded.feedback.editing': async (s: Snap) => {
      const draft = s.context.feedback!;
      await eventually(() => expect(dialog()).not.toBeNull());
      await eventually(() => expect(textarea().value).toBe(draft.content));
      const box = within(dialog()!);
      expect((box.getByRole('radio', { name: FEEDBACK_KIND_LABELS[draft.kind] }) as HTMLInputElement).checked).toBe(true);
      await eventually(() => expect(box.queryByRole('alert')?.textContent ?? null).toBe(s.context.feedbackError));
      expect((box.getByRole('button', { name: REPORT_TEXTS.feedbackSend }) as HTMLButtonElement).disabled).toBe(false);
      expect(textarea().disabled).toBe(false);
    },
    'loaded.feedback.sending': async (s: Snap) => {
      await eventually(() => expect(calls.pending('feedback')).toBeDefined());
      const draft = s.context.feedback!;
      expect(bodies.feedback.at(-1)).toEqual({ questionId: 2, kind: draft.kind, content: draft.content.trim() });
      expect((within(dialog()!).getByRole('button', { name: '提交中…' }) as HTMLButtonElement).disabled).toBe(true);
      expect(textarea().disabled).toBe(true);
    },
    'loaded.feedback.sent': async () => {
      await eventually(() => expect(within(dialog()!).getByRole('status').textContent).toBe(QB_TEXTS.feedbackThanks));
      expect(within(dialog()!).getByRole('button', { name: '关闭' })).toBeTruthy();
      expect(within(dialog()!).queryByRole('textbox')).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.load': async () => calls.respond('load', () => ok({ record: LOADED.kind === 'record' ? LOADED.record : summary(), items: ITEMS })),
    'xstate.error.actor.load': async () => calls.respond('load', () => fail('boom', 500)),
    RETRY: async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
    TOGGLE_FAVORITE: async () => act(async () => void fireEvent.click(star(1))),
    'xstate.done.actor.saveFavorite': async (e: { output: { questionId: number; favorite: boolean } }) => calls.respond('collect', () => ok(e.output)),
    'xstate.error.actor.saveFavorite': async () => calls.respond('collect', () => fail('boom', 500)),
    OPEN_FEEDBACK: async () => act(async () => void fireEvent.click(within(card(2)).getByRole('button', { name: REPORT_TEXTS.feedback }))),
    EDIT_FEEDBACK: async (e: { kind?: FeedbackKind; content?: string }) => {
      if (e.kind) return act(async () => void fireEvent.click(within(dialog()!).getByRole('radio', { name: FEEDBACK_KIND_LABELS[e.kind!] })));
      await act(async () => void fireEvent.change(textarea(), { target: { value: e.content } }));
    },
    SEND_FEEDBACK: async () => act(async () => void fireEvent.click(within(dialog()!).getByRole('button', { name: REPORT_TEXTS.feedbackSend }))),
    CLOSE_FEEDBACK: async () => act(async () => void fireEvent.click(within(dialog()!).getByRole('button', { name: /^(取消|关闭)$/ }))),
    'xstate.done.actor.sendFeedback': async (e: { output: string }) => calls.respond('feedback', () => ok({ message: e.output })),
    'xstate.error.actor.sendFeedback': async () => calls.respond('feedback', () => fail(REFUSED, 400)),
  } as never,
  setup: async () => {
    calls.reset();
    bodies.collect.length = 0;
    bodies.feedback.length = 0;
    renderView(PaperAnalysisView, '/question-bank/learn-center-analyze/7/55', { paperId: '7', recordId: '55' });
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
