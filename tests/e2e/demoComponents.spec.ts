/**
 * The component demos (/demo-components/*, issue 20) in a real browser: each page shows its
 * component in every state, from the real components, and fits a 375 px phone without scrolling
 * sideways. Also the breadcrumb where the site uses it (a course, the help centre).
 */
import type { Page } from '@playwright/test';
import { expect, gotoApp, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

const DEMO_PATHS = [
  '/demo-components/home',
  '/demo-components/play-video',
  '/demo-components/course-type',
  '/demo-components/breadcrumb',
  '/demo-components/upload',
  '/demo-components/calculator',
];

/** No sideways scroll at this width, once the images have their sizes. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

const section = (page: Page, testId: string) => page.getByTestId(testId);

test('/demo-components leads to the home demo', async ({ page }) => {
  await gotoApp(page, '/demo-components');
  await expect(page).toHaveURL(/\/new\/demo-components\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: '首页组件' })).toBeVisible();
});

test('home demo: loading, empty, failed, filled and a row without courses', async ({ page }) => {
  await gotoApp(page, '/demo-components/home');
  await expect(page.getByRole('heading', { level: 1, name: '首页组件' })).toBeVisible();
  await expect(section(page, 'demo-home-loading').getByTestId('home-skeleton')).toBeVisible();
  await expect(section(page, 'demo-home-empty').getByText('课程正在筹备中，敬请期待')).toBeVisible();
  await expect(section(page, 'demo-home-error').getByRole('alert')).toContainText('网络连接失败');
  await expect(section(page, 'demo-home-error').getByRole('button', { name: '重新加载' })).toBeVisible();
  const filled = section(page, 'demo-home-filled');
  await expect(filled.getByTestId('home-banner')).toBeVisible();
  await expect(filled.getByRole('navigation', { name: '考试项目' })).toBeVisible();
  await expect(filled.getByTestId('course-card')).toHaveCount(6);
  await expect(section(page, 'demo-home-partial').getByText('暂无公开课')).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('play-video demo: loading, the audition video and audio really load, a link that could not be had, no media', async ({ page }) => {
  await gotoApp(page, '/demo-components/play-video');
  await expect(section(page, 'demo-player-loading').getByText('正在加载课程…')).toBeVisible();
  const video = section(page, 'demo-player-video').getByTestId('course-video');
  await expect(video).toBeVisible();
  // The demo site's free-audition file: its metadata arrives (a duration), so it can play.
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState >= 1 && el.duration > 0), { timeout: 15_000 }).toBe(true);
  const audio = section(page, 'demo-player-audio').getByTestId('course-audio');
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.readyState >= 1 && el.duration > 0), { timeout: 15_000 }).toBe(true);
  await expect(section(page, 'demo-player-audio').getByText('第2讲 利息计算要点（音频）')).toBeVisible();
  const failed = section(page, 'demo-player-failed');
  await expect(failed.getByRole('alert')).toContainText('网络不稳定，请稍候再试');
  await expect(failed.getByRole('button', { name: '重试' })).toBeVisible();
  const noMedia = section(page, 'demo-player-no-media');
  await expect(noMedia.getByRole('alert')).toContainText('该课件暂无可播放的内容');
  await noMedia.getByRole('button', { name: '重试' }).click();
  await expect(noMedia.getByText('已重试 1 次')).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('course-type demo: a card of each type and the three price states', async ({ page }) => {
  await gotoApp(page, '/demo-components/course-type');
  const types = section(page, 'demo-course-types').getByTestId('course-card');
  await expect(types).toHaveCount(5);
  for (const label of ['系统课', '课程包', '训练营', '公开课', '加购课']) {
    await expect(section(page, 'demo-course-types').locator('.xt-course-card__tag', { hasText: label })).toBeVisible();
  }
  const prices = section(page, 'demo-course-prices').getByTestId('course-card');
  await expect(prices.nth(0)).toContainText('免费');
  await expect(prices.nth(1)).toContainText('¥580.00');
  await expect(prices.nth(2).locator('.xt-price--original')).toHaveText('¥599.00');
  await expectNoHorizontalScroll(page);
});

test('breadcrumb demo: short, a long name cut by an ellipsis on one line, a single item', async ({ page }) => {
  await gotoApp(page, '/demo-components/breadcrumb');
  const short = section(page, 'demo-breadcrumb-short').getByRole('navigation', { name: '面包屑' });
  await expect(short.getByRole('link')).toHaveText(['首页', '课程']);
  await expect(short.locator('[aria-current="page"]')).toHaveText('2027一建备考规划公开课');
  const long = section(page, 'demo-breadcrumb-long').getByRole('navigation', { name: '面包屑' });
  const current = long.locator('[aria-current="page"]');
  await expect(current).toBeVisible();
  // Cut (its text is wider than its box) and still one line, as tall as the short one.
  expect(await current.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // Only the page's own name gives way: the ancestors stay whole.
  for (const link of await long.getByRole('link').all()) expect(await link.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect((await long.boundingBox())!.height).toBe((await short.boundingBox())!.height);
  const single = section(page, 'demo-breadcrumb-single').getByRole('navigation', { name: '面包屑' });
  await expect(single.getByRole('listitem')).toHaveCount(1);
  await expectNoHorizontalScroll(page);
});

test('upload demo: empty, done, uploading, failed, full, disabled, and picking a file', async ({ page }) => {
  await gotoApp(page, '/demo-components/upload');
  await expect(section(page, 'demo-upload-empty').getByText('0/4', { exact: true })).toBeVisible();
  await expect(section(page, 'demo-upload-done').getByRole('img')).toHaveCount(2);
  await expect(section(page, 'demo-upload-uploading').getByRole('status')).toHaveText('上传中');
  await expect(section(page, 'demo-upload-failed').getByRole('alert')).toHaveText('图片超过5MB');
  await expect(section(page, 'demo-upload-failed').getByRole('button', { name: '重试' })).toBeVisible();
  await expect(section(page, 'demo-upload-full').getByText('4/4', { exact: true })).toBeVisible();
  await expect(section(page, 'demo-upload-full').getByTestId('upload-input')).toHaveCount(0);
  await expect(section(page, 'demo-upload-disabled').getByTestId('upload-input')).toBeDisabled();
  await expect(section(page, 'demo-upload-disabled').getByRole('button', { name: '删除第1张图片' })).toBeDisabled();

  const tryIt = section(page, 'demo-upload-try');
  // A 1×1 PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
  await tryIt.getByTestId('upload-input').setInputFiles({ name: '反馈截图.png', mimeType: 'image/png', buffer: png });
  await expect(tryIt.getByRole('img', { name: '第1张图片：反馈截图.png' })).toBeVisible();
  await expect(tryIt.getByText('1/4', { exact: true })).toBeVisible();
  // The add tile is reached from the keyboard: its file input takes focus.
  await tryIt.getByRole('button', { name: '删除第1张图片' }).focus();
  await page.keyboard.press('Tab');
  await expect(tryIt.getByTestId('upload-input')).toBeFocused();
  await tryIt.getByRole('button', { name: '删除第1张图片' }).click();
  await expect(tryIt.getByRole('img')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
});

test('calculator demo: the calculator works and every key is explained', async ({ page }) => {
  await gotoApp(page, '/demo-components/calculator');
  const calc = section(page, 'demo-calculator');
  for (const key of ['(', '1', '+', '2', ')', '×', '5', '0', '%', '=']) await calc.getByRole('button', { name: key, exact: true }).click();
  await expect(calc.locator('output')).toHaveText('1.5');
  await calc.getByLabel('算式').fill('1÷0');
  await calc.getByLabel('算式').press('Enter');
  await expect(calc.locator('output')).toHaveText('算式有误');
  const rows = section(page, 'demo-calculator-keys').getByRole('row');
  await expect(rows).toHaveCount(21);
  await expect(rows.filter({ hasText: '清空算式和结果' })).toHaveCount(1);
  await expectNoHorizontalScroll(page);
});

test('the demo pages link to each other', async ({ page }) => {
  await gotoApp(page, '/demo-components/home');
  const nav = page.getByRole('navigation', { name: '组件示例目录' });
  await nav.getByRole('link', { name: '计算器' }).click();
  await expect(page).toHaveURL(/\/new\/demo-components\/calculator$/);
  await expect(page.getByRole('heading', { level: 1, name: '计算器组件' })).toBeVisible();
  await expect(nav.getByRole('link', { name: '计算器' })).toHaveAttribute('aria-current', 'page');
});

test('a course page and a help page show where they are, and fit 375 px', async ({ page }) => {
  await gotoApp(page, '/course/detail/1');
  const crumbs = page.getByRole('navigation', { name: '面包屑' });
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await expect(crumbs.getByRole('link')).toHaveText(['首页', '课程']);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(title);
  await expectNoHorizontalScroll(page);

  await gotoApp(page, '/hc/pay-type');
  await expect(page.getByRole('navigation', { name: '面包屑' }).getByRole('link')).toHaveText(['首页', '帮助中心']);
  await expect(page.getByRole('navigation', { name: '面包屑' }).locator('[aria-current="page"]')).toHaveText('支付方式');
  await expectNoHorizontalScroll(page);
});

for (const path of DEMO_PATHS) {
  test(`${path} has its title and no sideways scroll at 375 px`, async ({ page }) => {
    await gotoApp(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/示例|组件/);
    await expectNoHorizontalScroll(page);
  });
}
