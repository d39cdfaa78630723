/**
 * Every link of the home page, on the demo data of the real server, opens a page of the app
 * (issue 9, point 7): each banner (through its dot), the project chips, the course cards, both
 * 查看全部 and the question-bank button. Each is followed in the browser: no /404, no failed load.
 */
import { expect, gotoApp, test } from './fixtures';

test('every home card, banner and 查看全部 link opens a page of the app', async ({ page }) => {
  test.setTimeout(120_000);
  await gotoApp(page, '/');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  const banner = page.getByTestId('home-banner');
  const hrefs = new Set<string>();
  const dots = banner.getByRole('button');
  const bannerCount = await dots.count();
  expect(bannerCount).toBeGreaterThan(0);
  for (let i = 0; i < bannerCount; i++) {
    await dots.nth(i).click();
    const link = banner.getByRole('link');
    // The demo banners all point at pages of the app; one without a page would show as a picture.
    await expect(link).toHaveCount(1);
    hrefs.add((await link.getAttribute('href'))!);
  }
  const home = page.locator('.xt-home');
  for (const href of await home.locator('a:not([data-testid="home-banner"] a)').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')))
    hrefs.add(href);
  await expect(home.getByRole('link', { name: /查看全部/ })).toHaveCount(2);
  expect(hrefs.size).toBeGreaterThan(bannerCount);

  for (const href of hrefs) {
    expect(href, 'a link inside the app (under /new/)').toMatch(/^\/new\//);
    await page.goto(href);
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page, href).not.toHaveURL(/\/new\/404$/);
    await expect(page.getByText('页面不存在或已被删除')).toHaveCount(0);
    await expect(page.getByText('页面加载失败')).toHaveCount(0);
  }
});
