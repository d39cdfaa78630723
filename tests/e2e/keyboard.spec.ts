/** Logging in with the keyboard alone: tabs by arrow keys, fields by Tab, the agreement by Space, Enter submits. */
import type { Page } from '@playwright/test';
import { DEMO } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';

const focusedTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

/** Presses Tab until the element with `testId` has the focus (it must be reachable in a few steps). */
async function tabTo(page: Page, testId: string, maxSteps = 15): Promise<number> {
  for (let step = 1; step <= maxSteps; step++) {
    await page.keyboard.press('Tab');
    if ((await focusedTestId(page)) === testId) return step;
  }
  throw new Error(`${testId} not reached by Tab in ${maxSteps} steps (focus on ${await focusedTestId(page)})`);
}

test('password login with the keyboard alone', async ({ page }) => {
  await gotoApp(page, '/uc/login?redirect=%2Fabout');
  await page.getByTestId('tab-sms').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-password')).toHaveAttribute('aria-selected', 'true');
  expect(await focusedTestId(page)).toBe('tab-password');

  await tabTo(page, 'mobile-input');
  await page.keyboard.type(DEMO.mobile);
  await tabTo(page, 'password-input');
  await page.keyboard.type(DEMO.password);
  await tabTo(page, 'agreement');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('agreement')).toBeChecked();
  await page.getByTestId('password-input').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/new\/about$/);
  await expect(page.getByTestId('header-user')).toContainText(DEMO.nickname);
});

test('the login modal keeps Tab inside and closes on Escape, giving the focus back', async ({ page }) => {
  await gotoApp(page, '/about');
  await page.getByTestId('header-login').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await focusedTestId(page)).toBe('header-login');
});

test('binding WeChat on the security page, then the unbind dialog by keyboard: focus on confirm, Tab cycles, Escape keeps, Enter unbinds', async ({
  page,
  context,
}) => {
  await gotoApp(page, '/uc/login?redirect=%2Fuc%2Faccount-manage%2Fsecurity');
  await page.getByTestId('tab-password').click();
  await page.getByTestId('mobile-input').fill(DEMO.mobile);
  await page.getByTestId('password-input').fill(DEMO.password);
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/new\/uc\/account-manage\/security$/);

  const wechat = page.getByRole('region', { name: '微信账号' });
  await wechat.getByRole('button', { name: '绑定微信' }).click();
  const authorizeUrl = await page.frameLocator('[data-testid="wechat-qr"]').locator('#wx-authorize-link').getAttribute('href');
  const phone = await context.newPage();
  await phone.goto(new URL(authorizeUrl!, page.url()).toString());
  const nickname = `键盘${Date.now() % 100000}`;
  await phone.locator('#wx-nickname').fill(nickname);
  await phone.locator('#wx-confirm').click();
  await phone.close();
  await expect(page.getByTestId('wechat-status')).toContainText(nickname);

  const unbind = wechat.getByRole('button', { name: '解除绑定' });
  await unbind.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  expect(await focusedText()).toBe('解除绑定');
  await page.keyboard.press('Tab');
  expect(await focusedText()).toBe('取消');
  await page.keyboard.press('Tab');
  expect(await focusedText()).toBe('解除绑定');
  await page.keyboard.press('Shift+Tab');
  expect(await focusedText()).toBe('取消');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('wechat-status')).toContainText(nickname);

  await unbind.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('wechat-status')).toHaveText('未绑定');
});
