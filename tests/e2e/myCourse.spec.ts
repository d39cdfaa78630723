/**
 * /uc/my-course on the real server: the demo student's courses with their progress, a course's
 * study page with the catalogue's progress bars and its papers' status, and 继续学习 into the player.
 */
import type { Page } from '@playwright/test';
import { DEMO } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';

async function logIn(page: Page, redirect: string): Promise<void> {
  await gotoApp(page, `/uc/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId('tab-password').click();
  await page.getByTestId('mobile-input').fill(DEMO.mobile);
  await page.getByTestId('password-input').fill(DEMO.password);
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
}

test('my courses: tabs, progress, the study page and 继续学习', async ({ page }) => {
  await logIn(page, '/uc/my-course');
  await expect(page).toHaveURL(/\/uc\/my-course\/sys$/);
  const cards = page.getByTestId('my-course');
  await expect(cards.first()).toBeVisible();
  // By title: another test may have given the student more courses.
  const sys = cards.filter({ hasText: '2027一级建造师《建设工程经济》精讲班' });
  await expect(sys.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^[1-9]\d*$/);
  await expect(sys).toContainText('上次学到：');

  await page.getByRole('link', { name: '公开课', exact: true }).click();
  await expect(page).toHaveURL(/\/uc\/my-course\/free$/);
  await expect(cards.first()).toContainText('公开课');
  await page.getByRole('link', { name: '系统课程', exact: true }).click();

  await sys.getByRole('link', { name: '学习详情' }).click();
  await expect(page).toHaveURL(/\/uc\/my-course\/sys\/detail\/\d+$/);
  await expect(page.getByRole('heading', { name: '课程目录' })).toBeVisible();
  const wares = page.getByTestId('courseware');
  await expect(wares.first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: '已学 100%' }).first()).toBeVisible();
  // A paper of the course, with its status and the way into the question bank.
  const paper = wares.filter({ hasText: '试卷' }).first();
  if ((await paper.count()) > 0) await expect(paper.getByRole('link', { name: /去做题|继续作答|查看成绩|去批阅/ })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('link', { name: '继续学习' }).click();
  await expect(page).toHaveURL(/\/course-player\/\d+\?coursewareId=\d+$/);
  await expect(page.getByTestId('course-video')).toBeVisible();
});

test('a course the student does not own says so', async ({ page }) => {
  await logIn(page, '/uc/my-course/sys/detail/999999');
  await expect(page.getByText('你还没有这门课程，或课程已过期')).toBeVisible();
});
