/**
 * A record reopened with no network (issue 23): `openExam` opens it from the journal's copy of the
 * last sheet (fake-indexeddb) with the answers given meanwhile and the question the student was on,
 * on the server's clock; without a copy, on a server's refusal, or for a record no longer being
 * answered it fails as before. Then the answering screen itself: reloaded offline, it comes back
 * with the answers, says they wait on this device, and sends them when the network returns.
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import { QUESTION_BANK_CALLS as QB } from '../../../src/domain/questionBank/calls';
import type {
  AnswerEntry,
  QuestionKey,
  QuestionView,
  RecordMode,
  RecordSaveRequest,
  RecordSheet,
  RecordState,
} from '../../../src/domain/questionBank/contract';
import { EXAM_TEXTS } from '../../../src/domain/questionBank/examTexts';
import { journalAnswer, journalPosition, openExam, saveBatch, type OpenRequest } from '../../../src/services/questionBank/exam.data';
import { ApiError } from '../../../src/services/shared/http/ApiError';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import PaperAnswerView from '../../../src/views/questionBank/PaperAnswerView';
import { answer, fail, ok } from '../../support/msw';

const q = (id: number, no: number): QuestionView => ({
  id,
  type: 'SINGLE',
  stem: `第${no}题的题干`,
  options: ['A', 'B', 'C', 'D'].map((key) => ({ key, text: `选项${key}文字` })),
  blanks: 0,
  scoreTenths: 20,
  no,
  subs: [],
});
const QUESTIONS = [q(11, 1), q(12, 2), q(13, 3)];
/** The server's clock runs a minute ahead of the device's. */
const SERVER_AHEAD_MS = 60_000;
const KEY_11: QuestionKey = { questionId: 11, answer: ['B'], analysis: '因为B是对的。' };

/** The server of these tests: one record per paper, its state, its stored answers; and whether the network is up. */
let network: 'up' | 'down' | 'sheetDown' = 'up';
let nextRecordId = 300;
let paperId = 40;
let mode: RecordMode = 'EXAM';
let state: RecordState = 'DOING';
let refusal: number | null = null;
const records = new Map<number, { recordId: number; stored: AnswerEntry[] }>();
const saves: RecordSaveRequest[] = [];
let saveAttempts = 0;

const recordOf = (sourceId: number) => {
  let record = records.get(sourceId);
  if (!record) records.set(sourceId, (record = { recordId: (nextRecordId += 1), stored: [] }));
  return record;
};
const bySourceRecord = (recordId: number) => [...records.entries()].find(([, record]) => record.recordId === recordId)!;

