/**
 * The resources page on the real server (issue 9, point 4): the free materials list; 下载 while
 * logged out opens the login modal, and after the login the sealed getFileDownloadUrl gives a
 * signed link the browser downloads; the e-book section is a link (?tab=ebook) and reading counts.
 */
import type { Page } from '@playwright/test';
import { logInInModal } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';

const rows = (page: Page) => page.getByTestId('resource-row');

test('资料下载: the free list shows; a visitor logs in through the modal and the download follows', async ({ page }) => {
  await gotoApp(page, '/course/resource');
  await expect(page.getByRole('heading', { level: 1, name: '资料下载' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  expect(await rows(page).count()).toBeGreaterThan(1);
  await expect(page.getByText('登录后即可免费下载资料')).toBeVisible();

  const first = rows(page).first();
  const title = (await first.getByRole('heading').textContent())!;
  const sealed = page.waitForRequest((request) => request.url().endsWith('/sys/front/api/material/getFileDownloadUrl'));
  const download = page.waitForEvent('download');
  await first.getByRole('button', { name: /^下载/ }).click();
  await logInInModal(page);

  // The request carries only the sealed body: the resource id travels encrypted.
  const body = (await sealed).postDataJSON() as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(['sealed']);
  const file = await download;
  expect(file.suggestedFilename()).toBe(title);
  expect(file.url()).toMatch(/\/static\/downloads\/\d+\?/);
  expect(await file.failure()).toBeNull();
  await expect(page.getByText(`已开始下载 ${title}`)).toBeAttached();
  expect(page.url()).toMatch(/\/new\/course\/resource$/);
});

test('资料下载: a project filter and the e-book section live in the URL; reading a book counts a view', async ({ page, context }) => {
  await gotoApp(page, '/course/resource');
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('group', { name: '考试项目' }).getByRole('link', { name: '初级会计职称' }).click();
  await expect(page).toHaveURL(/\/new\/course\/resource\?projectId=\d+$/);
  await expect(rows(page).first()).toContainText('初级会计职称');

  await page.getByRole('navigation', { name: '资料类型' }).getByRole('link', { name: '电子书' }).click();
  await expect(page).toHaveURL(/\/new\/course\/resource\?tab=ebook&projectId=\d+$/);
  const book = page.getByTestId('ebook-card').first();
  await expect(book).toBeVisible();
  await page.reload();
  await expect(book).toBeVisible();
  const before = Number((await book.getByTestId('ebook-views').textContent())!.match(/\d+/)![0]);
  const counted = page.waitForResponse((response) => /\/products\/front\/api\/ebook\/addViewNum\/\d+$/.test(response.url()));
  const opened = context.waitForEvent('page');
  await book.getByRole('link', { name: /^在线阅读/ }).click();
  await counted;
  const reader = await opened;
  expect(reader.url()).toMatch(/\/static\/ebooks\/\d+\.pdf$/);
  await reader.close();
  await expect(book.getByTestId('ebook-views')).toHaveText(`${before + 1} 次阅读`);

  await page.goBack();
  await expect(page).toHaveURL(/\/new\/course\/resource\?projectId=\d+$/);
  await expect(rows(page).first()).toBeVisible();
});

test('资料下载 at 375 px: nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoApp(page, '/course/resource');
  await expect(rows(page).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
