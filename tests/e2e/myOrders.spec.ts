/**
 * 我的订单 on the real server (issue 9, point 6): an order created through the API as the demo
 * student shows in /uc/my-order as 待支付 with its countdown; 取消订单 → the dialog → 已取消; its
 * detail; another user's (unknown) order reads 订单不存在; 375 px without sideways scroll.
 */
import type { Page } from '@playwright/test';
import { COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import { CATALOG_CALLS } from '../../src/domain/catalog/calls';
import type { CouponActivity, CourseSkuList, OrderCreated } from '../../src/domain/commerce/contract';
import { STORAGE_KEYS, TERMINAL_TYPE } from '../../src/domain/shared/constants';
import { expect, gotoApp, test } from './fixtures';
import { logIn } from './myOrders.helpers';

/** A call from the page as the app makes it: same origin, the session's bearer token, Terminal-Type. */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const token = (await page.context().cookies()).find((c) => c.name === STORAGE_KEYS.tokenCookie)?.value ?? '';
  const answer = await page.evaluate(
    async ({ method, path, body, token, terminal }) => {
      const res = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', 'Terminal-Type': terminal, Authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as { code: number; msg: string; data: unknown };
    },
    { method, path, body, token, terminal: TERMINAL_TYPE },
  );
  expect(answer.code, answer.msg).toBe(200);
  return answer.data as T;
}

/** A pending order of a system course of the running activity, on a SKU without printed material, with no coupon. */
async function createPendingOrder(page: Page): Promise<OrderCreated> {
  const activity = await apiCall<CouponActivity>(page, 'GET', COMMERCE_EXTRA_CALLS.couponActivity.path.replace('/:id?', ''));
  for (const course of activity.courses.filter((c) => c.courseType === 'SYS')) {
    const skus = await apiCall<CourseSkuList>(page, 'POST', CATALOG_CALLS.courseSkuList.path.replace(':id', String(course.courseId)), {});
    const sku = skus.skus.find((s) => !s.shipsMaterial);
    if (sku) return apiCall<OrderCreated>(page, 'POST', COMMERCE_EXTRA_CALLS.orderCreate.path, { courseId: course.courseId, skuId: sku.id, couponId: null });
  }
  throw new Error('no SYS course without printed material in the activity');
}

test('a new order shows as 待支付 in 我的订单, and 取消订单 turns it into 已取消', async ({ page }) => {
  await logIn(page, '/uc/my-order');
  const order = await createPendingOrder(page);

  await gotoApp(page, '/uc/my-order?status=PENDING');
  const row = page.getByRole('article', { name: `订单号 ${order.orderNo}` });
  await expect(row.getByTestId('order-state')).toHaveText('待支付');
  await expect(row.getByTestId('order-remaining')).toHaveText(/^剩余支付时间 (29|30):\d\d$/);
  await expect(row.getByRole('link', { name: '继续支付' })).toHaveAttribute('href', `/new/order-pay/${order.orderId}`);
  // One course, one line: no 共N门课程 (the list counts the order's own lines).
  await expect(row).not.toContainText('门课程');

  await row.getByRole('button', { name: '取消订单' }).click();
  const dialog = page.getByRole('dialog', { name: '取消订单' });
  await expect(dialog).toContainText(order.orderNo);
  await dialog.getByRole('button', { name: '确定取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('order-state')).toHaveText('已取消');

  // The server agrees: the order is under 已取消 after a reload, and its detail says so.
  await page.getByRole('navigation', { name: '按订单状态筛选' }).getByRole('link', { name: '已取消' }).click();
  await expect(page).toHaveURL(/\/new\/uc\/my-order\?status=CANCELLED$/);
  await page.reload();
  await expect(page.getByRole('article', { name: `订单号 ${order.orderNo}` }).getByTestId('order-state')).toHaveText('已取消');
  await page
    .getByRole('article', { name: `订单号 ${order.orderNo}` })
    .getByRole('link', { name: '查看详情' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/new/uc/my-order/${order.orderId}$`));
  await expect(page.getByTestId('order-detail').getByTestId('order-state')).toHaveText('已取消');
  await expect(page.getByTestId('order-pay')).toHaveText(/^¥\d+\.\d\d$/);
});

test('the demo orders: 已支付 with 去学习, the long-unpaid one as 已过期; an unknown order is 订单不存在', async ({ page }) => {
  await logIn(page, '/uc/my-order');
  await gotoApp(page, '/uc/my-order?status=PAID');
  const paid = page.getByTestId('order-row').first();
  await expect(paid.getByTestId('order-state')).toHaveText('已支付');
  await expect(paid.getByRole('link', { name: '去学习' })).toHaveAttribute('href', /\/new\/course\/detail\/\d+$/);
  await gotoApp(page, '/uc/my-order?status=EXPIRED');
  await expect(page.getByTestId('order-row').first().getByTestId('order-state')).toHaveText('已过期');

  await gotoApp(page, '/uc/my-order/99999999');
  await expect(page.getByRole('heading', { level: 1, name: '订单不存在' })).toBeVisible();
  await page.getByRole('link', { name: '返回我的订单' }).click();
  await expect(page).toHaveURL(/\/new\/uc\/my-order$/);
});

test('我的订单 and an order detail at 375 px: nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await logIn(page, '/uc/my-order');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByTestId('order-row').first().getByRole('link', { name: '查看详情' }).click();
  await expect(page.getByTestId('order-detail')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
