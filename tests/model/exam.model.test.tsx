/**
 * The answering screen, model-based: paths from the real `exam` statechart drive the real
 * learn-center/{paperId} view. The sheet, every batch save and the hand-in wait on msw gates that
 * path steps answer (a record to answer, a practice one, one already handed in; a save stored,
 * refused offline, refused with 409; a hand-in done or failed); the debounce, the back-off and the
 * countdown's last tick are fake-timer steps. The device's journal is fake-indexeddb.
 *
 * The model's clock stands still while paths are generated (versions of answers, the countdown), so
 * the answer to a save can name exactly the batch the save actor was given. Answers, flags and
 * moves are offered where the screen offers them: not behind the hand-in confirmation (modal),
 * moves only while every answer is saved (moving is the same in every sync state), and in
 * practice only the practice journey (answer, its key, hand in).
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { refusedLines, toggleOption, unansweredLabels } from '../../src/domain/questionBank/answerSheet';
import { EXAM_SEAL_STATUS } from '../../src/domain/questionBank/examSeal';
import { formatCountdown } from '../../src/domain/shared/countdown';
import type { AnswerEntry, RecordSummary } from '../../src/domain/questionBank/contract';
import { EXAM_TEXTS } from '../../src/domain/questionBank/examTexts';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import { httpErrorText, NETWORK_ERROR_TEXT } from '../../src/domain/shared/errors';
import { retryDelayMs as retryDelay } from '../../src/domain/shared/retry';
import { examMachine, SAVE_DEBOUNCE_MS, type ExamEvent } from '../../src/machines/questionBank/exam.machine';
import { paths } from '../../src/paths';
import { ApiError } from '../../src/services/shared/http/ApiError';
import type { OpenedExam, SavedBatch } from '../../src/services/questionBank/exam.data';
import { EXAM_SECONDS, examPage, given, networkDown, openedOf, PAPER_ID, saveResult, summaryOf, type OpenKind } from '../support/examKit';
import { advance, click, eventually } from '../support/loginKit';
import { describeModel } from './harness';
import { fail, ok } from '../support/msw';

// A path renders the screen and may run its countdown to the deadline on the fake clock.
vi.setConfig({ testTimeout: 20_000 });

const page = examPage();
const server = setupServer(...page.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const DEBOUNCE = 'xstate.after.debounce.exam.answering.sync.waiting';
const BACKOFF = 'xstate.after.backoff.exam.answering.sync.retrying';
const TICK = 'xstate.after.1000.exam.answering.clock.running';

type Snap = ReturnType<typeof examMachine.getInitialSnapshot>;
type ModelEvent =
  | ExamEvent
  | { type: 'xstate.done.actor.open'; output: OpenedExam }
  | { type: 'xstate.error.actor.open'; error: Error }
  | { type: 'xstate.done.actor.save'; output: SavedBatch }
  | { type: 'xstate.error.actor.save'; error: Error }
  | { type: 'xstate.done.actor.handIn'; output: RecordSummary }
  | { type: 'xstate.error.actor.handIn'; error: Error }
  | { type: typeof DEBOUNCE | typeof BACKOFF | typeof TICK };

/** The model's clock (frozen while paths are generated): an opened exam has EXAM_SECONDS left, and its next tick reaches the deadline. */
const MODEL_NOW = 1_900_000_000_000;
const OPENED_AT = MODEL_NOW - EXAM_SECONDS * 1000;
const MODEL_RECORD = 1;
const SERVER_ERROR = httpErrorText(500)!;

const OFFLINE = new ApiError(NETWORK_ERROR_TEXT, 0, null);
const HANDED_IN_ELSEWHERE = new ApiError(QB_TEXTS.deadlinePassed, 409, 409);
/** Refused for good, naming no answer (a practice sealed by an exam): the batch stops, never retried. */
const SEALED = new ApiError(QB_TEXTS.examSealed, EXAM_SEAL_STATUS, EXAM_SEAL_STATUS);

