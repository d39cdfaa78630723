/**
 * Issue 10's promise, end to end on the real server: a timed paper answered through a reload, a
 * network outage and a killed browser (its context closed and reopened on the same profile)
 * keeps every answer and the right remaining time; the countdown hands in by itself at zero.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import type { PaperListItem, RecordSheet } from '../../src/domain/questionBank/contract';
import type { Page as ApiPage } from '../../src/domain/shared/envelope';
import { dragSliderTo, newMobile, passCaptchaInTestMode, smsCode } from './accountHelpers';
import { clientIpFor, expect, gotoApp, test } from './fixtures';

test.describe.configure({ timeout: 180_000 });

async function smsLogin(page: Page): Promise<void> {
  await passCaptchaInTestMode(page);
  const mobile = newMobile();
  await gotoApp(page, '/uc/login?redirect=%2Fquestion-bank%2Fhome');
  await page.getByTestId('mobile-input').fill(mobile);
  await page.getByTestId('get-code').click();
  await expect(page.getByTestId('slider-captcha')).toBeVisible();
  await dragSliderTo(page, 60);
  await page.getByTestId('code-input').fill(await smsCode(page, mobile));
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/new\/question-bank\/home/);
}

/** The free timed paper closest to 100 questions (the demo's 100-question 全真模拟卷). */
async function timedPaper(page: Page): Promise<PaperListItem> {
  const res = await page.request.post('/questionbank/front/api/paper/getPageList', { data: { current: 1, size: 50 } });
  const papers = ((await res.json()) as { data: ApiPage<PaperListItem> }).data.records.filter((paper) => paper.free && paper.questionCount >= 10);
  papers.sort((a, b) => Math.abs(a.questionCount - 100) - Math.abs(b.questionCount - 100));
  expect(papers.length).toBeGreaterThan(0);
  return papers[0]!;
}

const sheetCount = (page: Page) => page.getByRole('navigation', { name: '答题卡' }).locator('.xt-answer__sheet-head');
const status = (page: Page) => page.locator('.xt-answer__saved');

/** Answers the question on screen (first option, or some text) and moves on. */
async function answerAndNext(page: Page): Promise<void> {
  const question = page.locator('.xt-answer__question');
  const options = question.locator('.xt-answer__option');
  if ((await options.count()) > 0) await page.keyboard.press('1');
  else {
    const boxes = question.getByRole('textbox');
    for (let i = 0; i < (await boxes.count()); i++) await boxes.nth(i).fill(`作答${i + 1}`);
    await page.locator('body').click({ position: { x: 1, y: 1 } });
  }
  await page.keyboard.press('ArrowRight');
}

function secondsOf(text: string): number {
  return text
    .split(':')
    .map(Number)
    .reduce((sum, part) => sum * 60 + part, 0);
}

test('every answer survives a reload, an outage and a killed browser, with the right time left', async ({ browserName }, testInfo) => {
  expect(browserName).toBe('chromium');
  const profile = mkdtempSync(join(tmpdir(), 'xt-exam-'));
  const baseURL = String(testInfo.project.use.baseURL);
  const open = (): Promise<BrowserContext> =>
    chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL,
      locale: 'zh-CN',
      extraHTTPHeaders: { 'x-forwarded-for': clientIpFor(testInfo) },
    });
  let context = await open();
  try {
    let page = context.pages()[0] ?? (await context.newPage());
    await smsLogin(page);
    const paper = await timedPaper(page);
    await gotoApp(page, `/question-bank/learn-center/${paper.id}`);
    await expect(sheetCount(page)).toHaveText(`答题卡 0/${paper.questionCount}`);
    const url = page.url();

    // 1. Answer ten, then reload: the same question, every answer, the same time.
    for (let i = 0; i < 10; i++) await answerAndNext(page);
    await expect(status(page)).toHaveText('答案已全部保存', { timeout: 10_000 });
    const before = secondsOf((await page.getByRole('timer').textContent())!);
    await page.reload();
    await expect(sheetCount(page)).toHaveText(`答题卡 10/${paper.questionCount}`);
    await expect(page.locator('.xt-answer__no')).toHaveText('第11题');
    const after = secondsOf((await page.getByRole('timer').textContent())!);
    expect(before - after).toBeGreaterThanOrEqual(0);
    expect(before - after).toBeLessThan(20);

    // 2. The network goes away: answers wait on the device, and go once it is back.
    await context.setOffline(true);
    for (let i = 0; i < 5; i++) await answerAndNext(page);
    await expect(status(page)).toContainText('5题答案未上传', { timeout: 10_000 });
    await context.setOffline(false);
    await expect(status(page)).toHaveText('答案已全部保存', { timeout: 15_000 });

    // 3. Offline again, three more, then the browser is killed before they reach the server.
    await context.setOffline(true);
    for (let i = 0; i < 3; i++) await answerAndNext(page);
    await expect(status(page)).toContainText('3题答案未上传', { timeout: 10_000 });
    await context.close();

    context = await open();
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await expect(sheetCount(page)).toHaveText(`答题卡 18/${paper.questionCount}`);
    await expect(page.locator('.xt-answer__no')).toHaveText('第19题');
    await expect(status(page)).toHaveText('答案已全部保存', { timeout: 15_000 });
    const recordId = Number(/learn-center\/\d+(?:\/(\d+))?/.exec(page.url())?.[1] ?? 0) || null;

    // 4. Hand in: the confirmation names what is left, and every answer is on the server.
    await page.getByRole('button', { name: '交卷' }).click();
    await expect(page.getByRole('dialog', { name: '确认交卷' })).toContainText(`还有${paper.questionCount - 18}题未作答`);
    await page.getByRole('button', { name: '确认交卷' }).click();
    await expect(page).toHaveURL(/\/question-bank\/(transcript|learn-center-mark)\/\d+/);
    const handedIn = Number(/\/(?:transcript|learn-center-mark)\/(\d+)/.exec(page.url())![1]);
    if (recordId !== null) expect(handedIn).toBe(recordId);
    const sheet = await page.request.get(`/questionbank/front/api/userRecord/getQuestionsList/${handedIn}`);
    const data = ((await sheet.json()) as { data: RecordSheet }).data;
    expect(data.record.state).not.toBe('DOING');
    expect(data.answers.filter((answer) => answer.answer.some((part) => part.trim() !== ''))).toHaveLength(18);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the countdown hands the paper in by itself at zero', async ({ page }) => {
  await page.clock.install();
  await smsLogin(page);
  const paper = await timedPaper(page);
  await gotoApp(page, `/question-bank/learn-center/${paper.id}`);
  await expect(sheetCount(page)).toBeVisible();
  await answerAndNext(page);
  await expect(status(page)).toHaveText('答案已全部保存', { timeout: 10_000 });
  await page.clock.fastForward((paper.durationMinutes * 60 + 2) * 1000);
  await expect(page).toHaveURL(/\/question-bank\/(transcript|learn-center-mark)\/\d+/, { timeout: 15_000 });
});
