/**
 * The exam statechart with its outside world faked: answers are journaled at once and saved in
 * batches, saving retries while offline, another tab's newer answer is adopted, the countdown
 * hands in at zero, and the hand-in confirmation.
 */
import { EXAM_TEXTS } from '../../../src/domain/questionBank/examTexts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnswerEntry, QuestionView, RecordSheet, RecordSummary } from '../../../src/domain/questionBank/contract';
import { retryDelayMs as retryDelay } from '../../../src/domain/shared/retry';
import { examMachine, SAVE_DEBOUNCE_MS } from '../../../src/machines/questionBank/exam.machine';
import type { OpenedExam, SavedBatch } from '../../../src/services/questionBank/exam.data';
import { ApiError } from '../../../src/services/shared/http/ApiError';

const journaled: AnswerEntry[] = [];
vi.mock('../../../src/services/questionBank/exam.data', async (importActual) => ({
  ...(await importActual<typeof import('../../../src/services/questionBank/exam.data')>()),
  journalAnswer: (_recordId: number, entry: AnswerEntry) => {
    journaled.push(entry);
    return Promise.resolve();
  },
  journalPosition: () => Promise.resolve(),
}));

const NOW = 1_800_000_000_000;
const question = (id: number, no: number): QuestionView => ({ id, type: 'SINGLE', stem: `题${id}`, options: [], blanks: 0, scoreTenths: 10, no, subs: [] });
const summary = (state: RecordSummary['state']): RecordSummary => ({
  id: 5,
  source: 'PAPER',
  sourceId: 1,
  name: '模拟卷',
  mode: 'EXAM',
  state,
  startedAt: NOW,
  handedInAt: null,
  scoreTenths: null,
  totalScoreTenths: 30,
  questionCount: 3,
  answeredCount: 0,
});

function opened(deadlineInMs: number | null, state: RecordSummary['state'] = 'DOING', answers: AnswerEntry[] = []): OpenedExam {
  const sheet: RecordSheet = {
    record: summary(state),
    deadlineAt: deadlineInMs === null ? null : NOW + deadlineInMs,
    serverNow: NOW,
    questions: [question(1, 1), question(2, 2), question(3, 3)],
    answers,
    keys: [],
  };
  return {
    sheet,
    merged: { answers: Object.fromEntries(answers.map((a) => [a.questionId, a])), unsent: [], lastVersion: 0 },
    position: 1,
    durable: true,
    receivedAt: NOW,
  };
}

interface Fakes {
  open: OpenedExam;
  save: (entries: AnswerEntry[]) => Promise<SavedBatch>;
}

const saved: AnswerEntry[][] = [];
const handedIn: AnswerEntry[][] = [];

function start(fakes: Fakes) {
  const actor = createActor(
    examMachine.provide({
      actors: {
        open: fromPromise(() => Promise.resolve(fakes.open)),
        save: fromPromise(({ input }: { input: { recordId: number; entries: AnswerEntry[] } }) => {
          saved.push(input.entries);
          return fakes.save(input.entries);
        }),
        handIn: fromPromise(({ input }: { input: { recordId: number; unsent: AnswerEntry[] } }) => {
          handedIn.push(input.unsent);
          return Promise.resolve(summary('DONE'));
        }),
      },
    }),
    { input: { source: 'PAPER', sourceId: 1, recordId: null, mode: 'EXAM' } },
  );
  actor.start();
  return actor;
}

