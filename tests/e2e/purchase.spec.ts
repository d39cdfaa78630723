/**
 * Issue 9's journeys on the real server (sandbox wallet, developer clock): browse → filter (kept on
 * reload) → detail → open the catalogue → buy while logged out → log in in the modal → the coupon
 * is preselected → pay in the sandbox → the course is owned and opens; a pack grants its courses;
 * an order past 30 minutes cannot be paid; cancelling releases the coupon; continue paying later.
 */
import type { Page } from '@playwright/test';
import type { CourseListItem, CourseType } from '../../src/domain/catalog/contract';
import type { ClaimableCoupon, CourseSkuList, OrderCreated, UserProductStatus } from '../../src/domain/commerce/contract';
import { dragSliderTo, newMobile, passCaptchaInTestMode, smsCode } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

type Envelope<T> = { code: number; msg: string; data: T };

async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(path, { method, ...(data === undefined ? {} : { data }) });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(200);
  return body.data;
}

async function coursesOf(page: Page, type: CourseType): Promise<CourseListItem[]> {
  return (await api<{ records: CourseListItem[] }>(page, 'POST', '/products/front/api/course/getPageList', { type, size: 50 })).records;
}

/** A new student logs in by SMS in whatever login form is on screen (the page or the modal). */
async function smsLogin(page: Page, scope: ReturnType<Page['getByTestId']> | Page = page): Promise<string> {
  const mobile = newMobile();
  await scope.getByTestId('mobile-input').fill(mobile);
  await scope.getByTestId('get-code').click();
  await expect(page.getByTestId('slider-captcha')).toBeVisible();
  await dragSliderTo(page, 60);
  await scope.getByTestId('code-input').fill(await smsCode(page, mobile));
  await scope.getByTestId('agreement').check();
  await scope.getByTestId('login-submit').click();
  return mobile;
}

async function logInOnPage(page: Page): Promise<void> {
  await gotoApp(page, '/uc/login?redirect=%2Fabout');
  await smsLogin(page);
  await expect(page).toHaveURL(/\/new\/about$/);
}

async function claim(page: Page, name: string): Promise<void> {
  const coupons = await api<ClaimableCoupon[]>(page, 'GET', '/products/front/api/coupon/getClaimableList');
  const coupon = coupons.find((c) => c.name === name);
  expect(coupon, name).toBeDefined();
  await api(page, 'POST', `/products/front/api/coupon/claim/${coupon!.templateId}`, {});
}

const owned = async (page: Page, courseId: number): Promise<boolean> =>
  (await api<UserProductStatus>(page, 'GET', `/usercenter/front/api/userproduct/getStatus/${courseId}`)).status;

/** On the pay page: the sandbox "phone" opens from the QR's link and its 确认支付 pays. */
async function payInSandbox(page: Page): Promise<void> {
  await expect(page.getByRole('img', { name: /支付二维码/ })).toBeVisible();
  const [phone] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: '在新窗口打开支付页' }).click()]);
  await phone.getByRole('button', { name: '确认支付' }).click();
  await expect(phone.getByText(/支付成功|已支付/).first()).toBeVisible();
  await phone.close();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible({ timeout: 15_000 });
}

test.beforeEach(async ({ page }) => passCaptchaInTestMode(page));

test('browse, filter, open the catalogue, buy logged out through the modal, coupon preselected, pay, own the course', async ({ page }) => {
  await gotoApp(page, '/course/pro-course');
  const projects = page.getByRole('group', { name: '考试项目' });
  const project = projects.getByRole('link').nth(1);
  const projectName = (await project.textContent())!.trim();
  await project.click();
  await expect(page).toHaveURL(/projectId=\d+/);
  // 系统课: a course with a catalogue to open.
  await page.getByRole('group', { name: '课程类型' }).getByRole('link', { name: '系统课' }).click();
  await expect(page).toHaveURL(/projectId=\d+.*type=SYS|type=SYS.*projectId=\d+/);
  const filtered = page.url();
  await page.reload();
  await expect(page).toHaveURL(filtered);
  await expect(projects.getByRole('link', { name: projectName })).toHaveAttribute('aria-current', 'true');

  await page.getByTestId('course-card').first().click();
  await expect(page).toHaveURL(/\/course\/detail\/\d+$/);
  const courseId = Number(/detail\/(\d+)/.exec(page.url())![1]);
  const chapter = page.locator('.xt-catalogue > li > .xt-catalogue__toggle').first();
  await chapter.click();
  await expect(chapter).toHaveAttribute('aria-expanded', 'true');

  await page.getByRole('button', { name: '立即购买' }).click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await smsLogin(page, modal);
  await expect(page).toHaveURL(new RegExp(`/submit-order/${courseId}\\?skuId=\\d+`));

  // A new student claims the newcomer coupon: the order page preselects it (the best one they hold).
  await claim(page, '新人专享券');
  await page.reload();
  await expect(page.getByRole('radio', { name: /新人专享券/ })).toBeChecked();
  const total = await page.getByTestId('pay-amount').textContent();
  expect(total).toMatch(/^¥\d/);
  if (await page.getByRole('form', { name: '新增收货地址' }).isVisible()) {
    // A SKU with printed material: the first one listed is chosen instead (no address needed).
    await page.getByRole('group', { name: '选择班型' }).getByRole('radio').first().check();
  }
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/order-pay\/\d+$/);
  await payInSandbox(page);

  await expect(page).toHaveURL(new RegExp(`/course/detail/${courseId}$`), { timeout: 10_000 });
  await expect(page.getByRole('link', { name: '开始学习' }).or(page.getByRole('button', { name: '开始学习' }))).toBeVisible();
  expect(await owned(page, courseId)).toBe(true);
});

