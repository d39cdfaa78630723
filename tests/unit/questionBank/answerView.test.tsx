/**
 * The answering screen on the exam statechart with msw for the server and fake-indexeddb for the
 * device's journal: start, answer by key and click, saves reach the server, the hand-in confirm
 * lists what is unanswered, practice shows the key, and a reload resumes with an unsent answer.
 */
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import { QUESTION_BANK_CALLS as QB } from '../../../src/domain/questionBank/calls';
import type { AnswerEntry, QuestionKey, QuestionView, RecordSaveRequest, RecordSheet, RecordSummary } from '../../../src/domain/questionBank/contract';
import { openAnswerJournal } from '../../../src/services/questionBank/answerJournal';
import PaperAnswerView from '../../../src/views/questionBank/PaperAnswerView';
import PracticeRecordView from '../../../src/views/questionBank/PracticeRecordView';
import { answer, ok } from '../../support/msw';

const options = (n: number) => ['A', 'B', 'C', 'D'].slice(0, n).map((key) => ({ key, text: `选项${key}文字` }));
const q = (id: number, no: number, type: QuestionView['type'] = 'SINGLE'): QuestionView => ({
  id,
  type,
  stem: `第${no}题的题干`,
  options: type === 'SINGLE' ? options(4) : [],
  blanks: type === 'FILL' ? 2 : 0,
  scoreTenths: 20,
  no,
  subs: [],
});

let recordId = 100;
let mode: 'EXAM' | 'PRACTICE' = 'EXAM';
let stored: AnswerEntry[] = [];
const saves: RecordSaveRequest[] = [];
const handIns: unknown[] = [];
const KEY: QuestionKey = { questionId: 11, answer: ['B'], analysis: '因为B是对的。' };

function summary(state: RecordSummary['state'] = 'DOING'): RecordSummary {
  return {
    id: recordId,
    source: 'PAPER',
    sourceId: 7,
    name: '全真模拟卷（一）',
    mode,
    state,
    startedAt: Date.now(),
    handedInAt: null,
    scoreTenths: null,
    totalScoreTenths: 60,
    questionCount: 3,
    answeredCount: 0,
  };
}

