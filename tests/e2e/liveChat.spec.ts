/**
 * The live chat in the player on the real server: the 答疑室 of the demo student's course is open;
 * the history (the assistant's words) shows, a message sent in one browser reaches another at once.
 */
import type { Browser, Page } from '@playwright/test';
import type { CourseStudyProgress, MyCourseList } from '../../src/domain/learning/contract';
import { DEMO } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';

async function loggedInPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await gotoApp(page, '/uc/login?redirect=%2Fabout');
  await page.getByTestId('tab-password').click();
  await page.getByTestId('mobile-input').fill(DEMO.mobile);
  await page.getByTestId('password-input').fill(DEMO.password);
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/new\/about$/);
  return page;
}

async function data<T>(page: Page, path: string): Promise<T> {
  return ((await (await page.request.get(path)).json()) as { data: T }).data;
}

test('a message sent in one browser reaches another, under the assistant’s history', async ({ browser, baseURL }) => {
  const alice = await loggedInPage(browser, baseURL);
  const list = await data<MyCourseList>(alice, '/usercenter/front/api/userproduct/getMyCourseList?tab=sys&size=50');
  // By title: another test may have given the student more courses.
  const course = list.records.find((c) => c.title === '2027一级建造师《建设工程经济》精讲班')!;
  const outline = await data<CourseStudyProgress>(alice, `/products/front/api/catalogue/getStudyPercentage/${course.courseId}`);
  const room = outline.coursewares.find((c) => c.type === 'LIVE')!;
  const url = `/course-player/${course.courseId}?coursewareId=${room.coursewareId}`;

  const bob = await loggedInPage(browser, baseURL);
  await gotoApp(bob, url);
  await gotoApp(alice, url);
  for (const page of [alice, bob]) {
    await expect(page.getByText('正在直播')).toBeVisible();
    await expect(page.getByTestId('live-messages')).toContainText('答疑室已开放');
  }

  const words = `第1章第${Date.now() % 1000}题的等额支付怎么算？`;
  await alice.getByTestId('live-input').fill(words);
  await alice.getByRole('button', { name: '发送' }).click();
  await expect(bob.getByTestId('live-messages')).toContainText(words);
  await expect(alice.getByTestId('live-messages').locator('li', { hasText: words })).toContainText('我');
  await expect(alice.getByTestId('live-input')).toHaveValue('');

  await alice.getByTestId('live-input').fill('长'.repeat(201));
  await expect(alice.getByRole('alert')).toContainText('发言最多200个字');
  await expect(alice.getByRole('button', { name: '发送' })).toBeDisabled();
});
