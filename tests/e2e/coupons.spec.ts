/**
 * Coupons and redeem codes on the real server (issue 9, point 6): claim on /coupon-acquire → it is
 * in /uc/my-coupon 未使用; the running activity on /coupon-active; XT27-JJ01-DEMO redeemed, then
 * refused as used; a wrong code; a visitor logs in through the modal first; 375 px everywhere.
 */
import type { Page } from '@playwright/test';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import { logInInModal } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { logIn } from './myOrders.helpers';

async function noSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a coupon claimed on /coupon-acquire is in 我的优惠券 under 未使用', async ({ page }) => {
  await logIn(page, '/coupon-acquire');
  // The demo student holds most coupons already; 教资课程9折券 is still to claim.
  const ticket = page.getByRole('article', { name: '教资课程9折券' });
  await ticket.getByRole('button', { name: '领取' }).click();
  await expect(ticket.getByText('已领取')).toBeVisible();
  await expect(page.getByRole('article', { name: '新人专享券' }).getByText('已领取')).toBeVisible();

  await gotoApp(page, '/uc/my-coupon');
  await expect(page.getByRole('navigation', { name: '按优惠券状态筛选' }).getByRole('link', { name: '未使用' })).toHaveAttribute('aria-current', 'page');
  const held = page.getByRole('article', { name: '教资课程9折券' });
  await expect(held).toContainText('9折');
  await expect(held).toContainText('无门槛');
  await page.getByRole('link', { name: '已过期' }).click();
  await expect(page).toHaveURL(/\/new\/uc\/my-coupon\?state=EXPIRED$/);
  await expect(page.getByRole('article', { name: '限量秒杀 满300减100' })).toBeVisible();
});

test('a visitor claiming a coupon logs in through the modal; then the list shows what the user holds', async ({ page }) => {
  await gotoApp(page, '/coupon-acquire');
  const held = page.getByRole('article', { name: '满1000减150' });
  await expect(held.getByRole('button', { name: '领取' })).toBeVisible();
  // The demo student holds 满1000减150 already: after the login the list says so, and nothing is claimed twice.
  await held.getByRole('button', { name: '领取' }).click();
  await logInInModal(page);
  await expect(held.getByText('已领取')).toBeVisible();
  await expect(held.getByRole('alert')).toHaveCount(0);
});

test('/coupon-active shows the running activity with its coupons and courses', async ({ page }) => {
  await gotoApp(page, '/coupon-active');
  await expect(page.getByRole('heading', { level: 1, name: '2027建造师开学季' })).toBeVisible();
  await expect(page.getByTestId('activity-state')).toHaveText('进行中');
  await expect(page.getByText(/^活动时间：/)).toBeVisible();
  await expect(page.getByRole('article', { name: '开学季 满2000减300' })).toBeVisible();
  const course = page.getByRole('region', { name: '活动课程' }).getByRole('link').first();
  await expect(course).toHaveAttribute('href', /\/new\/course\/detail\/\d+$/);
});

test('redeeming XT27-JJ01-DEMO grants the course; again it is refused as used; a wrong code says so', async ({ page }) => {
  await logIn(page, '/course-exchange');
  const field = page.getByLabel('兑换码');
  await field.fill('xt27-jj01 demo');
  await page.getByRole('button', { name: '立即兑换' }).click();
  const success = page.getByTestId('redeem-success');
  await expect(success).toContainText('兑换成功');
  await expect(success).toContainText('建设工程经济');
  await expect(success.getByRole('link', { name: '去学习' })).toHaveAttribute('href', /\/new\/course\/detail\/\d+$/);

  await success.getByRole('button', { name: '继续兑换' }).click();
  await field.fill('XT27-JJ01-DEMO');
  await page.getByRole('button', { name: '立即兑换' }).click();
  await expect(page.getByTestId('redeem-error')).toHaveText(COMMERCE_TEXTS.redeemCodeUsed);

  await field.fill('XT27-NOPE-0000');
  await page.getByRole('button', { name: '立即兑换' }).click();
  await expect(page.getByTestId('redeem-error')).toHaveText(COMMERCE_TEXTS.redeemCodeWrong);

  await field.fill('XT26-OLD0-DEMO');
  await page.getByRole('button', { name: '立即兑换' }).click();
  await expect(page.getByTestId('redeem-error')).toHaveText(COMMERCE_TEXTS.redeemCodeExpired);
});

test('a visitor redeeming a code logs in through the modal first', async ({ page }) => {
  await gotoApp(page, '/course-exchange');
  await page.getByLabel('兑换码').fill('XT27-XF01-DEMO');
  await page.getByRole('button', { name: '立即兑换' }).click();
  await logInInModal(page);
  await expect(page.getByTestId('redeem-success')).toContainText('兑换成功');
});

test('the coupon and redeem pages at 375 px: nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/coupon-acquire', '/coupon-active', '/course-exchange']) {
    await gotoApp(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await noSidewaysScroll(page);
  }
  await logIn(page, '/uc/my-coupon');
  await expect(page.getByTestId('coupon').first()).toBeVisible();
  await noSidewaysScroll(page);
});
