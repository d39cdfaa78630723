/** Accessibility: axe-core (WCAG 2.1 A and AA rules) on the finished screens, logged out and in. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { handInWrittenPaper, logIn } from './questionBankReportHelpers';

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => `${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`)
        .slice(0, 3)
        .join(' | ')}`,
  );
}

const PUBLIC_PAGES = [
  '/',
  '/about',
  '/teacher',
  '/course/pro-course',
  '/course/free-course?projectId=1',
  '/course/resource',
  '/course/resource?tab=ebook',
  '/course/detail/1',
  '/course/preview/1',
  '/course/detail/987654',
  '/course-player/1',
  '/coupon-acquire',
  '/coupon-active',
  '/course-exchange',
  '/question-bank/home',
  '/question-bank/home?tab=2',
  '/download-app',
  '/404',
  '/transfer?target=https%3A%2F%2Fwww.example.com',
  '/hc/pay-type',
  '/hc/site-stated',
  '/hc/user-agreement',
  '/hc/privacy-policy',
  '/uc/login',
  '/uc/forgot-password',
  '/uc/bindphone?sessionKey=abc',
  '/demo-components/home',
  '/demo-components/play-video',
  '/demo-components/course-type',
  '/demo-components/breadcrumb',
  '/demo-components/upload',
  '/demo-components/calculator',
];

for (const path of PUBLIC_PAGES) {
  test(`no WCAG A/AA violations on ${path}`, async ({ page }) => {
    await gotoApp(page, path);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);
  });
}

test('no WCAG A/AA violations in the login modal, the login forms with errors, captcha and QR, and the user centre', async ({ page }) => {
  await gotoApp(page, '/about');
  await page.getByTestId('header-login').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await gotoApp(page, '/uc/login');
  // Errors shown, the agreement prompt, the open slider captcha, the WeChat QR.
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('手机号码不能为空')).toBeVisible();
  await page.getByTestId('mobile-input').fill('13800138000');
  await page.getByTestId('get-code').click();
  await expect(page.getByTestId('slider-captcha')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);
  await gotoApp(page, '/uc/login');
  await page.getByTestId('tab-wechat').click();
  await expect(page.frameLocator('[data-testid="wechat-qr"]').locator('#wx-authorize-link')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);

  await gotoApp(page, '/uc/login');
  await page.getByTestId('tab-password').click();
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('密码不能为空')).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByTestId('mobile-input').fill(DEMO.mobile);
  await page.getByTestId('password-input').fill(DEMO.password);
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-user')).toBeVisible();
  for (const path of [
    '/uc/account-manage/personal',
    '/uc/account-manage/security',
    '/uc/my-order',
    '/uc/my-coupon',
    '/uc/my-course/sys',
    '/uc/my-course/free',
  ]) {
    await gotoApp(page, path);
    await page.waitForLoadState('networkidle');
    expect(await violations(page), path).toEqual([]);
  }
});

test('no WCAG A/AA violations in an open course catalogue (nested chapters and coursewares) and a camp with cohorts', async ({ page }) => {
  await gotoApp(page, '/course/detail/2');
  const chapter = page.locator('.xt-catalogue > li > .xt-catalogue__toggle').first();
  await chapter.click();
  const section = page.locator('.xt-catalogue__level .xt-catalogue__toggle').first();
  await section.click();
  await expect(page.locator('.xt-catalogue__ware').first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await gotoApp(page, '/course/detail/6');
  await expect(page.getByRole('group', { name: '选择班型' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);
});

test('no WCAG A/AA violations on the question bank marking page, transcript, analysis with its feedback dialog, and the wrong book', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page);
  // Practice mode: questionBankReport.spec.ts, which may run beside this file, answers the paper in exam mode.
  const { paper, record } = await handInWrittenPaper(page, 'PRACTICE');
  await gotoApp(page, `/question-bank/learn-center-mark/${record.id}`);
  await page.getByRole('button', { name: '提交批阅' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  expect(await violations(page), 'learn-center-mark').toEqual([]);
  const groups = page.getByRole('group', { name: '快速评分' });
  for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).getByRole('button', { name: /^满分/ }).click();
  await page.getByRole('button', { name: '提交批阅' }).click();
  await expect(page.getByRole('region', { name: '本卷统计' })).toBeVisible();
  expect(await violations(page), 'transcript').toEqual([]);
  await gotoApp(page, `/question-bank/learn-center-analyze/${paper.id}/${record.id}`);
  await page.locator('article.xt-report__question').first().getByRole('button', { name: '纠错' }).click();
  await expect(page.getByRole('dialog', { name: '题目纠错' })).toBeVisible();
  expect(await violations(page), 'learn-center-analyze').toEqual([]);
  await gotoApp(page, `/question-bank/learn-center-analyze-record/wrong?subjectId=${paper.subjectId}`);
  await expect(page.locator('article.xt-report__question').first()).toBeVisible();
  expect(await violations(page), 'learn-center-analyze-record').toEqual([]);
});
