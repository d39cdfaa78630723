/** Every route of product-spec §2 in a real browser against the real server and demo data. */
import { ROUTES, REDIRECTS } from '../../src/routes';
import { expect, gotoApp, test } from './fixtures';

const SAMPLE_PARAMS: Record<string, string> = {
  courseId: '1',
  id: '1',
  productId: '1',
  orderId: '1',
  courseType: 'sys',
  paperId: '1',
  recordId: '1',
  questionType: 'SINGLE',
};

function samplePath(pattern: string): string {
  return pattern.replace(/\/:(\w+)\??/g, (_m, name: string) => `/${SAMPLE_PARAMS[name] ?? '1'}`);
}

test.describe('public routes render', () => {
  for (const route of ROUTES.filter((r) => !r.auth)) {
    test(`${route.path} — ${route.title}`, async ({ page }) => {
      const path = samplePath(route.path);
      await gotoApp(page, path);
      await expect(page).toHaveURL(new RegExp(`/new${path === '/' ? '/' : path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?.*)?$`));
      if (route.path === '/') await expect(page).toHaveTitle(/^学途网校/);
      else await expect(page).toHaveTitle(new RegExp(`^${route.title} - `));
      await expect(page.locator('#root')).not.toBeEmpty();
      await expect(page.getByText('页面加载失败')).toHaveCount(0);
    });
  }
});

test.describe('auth routes go to login with a redirect', () => {
  for (const route of ROUTES.filter((r) => r.auth)) {
    test(`${route.path}`, async ({ page }) => {
      const path = samplePath(route.path);
      await gotoApp(page, `${path}?from=e2e`);
      const expected = `/new/uc/login?redirect=${encodeURIComponent(`${path}?from=e2e`)}`;
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === expected);
      await expect(page).toHaveTitle(/^登录 - /);
    });
  }
});

test.describe('redirects and unknown paths', () => {
  test('unknown paths land on /404', async ({ page }) => {
    await gotoApp(page, '/no/such/page');
    await expect(page).toHaveURL(/\/new\/404$/);
    await expect(page.getByText('页面不存在或已被删除')).toBeVisible();
  });

  for (const r of REDIRECTS.filter((x) => !x.redirect.startsWith('/uc/'))) {
    test(`${r.path} → ${r.redirect}`, async ({ page }) => {
      await gotoApp(page, r.path);
      await expect(page).toHaveURL(new RegExp(`/new${r.redirect}$`));
    });
  }

  test('/uc lands on login with its default child as the redirect', async ({ page }) => {
    await gotoApp(page, '/uc');
    await expect(page).toHaveURL((url) => url.pathname === '/new/uc/login' && url.searchParams.get('redirect') === '/uc/account-manage/personal');
  });

  test('/new redirects to /new/', async ({ page }) => {
    await page.goto('/new');
    await expect(page).toHaveURL(/\/new\/$/);
  });
});

test('the home page shows the demo data from the embedded database', async ({ page }) => {
  await gotoApp(page, '/');
  await expect(page.getByTestId('home-banner')).toBeVisible();
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  expect(await page.getByTestId('course-card').count()).toBeGreaterThan(3);
  // The list answers fen like every amount; the card shows yuan (680.00, not 68000).
  const economics = page.getByTestId('course-card').filter({ hasText: '2027一级建造师《建设工程经济》精讲班' });
  await expect(economics).toContainText('¥680.00');
  await expect(economics).toContainText('¥980.00');
  await expect(page.getByRole('navigation', { name: '考试项目' }).getByText('一级建造师')).toBeVisible();
  await page.getByTestId('course-card').first().click();
  await expect(page).toHaveURL(/\/new\/course\/detail\/\d+$/);
});
