/**
 * The offline shell (issue 23) in Chromium with its service worker allowed (blocked in every other
 * spec): an exam reloads with no network and keeps its answers, which reach the server once the
 * network is back; a page that needs the network says the student is offline; a new release waits
 * while an exam is open and is taken with 刷新 once the student has left it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { PaperListItem, QuestionView, RecordSheet, RecordSummary } from '../../src/domain/questionBank/contract';
import type { Page as ApiPage } from '../../src/domain/shared/envelope';
import { PAGE_OFFLINE_TEXTS } from '../../src/domain/shared/offline';
import { OFFLINE_ASSET_CACHE } from '../../src/domain/shared/offlineCache';
import { OFFLINE_TEXTS } from '../../src/domain/shared/offline.texts';
import { registerBySms } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { api } from './questionBankReportHelpers';

test.use({ serviceWorkers: 'allow' });
// One at a time, in one worker: the release test rewrites the served sw.js, which the others' workers would fetch too.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/**
 * The page is controlled by the worker, which holds the app shell, and the worker's cache holds the
 * code this page loaded before it took over (services/shared/offlineShell.ts gives it over).
 */
async function waitForWorker(page: Page): Promise<void> {
  await page.waitForFunction(async (cacheName) => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (registration?.active?.state !== 'activated' || navigator.serviceWorker.controller === null) return false;
    const cache = await caches.open(cacheName);
    const loaded = performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname.startsWith('/new/assets/'));
    return (await Promise.all(loaded.map((entry) => cache.match(entry.name)))).every(Boolean);
  }, OFFLINE_ASSET_CACHE);
}

/** The free paper with the fewest questions whose first three are single choices or true/false, for a short exam. */
async function smallPaper(page: Page): Promise<PaperListItem> {
  const res = await page.request.post('/questionbank/front/api/paper/getPageList', { data: { current: 1, size: 50 } });
  const papers = ((await res.json()) as { data: ApiPage<PaperListItem> }).data.records.filter((paper) => paper.free && paper.questionCount >= 5);
  papers.sort((a, b) => a.questionCount - b.questionCount);
  for (const paper of papers) {
    const questions = ((await (await page.request.get(`/questionbank/front/api/paper/getQuestionList/${paper.id}`)).json()) as { data: QuestionView[] }).data;
    if (questions.slice(0, 3).every((q) => q.type === 'SINGLE' || q.type === 'JUDGE')) return paper;
  }
  throw new Error('no free paper opens with three choice questions');
}

/** With a new worker released: it waits while the exam is answered, and 刷新 takes it once the student has left. */
async function takeTheRelease(page: Page, paper: PaperListItem): Promise<void> {
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())!.update();
  });
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state === 'installed');

  // In the exam: no offer, and answering goes on to the server.
  await page.locator('.xt-answer__option').first().click();
  await expect(page.locator('.xt-answer__saved')).toHaveText('答案已全部保存', { timeout: 10_000 });
  await expect(page.getByRole('button', { name: OFFLINE_TEXTS.updateNow })).toHaveCount(0);

  // Left for the paper's page: the offer shows, and 刷新 activates the new worker.
  await page.getByRole('link', { name: '返回' }).click();
  await expect(page).toHaveURL(/learn-center-paper\/\d+/);
  const offer = page.getByRole('status').filter({ hasText: OFFLINE_TEXTS.updateReady });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: OFFLINE_TEXTS.updateNow }).click();
  // The page reloads under the new worker: nothing waits any more.
  await expect
    .poll(() =>
      page
        .evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
          return navigation?.type === 'reload' && registration?.waiting === null && registration.active?.state === 'activated';
        })
        .catch(() => false),
    )
    .toBe(true);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXTS.updateReady })).toHaveCount(0);

  // The exam's answer is on the server.
  const records = await api<ApiPage<RecordSummary>>(page, QB.qbRecordPageList, { body: { current: 1, size: 10, tab: 1 } });
  const exam = records.records.find((r) => r.sourceId === paper.id)!;
  expect((await api<RecordSheet>(page, QB.qbRecordQuestions, { id: exam.id })).answers).toHaveLength(1);
}

test('an exam reloads with no network, keeps its answers and journaling, and the server gets every answer once online', async ({ page }) => {
  await registerBySms(page, '/question-bank/home');
  await waitForWorker(page);
  const paper = await smallPaper(page);
  await gotoApp(page, `/question-bank/learn-center/${paper.id}`);
  const chosen = page.locator('.xt-answer__option--chosen');
  const saved = page.locator('.xt-answer__saved');
  await page.locator('.xt-answer__option').first().click();
  await expect(saved).toHaveText('答案已全部保存', { timeout: 10_000 });
  await waitForWorker(page);

  // Offline: a second answer stays on the device, then the page is reloaded.
  await page.context().setOffline(true);
  await page.keyboard.press('ArrowRight');
  await page.locator('.xt-answer__option').first().click();
  await page.reload();
  await expect(page.getByText('第2题').first()).toBeVisible();
  await expect(chosen).toHaveCount(1);
  await expect(saved).toContainText('离线作答中');
  await page.keyboard.press('ArrowLeft');
  await expect(chosen).toHaveCount(1);
  // Journaling goes on: a third answer, offline.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.locator('.xt-answer__option').first().click();

  await page.context().setOffline(false);
  await expect(saved).toHaveText('答案已全部保存', { timeout: 30_000 });
  const records = await api<ApiPage<RecordSummary>>(page, QB.qbRecordPageList, { body: { current: 1, size: 10, tab: 1 } });
  const exam = records.records.find((r) => r.sourceId === paper.id)!;
  expect((await api<RecordSheet>(page, QB.qbRecordQuestions, { id: exam.id })).answers).toHaveLength(3);
});

test('a page that needs the network says the student is offline, not a browser error', async ({ page }) => {
  await registerBySms(page, '/uc/my-order');
  await expect(page).toHaveURL(/\/uc\/my-order/);
  await expect(page.getByRole('heading', { name: '我的订单' }).first()).toBeVisible();
  await waitForWorker(page);
  await page.context().setOffline(true);
  // A page whose code this browser never loaded: the shell comes from the worker and says why the page cannot open.
  await gotoApp(page, '/order-pay/1');
  await expect(page.getByRole('heading', { level: 1, name: PAGE_OFFLINE_TEXTS.title })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '当前处于离线状态' })).toBeVisible();
  // A page it has loaded: the page opens, and its data load says the network is gone.
  await gotoApp(page, '/uc/my-order');
  await expect(page.getByText('网络已断开，请连接网络后重试').first()).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: '当前处于离线状态' })).toHaveCount(0);
});

test('a new release waits while an exam is open, and is taken with 刷新 once the student has left it', async ({ page }) => {
  await registerBySms(page, '/question-bank/home');
  await waitForWorker(page);
  const paper = await smallPaper(page);
  await gotoApp(page, `/question-bank/learn-center/${paper.id}`);
  await expect(page.getByText('第1题').first()).toBeVisible();

  // The next release: a deploy writes a new sw.js (here the same worker with a line more), kept until
  // the end so the reloaded page finds the release it took. Only this spec lets pages register the
  // worker, so no other test sees it; the file is put back after.
  const worker = path.resolve(process.env.DIST_DIR || 'dist', 'sw.js');
  const released = readFileSync(worker, 'utf8');
  writeFileSync(worker, `${released}\n// the next release\n`);
  try {
    await takeTheRelease(page, paper);
  } finally {
    writeFileSync(worker, released);
  }
});
