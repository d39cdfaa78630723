/**
 * A small shop for the commerce tests: courses of every type with their SKUs and links, coupon
 * templates, a running activity and redeem codes, plus shortcuts to order and pay as a student
 * does (unifiedPay → the sandbox "phone" pays → its notice is delivered to the notice route).
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { OrderCreated, PayQr } from '../../src/domain/commerce/contract';
import { DAY_MS } from '../../src/domain/commerce/limits';
import {
  activityCoupons,
  activityCourses,
  campStages,
  couponActivities,
  couponTemplates,
  coursePackItems,
  courses,
  courseSkus,
  redeemCodes,
  userCoupons,
} from '../../server/db/schema';
import { type OutgoingNotice, SandboxPaymentProvider } from '../../server/providers/payment/sandbox';
import type { ShiftableClock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

export const yuan = (n: number): number => Math.round(n * 100);

export interface Shop {
  course: Record<'sysA' | 'sysB' | 'pack' | 'addA' | 'addB' | 'free' | 'camp' | 'offShelf', number>;
  sku: Record<'aStd' | 'aPrinted' | 'aPremium' | 'bStd' | 'packStd' | 'addA' | 'addB' | 'campNext' | 'campStarted' | 'offShelf', number>;
  template: Record<'fixed50' | 'percentA' | 'noThreshold20' | 'ended' | 'limited' | 'giftOnly' | 'activityOnly', number>;
  activityId: number;
}

async function course(t: TestApp, title: string, type: string, priceCents: number, extra: Partial<typeof courses.$inferInsert> = {}): Promise<number> {
  const [row] = await t.db
    .insert(courses)
    .values({
      type,
      title,
      cover: `/new/demo/covers/${type.toLowerCase()}.svg`,
      categoryId: 1,
      projectId: 2,
      priceCents,
      intro: '【课程介绍】',
      validDays: 365,
      ...extra,
    })
    .returning({ id: courses.id });
  return row!.id;
}

async function sku(
  t: TestApp,
  courseId: number,
  name: string,
  priceCents: number,
  validDays: number,
  extra: Partial<typeof courseSkus.$inferInsert> = {},
): Promise<number> {
  const [row] = await t.db
    .insert(courseSkus)
    .values({ courseId, name, priceCents, validDays, ...extra })
    .returning({ id: courseSkus.id });
  return row!.id;
}

async function template(t: TestApp, values: Omit<typeof couponTemplates.$inferInsert, 'kind'> & { kind?: string }): Promise<number> {
  const [row] = await t.db
    .insert(couponTemplates)
    .values({ kind: 'FIXED', ...values })
    .returning({ id: couponTemplates.id });
  return row!.id;
}

export async function createShop(t: TestApp, now: Date): Promise<Shop> {
  const n = now.getTime();
  const sysA = await course(t, '一建《经济》精讲班', 'SYS', yuan(680));
  const sysB = await course(t, '一建《管理》精讲班', 'SYS', yuan(680));
  const pack = await course(t, '一建全科通关包', 'PACK', yuan(2000));
  const addA = await course(t, '经济计算题专项', 'ADD', yuan(49));
  const addB = await course(t, '管理网络图专项', 'ADD', yuan(59));
  const free = await course(t, '备考规划公开课', 'FREE', 0, { validDays: 180 });
  const camp = await course(t, '实务冲刺训练营', 'EXP', yuan(399));
  const offShelf = await course(t, '2026版《经济》精讲班', 'SYS', yuan(580), { status: 'OFF_SHELF' });
  await t.db.insert(coursePackItems).values([
    { packId: pack, courseId: sysA, sort: 1 },
    { packId: pack, courseId: sysB, sort: 2 },
    // Add-on links: the ADD course is offered with these main courses.
    { packId: sysA, courseId: addA, sort: 100 },
    { packId: pack, courseId: addA, sort: 100 },
    { packId: sysB, courseId: addB, sort: 100 },
  ]);
  await t.db.insert(campStages).values([
    { courseId: camp, name: '基础夯实', startDay: 0, days: 10, sort: 1 },
    { courseId: camp, name: '冲刺模考', startDay: 10, days: 20, sort: 2 },
  ]);
  const shop: Shop = {
    course: { sysA, sysB, pack, addA, addB, free, camp, offShelf },
    sku: {
      aStd: await sku(t, sysA, '标准班', yuan(680), 365, { sort: 1 }),
      aPrinted: await sku(t, sysA, '标准班（含纸质讲义）', yuan(760), 365, { sort: 2, shipsMaterial: true }),
      aPremium: await sku(t, sysA, '高端班', yuan(1280), 730, { sort: 3, shipsMaterial: true }),
      bStd: await sku(t, sysB, '标准班', yuan(680), 365),
      packStd: await sku(t, pack, '全科标准班', yuan(2000), 365),
      addA: await sku(t, addA, '加购价', yuan(49), 365),
      addB: await sku(t, addB, '加购价', yuan(59), 365),
      campNext: await sku(t, camp, '第3期', yuan(399), 90, { startsAt: new Date(n + 7 * DAY_MS) }),
      campStarted: await sku(t, camp, '第1期', yuan(399), 90, { startsAt: new Date(n - 10 * DAY_MS) }),
      offShelf: await sku(t, offShelf, '标准班', yuan(580), 365),
    },
    template: {
      fixed50: await template(t, { name: '满500减50', amountCents: yuan(50), thresholdCents: yuan(500), validDays: 30, sort: 1 }),
      percentA: await template(t, {
        name: '经济精讲8.5折',
        kind: 'PERCENT',
        percentOff: 15,
        maxDiscountCents: yuan(200),
        thresholdCents: yuan(300),
        courseIds: [sysA],
        validDays: 30,
        sort: 2,
      }),
      noThreshold20: await template(t, { name: '无门槛20元', amountCents: yuan(20), validDays: 30, sort: 3 }),
      ended: await template(t, { name: '已结束', amountCents: yuan(30), validFrom: new Date(n - 30 * DAY_MS), validUntil: new Date(n - DAY_MS), sort: 4 }),
      limited: await template(t, { name: '限量秒杀券', amountCents: yuan(100), thresholdCents: yuan(300), validDays: 7, totalQuantity: 1, sort: 5 }),
      giftOnly: await template(t, { name: '补偿券', amountCents: yuan(10), validDays: 30, claimable: false, sort: 6 }),
      activityOnly: await template(t, { name: '开学季专享', amountCents: yuan(80), thresholdCents: yuan(600), validDays: 15, claimable: false, sort: 7 }),
    },
    activityId: 0,
  };
  const [activity] = await t.db
    .insert(couponActivities)
    .values({ title: '开学季', subtitle: '领券再减', rules: ['每人限领一张'], startsAt: new Date(n - DAY_MS), endsAt: new Date(n + 10 * DAY_MS) })
    .returning({ id: couponActivities.id });
  shop.activityId = activity!.id;
  await t.db.insert(activityCourses).values([
    { activityId: activity!.id, courseId: sysA, tag: '爆款', sort: 1 },
    { activityId: activity!.id, courseId: pack, sort: 2 },
    { activityId: activity!.id, courseId: offShelf, sort: 3 },
  ]);
  await t.db.insert(activityCoupons).values([
    { activityId: activity!.id, templateId: shop.template.activityOnly, sort: 1 },
    { activityId: activity!.id, templateId: shop.template.fixed50, sort: 2 },
  ]);
  await t.db.insert(redeemCodes).values([
    { code: 'XT27JJ01TEST', batch: '测试', courseId: sysA, validDays: 90, expiresAt: new Date(n + 30 * DAY_MS) },
    { code: 'XT27PACKTEST', batch: '测试', courseId: pack, validDays: 60, expiresAt: new Date(n + 30 * DAY_MS) },
    { code: 'XT26OLD0TEST', batch: '测试', courseId: sysA, validDays: 90, expiresAt: new Date(n - DAY_MS) },
  ]);
  return shop;
}

/** A coupon held by the user, valid from now for 30 days unless told otherwise. */
export async function giveCoupon(t: TestApp, userId: number, templateId: number, now: Date, validity: { from?: Date; until?: Date } = {}): Promise<number> {
  const [row] = await t.db
    .insert(userCoupons)
    .values({
      userId,
      templateId,
      validFrom: validity.from ?? new Date(now.getTime() - 1000),
      validUntil: validity.until ?? new Date(now.getTime() + 30 * DAY_MS),
      source: 'GIFT',
    })
    .returning({ id: userCoupons.id });
  return row!.id;
}