const matches = (s: Snap, value: Parameters<Snap['matches']>[0]) => s.matches(value);
const isPractice = (s: Snap) => matches(s, { answering: { clock: 'off' } });
/** The batch the save actor was given (what its answer stores). */
const inFlight = (s: Snap): AnswerEntry[] => (s.children.save?.getSnapshot() as { input: { entries: AnswerEntry[] } }).input.entries;
const answeredWhileSaving = (s: Snap) =>
  matches(s, { answering: { sync: 'saving' } }) &&
  Object.values(s.context.unsent).some((entry) => !inFlight(s).some((sent) => sent.questionId === entry.questionId && sent.version === entry.version));
const current = (s: Snap) => s.context.items[s.context.current]!.question;

function events(s: Snap): ModelEvent[] {
  if (s.matches('loading'))
    return [
      ...(['exam', 'practice', 'handedIn'] as OpenKind[]).map((kind) => ({
        type: 'xstate.done.actor.open' as const,
        output: openedOf(kind, MODEL_RECORD, OPENED_AT),
      })),
      { type: 'xstate.error.actor.open', error: new ApiError(SERVER_ERROR, 500, 500) },
    ];
  if (s.matches('loadFailed')) return [{ type: 'RETRY' }];
  if (s.matches('handingIn'))
    return [
      { type: 'xstate.done.actor.handIn', output: summaryOf('exam', MODEL_RECORD, 'DONE') },
      { type: 'xstate.done.actor.handIn', output: summaryOf('exam', MODEL_RECORD, 'MARKING') },
      { type: 'xstate.error.actor.handIn', error: new ApiError(SERVER_ERROR, 500, 500) },
    ];
  if (s.matches('handInFailed')) return [{ type: 'RETRY' }, { type: 'ONLINE' }];
  if (!s.matches('answering')) return [];

  const practice = isPractice(s);
  const idle = matches(s, { answering: { sync: 'idle' } });
  const browsing = matches(s, { answering: { sheet: 'browsing' } });
  const list: ModelEvent[] = [];
  if (matches(s, { answering: { sync: 'waiting' } })) list.push({ type: DEBOUNCE });
  if (matches(s, { answering: { sync: 'saving' } })) {
    const batch = inFlight(s);
    const output: SavedBatch = { result: saveResult(MODEL_RECORD, batch, practice, s.context.deadlineAt, OPENED_AT), sent: batch, receivedAt: OPENED_AT };
    list.push({ type: 'xstate.done.actor.save', output });
    if (!practice) list.push({ type: 'xstate.error.actor.save', error: OFFLINE }, { type: 'xstate.error.actor.save', error: HANDED_IN_ELSEWHERE });
    else list.push({ type: 'xstate.error.actor.save', error: SEALED });
  }
  if (matches(s, { answering: { sync: 'retrying' } })) list.push({ type: BACKOFF }, { type: 'ONLINE' });
  if (!browsing) list.push({ type: 'CANCEL_HAND_IN' }, { type: 'CONFIRM_HAND_IN' });
  if (browsing && (!practice || idle)) {
    const q = current(s);
    const answer = s.context.answers[q.id]?.answer ?? [];
    list.push({ type: 'ANSWER', questionId: q.id, answer: toggleOption(q.type, answer, answer[0] === 'A' ? 'B' : 'A') });
    list.push({ type: 'REQUEST_HAND_IN' });
  }
  if (browsing && idle && !practice) {
    const last = s.context.items.length - 1;
    list.push({ type: 'TOGGLE_FLAG', questionId: current(s).id });
    if (s.context.current < last) list.push({ type: 'NEXT' });
    if (s.context.current > 0) list.push({ type: 'PREV' });
    list.push({ type: 'GO', index: s.context.current === last ? 0 : last });
  }
  if (!practice) list.push({ type: TICK });
  return list;
}