const server = setupServer(
  answer(QB.qbRecordSave, async ({ request }) => {
    saveAttempts += 1;
    if (network === 'down') return HttpResponse.error();
    if (refusal) return fail('请求出错', refusal);
    const body = (await request.json()) as RecordSaveRequest;
    saves.push(body);
    const record = body.recordId ? bySourceRecord(body.recordId)[1] : recordOf(body.sourceId!);
    for (const entry of body.answers) record.stored = [...record.stored.filter((a) => a.questionId !== entry.questionId), entry];
    const keys = mode === 'PRACTICE' ? body.answers.filter((a) => a.questionId === 11).map(() => KEY_11) : [];
    return ok({ recordId: record.recordId, state: 'DOING', deadlineAt: null, serverNow: Date.now() + SERVER_AHEAD_MS, stale: [], keys });
  }),
  answer(QB.qbRecordQuestions, ({ params }) => {
    if (network !== 'up') return HttpResponse.error();
    if (refusal) return fail('请求出错', refusal);
    const [sourceId, record] = bySourceRecord(Number(params.id));
    const now = Date.now() + SERVER_AHEAD_MS;
    const sheet: RecordSheet = {
      record: {
        id: record.recordId,
        source: 'PAPER',
        sourceId,
        name: '全真模拟卷（一）',
        mode,
        state,
        startedAt: now,
        handedInAt: null,
        scoreTenths: null,
        totalScoreTenths: 60,
        questionCount: 3,
        answeredCount: record.stored.length,
      },
      deadlineAt: mode === 'EXAM' ? now + 3600_000 : null,
      serverNow: now,
      questions: QUESTIONS,
      answers: record.stored,
      keys: mode === 'PRACTICE' && record.stored.some((a) => a.questionId === 11) ? [KEY_11] : [],
    };
    return ok(sheet);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  // Each test answers a paper of its own: the journal (one per page, like the browser's) keeps the others'.
  paperId += 1;
  network = 'up';
  mode = 'EXAM';
  state = 'DOING';
  refusal = null;
  saves.length = 0;
});
afterEach(() => dismissAllToasts());
afterAll(() => server.close());

const request = (recordId: number | null = null): OpenRequest => ({ source: 'PAPER', sourceId: paperId, recordId, mode });
const entry = (questionId: number, answer: string[], version: number): AnswerEntry => ({ questionId, answer, flagged: false, version });
const networkFailure = (error: unknown) => error instanceof ApiError && error.status === 0;

describe('openExam without network', () => {
  it('opens the record from the kept sheet with the answers given since and the position, on the server clock', async () => {
    recordOf(paperId).stored = [entry(11, ['A'], 1)];
    const online = await openExam(request());
    expect(online.offline).toBe(false);
    const recordId = online.sheet.record.id;
    // Stored by the server after the sheet came (the journal marks it synced), then one given offline, and a move.
    await saveBatch(recordId, [entry(12, ['B'], 2)]);
    network = 'down';
    await journalAnswer(recordId, entry(13, ['D'], 3));
    await journalPosition(recordId, 2);

    for (const offline of [await openExam(request()), await openExam(request(recordId))]) {
      expect(offline.offline).toBe(true);
      expect(offline.sheet.record).toEqual(online.sheet.record);
      expect(offline.sheet.questions).toEqual(QUESTIONS);
      expect(offline.merged.answers).toEqual({ 11: entry(11, ['A'], 1), 12: entry(12, ['B'], 2), 13: entry(13, ['D'], 3) });
      // Only what the server never got is sent again.
      expect(offline.merged.unsent).toEqual([entry(13, ['D'], 3)]);
      expect(offline.merged.lastVersion).toBe(3);
      expect(offline.position).toBe(2);
      expect(offline.durable).toBe(true);
      // The server's clock as it was when the sheet came: the countdown goes on to the same deadline.
      expect(offline.sheet.deadlineAt).toBe(online.sheet.deadlineAt);
      expect(offline.sheet.serverNow - offline.receivedAt).toBe(online.sheet.serverNow - online.receivedAt);
    }
  });

  it('in practice keeps the keys the server had sent; those of answers given offline come with their saves', async () => {
    mode = 'PRACTICE';
    recordOf(paperId).stored = [entry(11, ['A'], 1)];
    const online = await openExam(request());
    network = 'down';
    await journalAnswer(online.sheet.record.id, entry(12, ['C'], 2));
    const offline = await openExam(request());
    expect(offline.offline).toBe(true);
    expect(offline.sheet.keys).toEqual([KEY_11]);
    expect(offline.merged.unsent).toEqual([entry(12, ['C'], 2)]);
  });

  it('fails as before when this device kept no sheet of the record', async () => {
    network = 'down';
    await expect(openExam(request())).rejects.toSatisfy(networkFailure);
    await expect(openExam(request(9_999))).rejects.toSatisfy(networkFailure);
    // Started online, but its sheet never came.
    network = 'sheetDown';
    await expect(openExam(request())).rejects.toSatisfy(networkFailure);
    expect(saves).toHaveLength(1);
  });

  it('leaves a refusal of the server an error, not an offline open', async () => {
    const online = await openExam(request());
    for (const status of [404, 403, 423]) {
      refusal = status;
      await expect(openExam(request(online.sheet.record.id))).rejects.toMatchObject({ status });
      await expect(openExam(request())).rejects.toMatchObject({ status });
    }
  });

  it('does not open a record no longer being answered', async () => {
    const online = await openExam(request());
    const recordId = online.sheet.record.id;
    // Handed in from another tab: the next open sees it so, and the device's copy with it.
    state = 'DONE';
    expect((await openExam(request(recordId))).sheet.record.state).toBe('DONE');
    network = 'down';
    await expect(openExam(request(recordId))).rejects.toSatisfy(networkFailure);
    await expect(openExam(request())).rejects.toSatisfy(networkFailure);
  });
});

function renderAnswerView() {
  const location = memoryLocation({ path: `/question-bank/learn-center/${paperId}`, record: true });
  return render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={createAuthSession()}>
        <PaperAnswerView
          params={{ paperId: String(paperId) }}
          route={{ path: '', title: '在线答题', view: () => Promise.reject(new Error('unused')), auth: true, layout: 'bare', mobile: '' }}
        />
      </AppProvider>
    </Router>,
  );
}

const status = () => screen.getByRole('status').textContent;
const checked = (name: RegExp) => screen.getByRole('radio', { name }).getAttribute('aria-checked');

describe('the answering screen reloaded offline', () => {
  it('comes back with the answers and the question, says the answers wait here, and sends them once online', async () => {
    const first = renderAnswerView();
    await screen.findByText('第1题的题干');
    fireEvent.click(screen.getByRole('radio', { name: /选项A文字/ }));
    await waitFor(() => expect(status()).toBe(EXAM_TEXTS.allSaved), { timeout: 4000 });
    fireEvent.click(screen.getByRole('button', { name: '下一题' }));
    first.unmount();

    // The reload: no network now.
    network = 'down';
    const attemptsBefore = saveAttempts;
    renderAnswerView();
    await screen.findByText('第2题的题干');
    expect(screen.getByRole('timer')).toBeTruthy();
    expect(status()).toBe(EXAM_TEXTS.allSaved);
    fireEvent.click(screen.getByRole('radio', { name: /选项C文字/ }));
    expect(status()).toBe(EXAM_TEXTS.offlinePending(1));
    fireEvent.click(screen.getByRole('button', { name: '上一题' }));
    expect(checked(/选项A文字/)).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: /选项D文字/ }));
    expect(status()).toBe(EXAM_TEXTS.offlinePending(2));
    // The save is tried and fails: the line stays.
    await waitFor(() => expect(saveAttempts).toBeGreaterThan(attemptsBefore), { timeout: 4000 });
    expect(status()).toBe(EXAM_TEXTS.offlinePending(2));
    const savesOffline = saves.length;

    // Back online: sent at once (ONLINE) or at the next retry, whichever the statechart is ready for.
    network = 'up';
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(status()).toBe(EXAM_TEXTS.allSaved), { timeout: 8000 });
    const sent = saves.slice(savesOffline).flatMap((save) => save.answers);
    expect(sent.map(({ questionId, answer }) => ({ questionId, answer })).sort((a, b) => a.questionId - b.questionId)).toEqual([
      { questionId: 11, answer: ['D'] },
      { questionId: 12, answer: ['C'] },
    ]);
    expect(recordOf(paperId).stored.map((a) => a.answer)).toEqual([['C'], ['D']]);
    // Two renders, two debounced saves and a failed one on a shared machine: more than the default 5 s.
  }, 20_000);
});