const ok = (entries: AnswerEntry[], stale: AnswerEntry[] = []): Promise<SavedBatch> =>
  Promise.resolve({ result: { recordId: 5, state: 'DOING', deadlineAt: null, serverNow: Date.now(), stale, keys: [] }, sent: entries, receivedAt: Date.now() });

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  journaled.length = 0;
  saved.length = 0;
  handedIn.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('exam statechart', () => {
  it('journals an answer at once and saves answers together after a short wait', async () => {
    const actor = start({ open: opened(null), save: ok });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.current).toBe(1);
    actor.send({ type: 'ANSWER', questionId: 1, answer: ['A'] });
    actor.send({ type: 'ANSWER', questionId: 2, answer: ['B'] });
    expect(journaled.map((entry) => entry.questionId)).toEqual([1, 2]);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.map((entry) => entry.answer)).toEqual([['A'], ['B']]);
    expect(actor.getSnapshot().context.unsent).toEqual({});
    expect(journaled[1]!.version).toBeGreaterThan(journaled[0]!.version);
  });

  it('says how long each answer took: the time on its question, kept across visits (the review grade reads it)', async () => {
    const actor = start({ open: opened(null), save: ok });
    await vi.advanceTimersByTimeAsync(0);
    // Opened on question 2 (index 1): 40 s there, 10 s on question 3, back to question 2 for 55 s.
    await vi.advanceTimersByTimeAsync(40_000);
    actor.send({ type: 'NEXT' });
    await vi.advanceTimersByTimeAsync(10_000);
    actor.send({ type: 'ANSWER', questionId: 3, answer: ['C'] });
    actor.send({ type: 'PREV' });
    await vi.advanceTimersByTimeAsync(55_000);
    actor.send({ type: 'ANSWER', questionId: 2, answer: ['B'] });
    actor.send({ type: 'TOGGLE_FLAG', questionId: 2 });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    const sent = Object.fromEntries(saved.flat().map((entry) => [entry.questionId, entry]));
    expect(sent[3]).toMatchObject({ answer: ['C'], spentSeconds: 10 });
    // A flag keeps the answer's time.
    expect(sent[2]).toMatchObject({ answer: ['B'], flagged: true, spentSeconds: 95 });
  });

  it('keeps answers unsent while offline, retries with back-off, and sends at once when back online', async () => {
    let online = false;
    const actor = start({ open: opened(null), save: (entries) => (online ? ok(entries) : Promise.reject(new TypeError('Failed to fetch'))) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ANSWER', questionId: 3, answer: ['C'] });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(actor.getSnapshot().matches({ answering: { sync: 'retrying' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(saved).toHaveLength(2);
    expect(actor.getSnapshot().context.failures).toBe(2);
    online = true;
    actor.send({ type: 'ONLINE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saved).toHaveLength(3);
    expect(actor.getSnapshot().context.unsent).toEqual({});
    expect(actor.getSnapshot().context.saveError).toBeNull();
  });

  it("adopts another tab's newer answer", async () => {
    const newer: AnswerEntry = { questionId: 1, answer: ['D'], flagged: false, version: NOW + 60_000 };
    const actor = start({ open: opened(null), save: (entries) => ok(entries, [newer]) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ANSWER', questionId: 1, answer: ['A'] });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(actor.getSnapshot().context.answers[1]).toEqual(newer);
    expect(actor.getSnapshot().context.unsent).toEqual({});
  });

  it('hands in by itself when the countdown reaches zero, with the answers not yet sent', async () => {
    const actor = start({ open: opened(5_000), save: () => new Promise(() => undefined) });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.remaining).toBe(5);
    actor.send({ type: 'ANSWER', questionId: 2, answer: ['A'] });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(actor.getSnapshot().value).toBe('handedIn');
    expect(actor.getSnapshot().context.closedReason).toBe(EXAM_TEXTS.timeUp);
    expect(handedIn[0]!.map((entry) => entry.questionId)).toEqual([2]);
  });

  it('knows it was opened offline until a save goes through, and runs the countdown on the kept server clock', async () => {
    let online = false;
    // The device's copy of a sheet that came 10 minutes ago from a server 30 s ahead, brought to now by openExam.
    const kept = opened(60 * 60_000);
    const open: OpenedExam = { ...kept, sheet: { ...kept.sheet, serverNow: NOW + 30_000 }, receivedAt: NOW, offline: true };
    const actor = start({ open, save: (entries) => (online ? ok(entries) : Promise.reject(new TypeError('Failed to fetch'))) });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ offline: true, offsetMs: 30_000, remaining: 60 * 60 - 30 });
    actor.send({ type: 'ANSWER', questionId: 1, answer: ['A'] });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(actor.getSnapshot().matches({ answering: { sync: 'retrying' } })).toBe(true);
    expect(actor.getSnapshot().context.offline).toBe(true);
    online = true;
    actor.send({ type: 'ONLINE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ offline: false, unsent: {} });
  });

  it('is not offline when opened from the server', async () => {
    const actor = start({ open: opened(null), save: ok });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.offline).toBe(false);
  });

  it('asks before handing in, and can go back to answering', async () => {
    const actor = start({ open: opened(60 * 60_000), save: ok });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'REQUEST_HAND_IN' });
    expect(actor.getSnapshot().matches({ answering: { sheet: 'confirming' } })).toBe(true);
    actor.send({ type: 'CANCEL_HAND_IN' });
    expect(actor.getSnapshot().matches({ answering: { sheet: 'browsing' } })).toBe(true);
    actor.send({ type: 'REQUEST_HAND_IN' });
    actor.send({ type: 'CONFIRM_HAND_IN' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('handedIn');
    expect(actor.getSnapshot().context.result?.state).toBe('DONE');
  });

  it('goes to the hand-in when the server refuses saves for good (handed in by the deadline)', async () => {
    const actor = start({ open: opened(60_000), save: () => Promise.reject(new ApiError('考试时间已到', 409, 409)) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ANSWER', questionId: 1, answer: ['A'] });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('handedIn');
    expect(handedIn).toHaveLength(1);
  });

  it('stops sending an answer the server refuses for good, says why, and keeps saving the others', async () => {
    const actor = start({
      open: opened(null),
      save: (entries) =>
        entries.some((entry) => entry.questionId === 2) ? Promise.reject(new ApiError('答案格式不正确', 400, 400, { questionId: 2 })) : ok(entries),
    });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ANSWER', questionId: 1, answer: ['A'] });
    actor.send({ type: 'ANSWER', questionId: 2, answer: ['B'] });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    // The refused answer left the queue; the other one went again at once and was stored.
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(saved.map((batch) => batch.map((entry) => entry.questionId))).toEqual([[1, 2], [1]]);
    const { context } = actor.getSnapshot();
    expect(context.unsent).toEqual({});
    expect(context.refused[2]).toMatchObject({ reason: '答案格式不正确', entry: { questionId: 2, answer: ['B'] } });
    // No retry, however long the page stays open.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(saved).toHaveLength(2);
    expect(actor.getSnapshot().matches({ answering: { sync: 'idle' } })).toBe(true);
    // Answering the question again sends the new answer.
    actor.send({ type: 'ANSWER', questionId: 2, answer: ['C'] });
    expect(actor.getSnapshot().context.refused).toEqual({});
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(saved).toHaveLength(3);
  });

  it('stops the whole batch when the refusal names no answer (a sealed practice), and retries a rate limit or a timeout', async () => {
    let status = 429;
    const actor = start({ open: opened(null), save: () => Promise.reject(new ApiError('考试进行中，交卷后再练习这些题目', status, status)) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ANSWER', questionId: 1, answer: ['A'] });
    await vi.advanceTimersByTimeAsync(SAVE_DEBOUNCE_MS);
    expect(actor.getSnapshot().matches({ answering: { sync: 'retrying' } })).toBe(true);
    status = 408;
    await vi.advanceTimersByTimeAsync(retryDelay(1));
    expect(actor.getSnapshot().matches({ answering: { sync: 'retrying' } })).toBe(true);
    status = 423;
    await vi.advanceTimersByTimeAsync(retryDelay(2));
    expect(saved).toHaveLength(3);
    expect(actor.getSnapshot().context.refused[1]?.reason).toBe('考试进行中，交卷后再练习这些题目');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(saved).toHaveLength(3);
  });

  it('opens a record already handed in as handed in', async () => {
    const actor = start({ open: opened(null, 'MARKING'), save: ok });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('handedIn');
    expect(actor.getSnapshot().context.result?.state).toBe('MARKING');
  });

  it('flags a question for review without losing its answer', async () => {
    const actor = start({ open: opened(null), save: ok });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'ANSWER', questionId: 1, answer: ['B'] });
    actor.send({ type: 'TOGGLE_FLAG', questionId: 1 });
    expect(actor.getSnapshot().context.answers[1]).toMatchObject({ answer: ['B'], flagged: true });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.current).toBe(2);
    actor.send({ type: 'GO', index: 0 });
    actor.send({ type: 'PREV' });
    expect(actor.getSnapshot().context.current).toBe(0);
  });
});