export function data<T>(res: LightMyRequestResponse): T {
  expect(res.json(), res.body).toMatchObject({ code: 200 });
  return res.json<{ data: T }>().data;
}

export async function createOrder(t: TestApp, token: string, body: Record<string, unknown>): Promise<OrderCreated> {
  return data<OrderCreated>(await call(t, 'orderCreate', { token, body }));
}

export async function payQr(t: TestApp, token: string, orderId: number, channel = 'SANDBOX'): Promise<PayQr> {
  return data<PayQr>(await call(t, 'unifiedPay', { token, body: { orderId, channel } }));
}

export function ticketOf(qr: PayQr): string {
  return new URL(qr.codeUrl).searchParams.get('ticket')!;
}

/** POSTs a notice to its notify URL the way a vendor does: no cookies, no browser headers. */
export function deliver(t: TestApp, notice: OutgoingNotice): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: new URL(notice.url).pathname, headers: notice.headers, payload: notice.body });
}

/** The student pays on the sandbox "phone": the trade is paid and its notice (returned, not delivered). */
export async function payOnPhone(sandbox: SandboxPaymentProvider, qr: PayQr): Promise<OutgoingNotice> {
  const outcome = await sandbox.pay(ticketOf(qr));
  if (!outcome.ok) throw new Error(`sandbox refused: ${outcome.refusal}`);
  return outcome.notice;
}

/** Order, QR, pay, notice: an order of `body` bought and settled. */
export async function buy(t: TestApp, sandbox: SandboxPaymentProvider, token: string, body: Record<string, unknown>): Promise<OrderCreated> {
  const order = await createOrder(t, token, body);
  const res = await deliver(t, await payOnPhone(sandbox, await payQr(t, token, order.orderId)));
  expect(res.statusCode, res.body).toBe(200);
  return order;
}

/** A logged-in student of their own (a new user per call, so tests never share coupons or orders). */
export async function newStudent(t: TestApp): Promise<{ id: number; token: string }> {
  const user = await createUser(t.db);
  return { id: user.id, token: await loginAs(t.db, user.id) };
}

/** The Chinese message of an answer. */
export function msgOf(res: { json(): unknown }): string {
  return (res.json() as { msg: string }).msg;
}

/** The commerce test app on a shiftable clock, the sandbox wallet on the same clock, and the demo shop. */
export async function openShop(clock: ShiftableClock): Promise<{ t: TestApp; sandbox: SandboxPaymentProvider; shop: Shop }> {
  const t = await createTestApp({ services: { clock } });
  return { t, sandbox: new SandboxPaymentProvider(t.db, clock), shop: await createShop(t, clock.now()) };
}
