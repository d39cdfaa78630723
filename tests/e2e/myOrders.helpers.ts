/** Helpers of the order and coupon e2e tests. */
import type { Page } from '@playwright/test';
import { DEMO } from './accountHelpers';
import { expect, gotoApp } from './fixtures';

/** Password login on /uc/login, landing on `target`. */
export async function logIn(page: Page, target: string): Promise<void> {
  await gotoApp(page, `/uc/login?redirect=${encodeURIComponent(target)}`);
  await page.getByTestId('tab-password').click();
  await page.getByTestId('mobile-input').fill(DEMO.mobile);
  await page.getByTestId('password-input').fill(DEMO.password);
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('header-user')).toBeVisible();
}