test('a pack grants each of its courses', async ({ page }) => {
  await logInOnPage(page);
  const pack = (await coursesOf(page, 'PACK'))[0]!;
  await gotoApp(page, `/submit-order/${pack.id}`);
  await expect(page.getByTestId('pay-amount')).toBeVisible();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/order-pay\/\d+$/);
  await payInSandbox(page);
  const detail = await api<{ packCourses: { id: number }[] }>(page, 'GET', `/products/front/api/course/getDetails/${pack.id}`);
  expect(detail.packCourses.length).toBeGreaterThan(1);
  for (const course of detail.packCourses) expect(await owned(page, course.id), `course ${course.id} of the pack`).toBe(true);
});

async function orderFor(page: Page, type: CourseType, couponId?: number): Promise<OrderCreated & { courseId: number }> {
  const course = (await coursesOf(page, type))[0]!;
  const skus = await api<CourseSkuList>(page, 'POST', `/products/front/api/course/getSkuList/${course.id}`, {});
  const sku = skus.skus.find((s) => !s.shipsMaterial)!;
  const order = await api<OrderCreated>(page, 'POST', '/products/front/api/order/create', {
    courseId: course.id,
    skuId: sku.id,
    ...(couponId === undefined ? {} : { couponId }),
  });
  return { ...order, courseId: course.id };
}

test('cancelling an order releases its coupon; a pending order can be paid later from my orders', async ({ page }) => {
  await logInOnPage(page);
  await claim(page, '新人专享券');
  const first = await orderFor(page, 'SYS');
  await gotoApp(page, `/order-pay/${first.orderId}`);
  await page.getByRole('button', { name: '取消订单' }).click();
  await page.getByRole('dialog', { name: '取消订单' }).getByRole('button', { name: '取消订单' }).click();
  await expect(page.getByRole('heading', { name: '订单已取消' })).toBeVisible();
  await page.getByRole('link', { name: '重新下单' }).click();
  // Released: the same coupon is preselected on the new order.
  await expect(page.getByRole('radio', { name: /新人专享券/ })).toBeChecked();

  const second = await orderFor(page, 'SYS');
  await gotoApp(page, '/uc/my-order');
  const row = page.getByRole('article', { name: `订单号 ${second.orderNo}` });
  await row.getByRole('link', { name: '继续支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/order-pay/${second.orderId}$`));
  await payInSandbox(page);
  expect(await owned(page, second.courseId)).toBe(true);
});

// Tagged @moves-clock: moving the server's clock would expire what tests running beside it hold
// (an exam's timer, an order), so playwright.config.ts runs it after every other test, alone.
test('an order 31 minutes old cannot be paid (the server clock moved forward)', { tag: '@moves-clock' }, async ({ page }) => {
  await logInOnPage(page);
  const order = await orderFor(page, 'SYS');
  await gotoApp(page, `/order-pay/${order.orderId}`);
  await expect(page.getByRole('img', { name: /支付二维码/ })).toBeVisible();
  const res = await page.request.post('/dev/clock/advance', { data: { minutes: 31 } });
  expect(res.ok()).toBe(true);
  await expect(page.getByRole('heading', { name: '订单已过期' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('img', { name: /支付二维码/ })).toHaveCount(0);
  const pay = await page.request.post('/products/front/api/unifiedPay/pay', { data: { orderId: order.orderId, channel: 'SANDBOX' } });
  expect(((await pay.json()) as Envelope<unknown>).code).not.toBe(200);
});
