/**
 * The course lists on the demo data of the real server (issue 9, point 1): filters chosen by link
 * live in the URL, a reload shows the same courses, back returns to the earlier choice, a card
 * opens its course; at 375 px nothing scrolls sideways.
 */
import type { Page } from '@playwright/test';
import { expect, gotoApp, test } from './fixtures';

const cards = (page: Page) => page.getByTestId('course-card');
const row = (page: Page, name: string) => page.getByRole('group', { name });
const cardTitles = async (page: Page) => cards(page).locator('.xt-course-card__title').allTextContents();

test('精品课程: a project and a type go into the URL; reload keeps them and the same courses; back returns; a card opens its course', async ({ page }) => {
  await gotoApp(page, '/course/pro-course');
  await expect(page.getByRole('heading', { level: 1, name: '精品课程' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  const allTitles = await cardTitles(page);
  expect(allTitles.length).toBeGreaterThan(1);

  await row(page, '考试项目').getByRole('link', { name: '一级建造师', exact: true }).click();
  await expect(page).toHaveURL(/\/new\/course\/pro-course\?projectId=\d+$/);
  await expect(row(page, '科目')).toBeVisible();
  await row(page, '课程类型').getByRole('link', { name: '系统课' }).click();
  await expect(page).toHaveURL(/\/new\/course\/pro-course\?projectId=\d+&type=SYS$/);
  await expect(row(page, '课程类型').getByRole('link', { name: '系统课' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('course-list-skeleton')).toHaveCount(0);
  const filtered = await cardTitles(page);
  expect(filtered.length).toBeGreaterThan(0);
  for (const card of await cards(page).all()) await expect(card).toContainText('系统课');
  for (const card of await cards(page).all()) await expect(card).toContainText('一级建造师');
  const filteredUrl = page.url();

  await page.reload();
  await expect(page).toHaveURL(filteredUrl);
  await expect(cards(page).first()).toBeVisible();
  expect(await cardTitles(page)).toEqual(filtered);
  await expect(row(page, '考试项目').getByRole('link', { name: '一级建造师', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(row(page, '课程类型').getByRole('link', { name: '系统课' })).toHaveAttribute('aria-current', 'true');

  await page.goBack();
  await expect(page).toHaveURL(/\/new\/course\/pro-course\?projectId=\d+$/);
  await expect(row(page, '课程类型').getByRole('link', { name: '全部' })).toHaveAttribute('aria-current', 'true');
  await page.goBack();
  await expect(page).toHaveURL(/\/new\/course\/pro-course$/);
  await expect(page.getByTestId('course-list-skeleton')).toHaveCount(0);
  expect(await cardTitles(page)).toEqual(allTitles);

  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(filteredUrl);
  const first = cards(page).first();
  await expect(first).toBeVisible();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/new\/course\/detail\/\d+$/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href!}$`));
});

test('免费公开课: only free courses; the home page links lead to the lists with their project', async ({ page }) => {
  await gotoApp(page, '/course/free-course');
  await expect(cards(page).first()).toBeVisible();
  for (const card of await cards(page).all()) await expect(card).toContainText('免费');
  await expect(row(page, '课程类型')).toHaveCount(0);

  await gotoApp(page, '/');
  const chip = page.getByRole('navigation', { name: '考试项目' }).getByRole('link').first();
  const project = (await chip.textContent())!;
  await chip.click();
  await expect(page).toHaveURL(/\/new\/course\/pro-course\?projectId=\d+$/);
  await expect(row(page, '考试项目').getByRole('link', { name: project, exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(cards(page).first()).toBeVisible();
});

test('精品课程 at 375 px: filters scroll inside their rows, nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoApp(page, '/course/pro-course?projectId=1');
  await expect(cards(page).first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const lastProject = row(page, '考试项目').getByRole('link').last();
  await lastProject.scrollIntoViewIfNeeded();
  await expect(lastProject).toBeInViewport();
  const box = await cards(page).first().boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
});

test('精品课程 loads without moving what is already on screen (skeleton of the loaded height)', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await gotoApp(page, '/course/pro-course');
  await expect(cards(page).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThanOrEqual(0.02);
});
