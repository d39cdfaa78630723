/**
 * Developers' tools in development (issue 21): the actor panel (Alt+Shift+D) lists the live
 * actors with their states and draws each machine's states with the current ones marked. Here the
 * exam's actor is followed as a student picks an answer with the network off: its save region
 * leaves idle for retrying, in the summary and on the outline. The production build holds none of
 * this (tests/unit/build/bundleBudget.test.ts reads the built files).
 */
import type { Page } from '@playwright/test';
import type { PaperListItem } from '../../src/domain/questionBank/contract';
import type { Page as ApiPage } from '../../src/domain/shared/envelope';
import { DEV_PORT } from '../../playwright.config';
import { registerBySms } from './accountHelpers';
import { expect, test } from './fixtures';

// The first page load in development compiles the app module by module.
test.describe.configure({ timeout: 180_000 });

const DEV_ORIGIN = `http://127.0.0.1:${DEV_PORT}`;

async function freePaper(page: Page): Promise<PaperListItem> {
  const res = await page.request.post('/questionbank/front/api/paper/getPageList', { data: { current: 1, size: 50 } });
  const papers = ((await res.json()) as { data: ApiPage<PaperListItem> }).data.records.filter((paper) => paper.free && paper.questionCount >= 5);
  expect(papers.length).toBeGreaterThan(0);
  return papers[0]!;
}

test('the actor panel shows the exam actor change state as an answer is picked', async ({ page, context }) => {
  // Logged in on the production server; the session cookie is the same host's for the dev server.
  await registerBySms(page, '/question-bank/home');
  await expect(page).toHaveURL(/\/new\/question-bank\/home/);
  const paper = await freePaper(page);

  await page.goto(`${DEV_ORIGIN}/new/question-bank/learn-center/${paper.id}`);
  await expect(page.getByRole('navigation', { name: '答题卡' })).toBeVisible({ timeout: 90_000 });
  await page.keyboard.press('Alt+Shift+D');
  const panel = page.getByRole('region', { name: '状态机调试面板' });
  await expect(panel).toBeVisible();

  const exam = panel.locator('details.xt-actors__actor').filter({ has: page.locator(':scope > summary > b', { hasText: /^exam$/ }) });
  const state = exam.locator(':scope > summary .xt-actors__state');
  await expect(state).toContainText('sync.idle');
  await expect(exam.locator('li[data-state="answering.sync.idle"]')).toHaveAttribute('aria-current', 'true');

  // Offline, the answer cannot be saved: the save region waits to retry, and stays there.
  await context.setOffline(true);
  await page.locator('.xt-answer__question .xt-answer__option').first().click();
  await expect(state).toContainText('sync.retrying', { timeout: 15_000 });
  await expect(exam.locator('li[data-state="answering.sync.retrying"]')).toHaveAttribute('aria-current', 'true');
  await expect(exam.locator('li[data-state="answering.sync.idle"]')).not.toHaveAttribute('aria-current', 'true');
  await expect(exam.locator('.xt-actors__events')).toContainText('ANSWER');

  // Back online, the answer goes and the region is idle again.
  await context.setOffline(false);
  await expect(state).toContainText('sync.idle', { timeout: 30_000 });
});