const server = setupServer(
  answer(QB.qbRecordSave, async ({ request }) => {
    const body = (await request.json()) as RecordSaveRequest;
    saves.push(body);
    for (const entry of body.answers) stored = [...stored.filter((a) => a.questionId !== entry.questionId), entry];
    const keys = mode === 'PRACTICE' ? body.answers.filter((a) => a.questionId === 11).map(() => KEY) : [];
    return ok({ recordId, state: 'DOING', deadlineAt: mode === 'EXAM' ? Date.now() + 3600_000 : null, serverNow: Date.now(), stale: [], keys });
  }),
  answer(QB.qbRecordQuestions, () => {
    const sheet: RecordSheet = {
      record: summary(),
      deadlineAt: mode === 'EXAM' ? Date.now() + 3600_000 : null,
      serverNow: Date.now(),
      questions: [q(11, 1), q(12, 2), q(13, 3, 'FILL')],
      answers: stored,
      keys: [],
    };
    return ok(sheet);
  }),
  answer(QB.qbHandScore, async ({ request }) => {
    handIns.push(await request.json());
    return ok(summary('DONE'));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  recordId += 1;
  mode = 'EXAM';
  stored = [];
  saves.length = 0;
  handIns.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderAnswer(path: string, params: Record<string, string>, View = PaperAnswerView) {
  const location = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={createAuthSession()}>
        <View
          params={params}
          route={{ path: '', title: '在线答题', view: () => Promise.reject(new Error('unused')), auth: true, layout: 'bare', mobile: '' }}
        />
      </AppProvider>
    </Router>,
  );
  return { location, view };
}

const saved = () => waitFor(() => expect(screen.getByRole('status').textContent).toBe('答案已全部保存'), { timeout: 4000 });

describe('AnswerView', () => {
  it('starts the paper, answers by number key, and says when the answers are saved', async () => {
    renderAnswer('/question-bank/learn-center/7', { paperId: '7' });
    await screen.findByText('第1题的题干');
    expect(saves[0]).toEqual({ source: 'PAPER', sourceId: 7, mode: 'EXAM', answers: [] });
    expect(screen.getByRole('timer').textContent).toMatch(/^(59:5\d|01:00:00)$/);
    await act(async () => {
      fireEvent.keyDown(window, { key: '2' });
    });
    expect(screen.getByRole('radio', { name: /选项B文字/ }).getAttribute('aria-checked')).toBe('true');
    await saved();
    expect(stored).toEqual([expect.objectContaining({ questionId: 11, answer: ['B'] })]);
    await act(async () => {
      fireEvent.keyDown(window, { key: 'ArrowRight' });
    });
    expect(screen.getByText('第2题的题干')).toBeTruthy();
    const sheet = within(screen.getByRole('navigation', { name: '答题卡' }));
    expect(sheet.getByRole('button', { name: '第1题，已作答' })).toBeTruthy();
    expect(sheet.getByRole('button', { name: '第2题，未作答' }).getAttribute('aria-current')).toBe('step');
  });

  it('lists the unanswered before the hand-in and opens the transcript after it', async () => {
    const { location } = renderAnswer('/question-bank/learn-center/7', { paperId: '7' });
    await screen.findByText('第1题的题干');
    fireEvent.click(screen.getByRole('radio', { name: /选项C文字/ }));
    fireEvent.click(screen.getByRole('button', { name: '交卷' }));
    const dialog = within(await screen.findByRole('dialog', { name: '确认交卷' }));
    expect(dialog.getByText('还有2题未作答（第2、3题），确定交卷吗？')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: '确认交卷' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/question-bank/transcript/${recordId}/7`));
    expect(handIns).toHaveLength(1);
  });

  it('leaves the answers alone while the hand-in confirmation is open', async () => {
    renderAnswer('/question-bank/learn-center/7', { paperId: '7' });
    await screen.findByText('第1题的题干');
    fireEvent.click(screen.getByRole('button', { name: '交卷' }));
    const dialog = within(await screen.findByRole('dialog', { name: '确认交卷' }));
    await act(async () => {
      fireEvent.keyDown(window, { key: '1' });
      fireEvent.keyDown(window, { key: 'ArrowRight' });
    });
    expect(dialog.getByText('还有3题未作答（第1、2、3题），确定交卷吗？')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: '继续作答' }));
    expect(screen.getByText('第1题的题干')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /选项A文字/ }).getAttribute('aria-checked')).toBe('false');
  });

  it('shows the key and the explanation in practice once answered', async () => {
    mode = 'PRACTICE';
    renderAnswer('/question-bank/learn-center/7?mode=practice', { paperId: '7' });
    await screen.findByText('第1题的题干');
    expect(screen.queryByRole('timer')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /选项A文字/ }));
    const key = await screen.findByRole('region', { name: '答案解析' }, { timeout: 4000 });
    expect(key.textContent).toContain('回答错误');
    expect(key.textContent).toContain('参考答案：B');
    expect(key.textContent).toContain('因为B是对的。');
  });

  it('resumes a record with the answer the journal kept but the server never got', async () => {
    const journal = await openAnswerJournal();
    await journal.write(recordId, { questionId: 13, answer: ['现金流量', '10%'], flagged: true, version: Date.now() });
    await journal.savePosition(recordId, 2);
    renderAnswer(`/question-bank/learn-center/7/${recordId}`, { paperId: '7', recordId: String(recordId) });
    await screen.findByText('第3题的题干');
    expect((screen.getByRole('textbox', { name: '第1空' }) as HTMLInputElement).value).toBe('现金流量');
    expect(screen.getByRole('button', { name: '已标记' })).toBeTruthy();
    await saved();
    expect(saves.at(-1)?.answers).toEqual([expect.objectContaining({ questionId: 13, answer: ['现金流量', '10%'], flagged: true })]);
  });

  it('practises the wrong book of a subject and opens its analysis after the hand-in', async () => {
    mode = 'PRACTICE';
    const { location } = renderAnswer('/question-bank/learn-center-record/wrong?sourceId=3', { questionType: 'wrong' }, PracticeRecordView);
    await screen.findByText('第1题的题干');
    expect(saves[0]).toEqual({ source: 'WRONG', sourceId: 3, mode: 'PRACTICE', answers: [] });
    fireEvent.click(screen.getByRole('button', { name: '交卷' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认交卷' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe(`/question-bank/learn-center-analyze-record/wrong/${recordId}`));
  });

  it('says so when a practice link lacks what to practise', async () => {
    renderAnswer('/question-bank/learn-center-record/other', { questionType: 'other' }, PracticeRecordView);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '练习链接不完整，请从题库重新进入');
    expect(saves).toEqual([]);
  });
});
