/**
 * For the question bank e2e tests: log the demo student (or a new one) in through the login page,
 * hand a paper in on the answering screen, and call the API with the app's own headers
 * (src/services/shared/http/client.ts: Terminal-Type and the session's bearer token), e.g. to start,
 * answer and hand in a free paper with written questions.
 */
import type { Page } from '@playwright/test';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { PaperListItem, QuestionView, RecordSaveResult, RecordSheet, RecordSummary } from '../../src/domain/questionBank/contract';
import { STORAGE_KEYS, TERMINAL_TYPE } from '../../src/domain/shared/constants';
import type { Page as ListPage } from '../../src/domain/shared/envelope';
import { logInDemo, registerBySms } from './accountHelpers';
import { expect } from './fixtures';

/** A free paper of the demo data with 简答 questions (教师资格《综合素质》真题). */
export const WRITTEN_PAPER = '2025年下半年教师资格证《综合素质》（中学）真题';

/** The demo student, logged in on the login page. */
export const logIn = logInDemo;

/** A new student of their own (SMS login on the test-mode captcha), on the question bank's home. */
export async function newStudent(page: Page): Promise<void> {
  await registerBySms(page, '/question-bank/home');
  await expect(page).toHaveURL(/\/question-bank\/home/);
}

/** Hands in the paper on the answering screen, through its confirmation. */
export async function handIn(page: Page): Promise<void> {
  await page.getByRole('button', { name: '交卷' }).click();
  await page.getByRole('dialog', { name: '确认交卷' }).getByRole('button', { name: '确认交卷' }).click();
}

export async function api<T>(page: Page, def: { method: string; path: string }, options: { id?: number; body?: unknown } = {}): Promise<T> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === STORAGE_KEYS.tokenCookie)?.value;
  expect(token, 'logged in').toBeTruthy();
  const url = def.path.replace(':id', String(options.id ?? ''));
  const response = await page.request.fetch(url, {
    method: def.method,
    headers: { 'Terminal-Type': TERMINAL_TYPE, Authorization: `Bearer ${token}` },
    ...(options.body === undefined ? {} : { data: options.body }),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, `${def.path}: ${envelope.msg}`).toBe(200);
  return envelope.data;
}

export interface HandedIn {
  paper: PaperListItem;
  record: RecordSummary;
  sheet: RecordSheet;
}

const flat = (questions: readonly QuestionView[]) => questions.flatMap((q) => (q.subs.length > 0 ? q.subs : [q]));

/**
 * Starts the paper in `mode` (a user has one open record per paper and mode: spec files that run
 * side by side use different modes so they never share one), answers every objective question with 'A' (some right, some
 * wrong) and every written one with a text but the last (left unanswered), and hands it in.
 */
export async function handInWrittenPaper(page: Page, mode: 'EXAM' | 'PRACTICE' = 'EXAM'): Promise<HandedIn> {
  const list = await api<ListPage<PaperListItem>>(page, QB.qbPaperPageList, { body: { current: 1, size: 50 } });
  let paper = list.records.find((p) => p.name.startsWith(WRITTEN_PAPER));
  for (let current = 2; !paper && current <= Math.ceil(list.total / 50); current++) {
    const more = await api<ListPage<PaperListItem>>(page, QB.qbPaperPageList, { body: { current, size: 50 } });
    paper = more.records.find((p) => p.name.startsWith(WRITTEN_PAPER));
  }
  expect(paper, WRITTEN_PAPER).toBeTruthy();
  const started = await api<RecordSaveResult>(page, QB.qbRecordSave, { body: { source: 'PAPER', sourceId: paper!.id, mode, answers: [] } });
  const opened = await api<RecordSheet>(page, QB.qbRecordQuestions, { id: started.recordId });
  const items = flat(opened.questions);
  const written = items.filter((q) => q.options.length === 0 && q.type !== 'FILL');
  // Small versions: the server's input check caps `version` at int4 (see the report on issue 10).
  const version = 1;
  const answers = items
    .filter((q) => q !== written.at(-1))
    .map((q, i) => ({
      questionId: q.id,
      answer: q.options.length > 0 ? ['A'] : q.type === 'FILL' ? Array.from({ length: q.blanks }, () => '答') : [`我的作答：第${q.no}题的要点。`],
      flagged: false,
      version: version + i,
    }));
  await api(page, QB.qbRecordSave, { body: { recordId: started.recordId, answers } });
  const record = await api<RecordSummary>(page, QB.qbHandScore, { body: { recordId: started.recordId } });
  const sheet = await api<RecordSheet>(page, QB.qbRecordQuestions, { id: started.recordId });
  return { paper: paper!, record, sheet };
}

/** Nothing scrolls sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