const statusTexts = () => screen.getAllByRole('status').map((el) => el.textContent);
// Role queries are slow over the whole page in jsdom: a state check finds the sheet and the question once and looks inside.
const answerSheet = () => screen.getByRole('navigation', { name: '答题卡' });
const sheetCell = (label: string) => within(answerSheet()).getByRole('button', { name: new RegExp(`^第${label}题`) });
const optionOf = (key: string) => within(screen.getByRole('article')).getByRole('radio', { name: new RegExp(`^选项${key}文字`) });
const OPTION_KEYS = ['A', 'B', 'C', 'D'];
/** The countdown as the screen should show it: a tick each second since the record opened. */
const shownSeconds = () => Math.max(0, EXAM_SECONDS - Math.floor((Date.now() - page.openedAt) / 1000));

// The model's clock stands still while the paths are generated (see the header).
const frozen = vi.spyOn(Date, 'now').mockReturnValue(MODEL_NOW);
describeModel('exam on learn-center/{paperId}', {
  machine: examMachine,
  start: '登录后打开 /question-bank/learn-center/7（全真模拟卷（一），考试模式，限时作答）',
  input: { source: 'PAPER', sourceId: PAPER_ID, recordId: null, mode: 'EXAM' },
  events: events as never,
  // While a batch is out, an answer given meanwhile must stay unsent after the batch's answer.
  serializeState: (s: Snap) => JSON.stringify([s.value, answeredWhileSaving(s)]),
  states: {
    loading: async () => {
      await eventually(() => expect(page.pending('sheet')).toBeDefined());
      expect(statusTexts()).toContain('试卷加载中…');
    },
    loadFailed: async (s: Snap) => {
      await eventually(() => expect(screen.getByRole('alert').textContent).toBe(s.context.loadError));
      expect(s.context.loadError).toBe(SERVER_ERROR);
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    },
    answering: async (s: Snap) => {
      const q = current(s);
      await eventually(() => expect(screen.getByText(q.stem)).toBeTruthy());
      const question = screen.getByRole('article', { name: q.stem });
      expect(screen.getByRole('navigation', { name: '切换题目' }).textContent).toContain(`${s.context.current + 1} / ${s.context.items.length}`);
      // Each cell is named by its aria-label: its question, answered or not, flagged.
      const cells = within(answerSheet()).getAllByRole('button');
      const labels = s.context.items.map((item) => {
        const entry = s.context.answers[item.question.id];
        return `第${item.label}题，${[entry?.answer.length ? '已作答' : '未作答', entry?.flagged ? '已标记' : ''].filter(Boolean).join('，')}`;
      });
      expect(cells.map((cell) => cell.getAttribute('aria-label'))).toEqual(labels);
      expect(cells.map((cell) => cell.getAttribute('aria-current'))).toEqual(s.context.items.map((_, i) => (i === s.context.current ? 'step' : null)));
      const answer = s.context.answers[q.id]?.answer ?? [];
      const options = within(question).getAllByRole('radio');
      expect(options.map((option) => option.textContent)).toEqual(OPTION_KEYS.map((key) => expect.stringContaining(`选项${key}文字`)));
      expect(options.map((option) => option.getAttribute('aria-checked'))).toEqual(OPTION_KEYS.map((key) => String(answer.includes(key))));
      // The chosen option by its accessible name (its key letter is aria-hidden); only checked ones are named, which is cheap.
      for (const key of answer) expect(within(question).getByRole('radio', { checked: true, name: new RegExp(`^选项${key}文字`) })).toBeTruthy();
      const flag = within(question).getByRole('button', { name: /^(标记本题|已标记)$/ });
      expect(flag.getAttribute('aria-pressed')).toBe(String(s.context.answers[q.id]?.flagged ?? false));
    },
    'answering.clock.running': async () => {
      expect(screen.getByText('考试模式')).toBeTruthy();
      expect(screen.getByRole('timer').textContent).toBe(formatCountdown(shownSeconds()));
      // No reference answer before the hand-in.
      expect(screen.queryByRole('region', { name: '答案解析' })).toBeNull();
    },
    'answering.clock.off': async (s: Snap) => {
      expect(screen.getByText('练习模式')).toBeTruthy();
      expect(screen.queryByRole('timer')).toBeNull();
      const key = s.context.keys[current(s).id];
      const region = () => screen.queryByRole('region', { name: '答案解析' });
      if (key && s.context.answers[current(s).id]?.answer.length)
        await eventually(() => expect(region()?.textContent).toContain(`参考答案：${key.answer.join('')}`));
      else expect(region()).toBeNull();
    },
    'answering.sync.idle': async (s: Snap) => {
      const refused = Object.keys(s.context.refused).length;
      await eventually(() => expect(statusTexts()).toContain(refused === 0 ? EXAM_TEXTS.allSaved : EXAM_TEXTS.notAccepted(refused)));
      expect(page.pending('save')).toBeUndefined();
      const alerts = screen.queryAllByRole('alert').map((el) => el.textContent);
      expect(alerts).toEqual(refusedLines(s.context.items, s.context.refused));
    },
    'answering.sync.waiting': async (s: Snap) => {
      await eventually(() => expect(statusTexts()).toContain(EXAM_TEXTS.unsaved(Object.keys(s.context.unsent).length)));
      expect(page.pending('save')).toBeUndefined();
    },
    'answering.sync.saving': async (s: Snap) => {
      await eventually(() => expect(page.pending('save')).toBeDefined());
      expect(given((page.pending('save')!.body as { answers: AnswerEntry[] }).answers)).toEqual(given(inFlight(s)));
      const unsent = Object.keys(s.context.unsent).length;
      expect(statusTexts()).toContain(s.context.failures === 0 ? EXAM_TEXTS.saving : EXAM_TEXTS.unsaved(unsent));
    },
    'answering.sync.retrying': async (s: Snap) => {
      await eventually(() => expect(statusTexts()).toContain(EXAM_TEXTS.unsaved(Object.keys(s.context.unsent).length)));
      expect(page.pending('save')).toBeUndefined();
    },
    'answering.sheet.browsing': async () => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect((screen.getByRole('button', { name: '交卷' }) as HTMLButtonElement).disabled).toBe(false);
    },
    'answering.sheet.confirming': async (s: Snap) => {
      const labels = unansweredLabels(s.context.items, s.context.answers);
      await eventually(() =>
        expect(screen.getByRole('dialog', { name: EXAM_TEXTS.confirmTitle }).textContent).toContain(
          labels.length === 0 ? EXAM_TEXTS.confirmAllAnswered : EXAM_TEXTS.confirmUnanswered(labels),
        ),
      );
    },
    handingIn: async (s: Snap) => {
      await eventually(() => expect(page.pending('handIn')).toBeDefined());
      expect(screen.getByText('正在交卷…')).toBeTruthy();
      // The answers not yet stored go with the hand-in.
      const body = page.pending('handIn')!.body as { recordId: number; answers: AnswerEntry[] };
      expect(body.recordId).toBe(page.recordId);
      expect(given(body.answers)).toEqual(given(Object.values(s.context.unsent)));
      // Why the paper goes in by itself: the countdown, or the server's reason (handed in elsewhere).
      if (s.context.closedReason) expect(screen.getByText(s.context.closedReason)).toBeTruthy();
      else expect(screen.queryByText(EXAM_TEXTS.timeUp)).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    handInFailed: async (s: Snap) => {
      await eventually(() => expect(screen.getByRole('alertdialog').textContent).toContain(s.context.handInError));
      expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: '重新交卷' })).toBeTruthy();
    },
    handedIn: async (s: Snap) => {
      const expected = s.context.result!.state === 'MARKING' ? paths.paperMark(page.recordId) : paths.transcript(page.recordId, PAPER_ID);
      await eventually(() => expect(page.location.history!.at(-1)).toBe(expected));
    },
  },
  exec: {
    'xstate.done.actor.open': async (e: { output: OpenedExam }) => {
      const kind: OpenKind = e.output.sheet.record.state !== 'DOING' ? 'handedIn' : e.output.sheet.record.mode === 'PRACTICE' ? 'practice' : 'exam';
      if (kind !== 'handedIn') await page.keepPosition(e.output.position);
      page.openedAt = Date.now();
      await page.answer('sheet', () => ok(openedOf(kind, page.recordId, Date.now()).sheet));
    },
    'xstate.error.actor.open': async () => page.answer('sheet', () => fail('boom', 500)),
    RETRY: async () => click(screen.getByRole('button', { name: /重新加载|重新交卷/ })),
    ANSWER: async (e: { answer: string[] }) => {
      const key = e.answer[0]!;
      page.answersGiven += 1;
      // Every other answer by its number key, the rest by a click.
      if (page.answersGiven % 2 === 1) await act(async () => void fireEvent.keyDown(window, { key: String('ABCD'.indexOf(key) + 1) }));
      else await click(optionOf(key));
    },
    TOGGLE_FLAG: async () => click(screen.getByRole('button', { name: /^(标记本题|已标记)$/ })),
    NEXT: async () => click(screen.getByRole('button', { name: '下一题' })),
    PREV: async () => act(async () => void fireEvent.keyDown(window, { key: 'ArrowLeft' })),
    GO: async (e: { index: number }) => click(sheetCell(String(e.index + 1))),
    REQUEST_HAND_IN: async () => click(screen.getByRole('button', { name: '交卷' })),
    CANCEL_HAND_IN: async () => click(screen.getByRole('button', { name: '继续作答' })),
    CONFIRM_HAND_IN: async () => click(screen.getByRole('button', { name: '确认交卷' })),
    [DEBOUNCE]: async () => advance(SAVE_DEBOUNCE_MS),
    'xstate.done.actor.save': async (e: { output: SavedBatch }) => {
      page.failures = 0;
      const body = page.pending('save')?.body as { answers: AnswerEntry[] } | undefined;
      const practice = e.output.result.deadlineAt === null;
      await page.answer('save', () =>
        ok(saveResult(page.recordId, body?.answers ?? [], practice, practice ? null : page.openedAt + EXAM_SECONDS * 1000, Date.now())),
      );
    },
    'xstate.error.actor.save': async (e: { error: ApiError }) => {
      if (e.error.status === 409) return page.answer('save', () => fail(QB_TEXTS.deadlinePassed, 409));
      if (e.error.status === EXAM_SEAL_STATUS) return page.answer('save', () => fail(QB_TEXTS.examSealed, EXAM_SEAL_STATUS));
      page.failures += 1;
      return page.answer('save', networkDown);
    },
    [BACKOFF]: async () => advance(retryDelay(page.failures)),
    ONLINE: async () => act(async () => void window.dispatchEvent(new Event('online'))),
    // The countdown's last tick: the fake clock runs to the deadline.
    [TICK]: async () => advance(page.openedAt + EXAM_SECONDS * 1000 - Date.now()),
    'xstate.done.actor.handIn': async (e: { output: RecordSummary }) => page.answer('handIn', () => ok(summaryOf('exam', page.recordId, e.output.state))),
    'xstate.error.actor.handIn': async () => page.answer('handIn', () => fail('boom', 500)),
  } as never,
  setup: page.setup,
  coverage: 'transitions',
  excused: {
    'answering.sync.retrying RETRY': 'no view sends RETRY while answering: a failed save retries by itself (back-off, back online)',
  },
});
frozen.mockRestore();
