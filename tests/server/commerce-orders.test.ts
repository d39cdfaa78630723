/**
 * Orders: the server alone prices them (tampered amounts, SKUs and coupons change nothing), coupons
 * are judged, locked by one order, released by a cancel or the expiry, used once; an order expires
 * 30 minutes after creation (shifted clock); another user's order is 404 whatever the call.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, OrderPayStatus, OrderPreview, OrderSummary, UserCoupon } from '../../src/domain/commerce/contract';
import { COMMERCE_TEXTS, COUPON_REFUSAL_TEXTS, PURCHASE_REFUSAL_TEXTS } from '../../src/domain/commerce/texts';
import type { Page } from '../../src/domain/shared/envelope';
import { orders, userCoupons } from '../../server/db/schema';
import { SandboxPaymentProvider } from '../../server/providers/payment/sandbox';
import { ShiftableClock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { buy, createOrder, data, giveCoupon, msgOf, newStudent, openShop, payQr, type Shop, yuan } from './commerce-fixtures';
import type { TestApp } from './harness';

let t: TestApp;
let shop: Shop;
const clock = new ShiftableClock();
let sandbox: SandboxPaymentProvider;

const student = () => newStudent(t);

const msg = msgOf;

beforeAll(async () => {
  ({ t, sandbox, shop } = await openShop(clock));
});
afterAll(() => t.close());

describe('the preview', () => {
  it('prices the lines on the server and picks the coupon that takes most off', async () => {
    const s = await student();
    const now = clock.now();
    await giveCoupon(t, s.id, shop.template.fixed50, now);
    const percent = await giveCoupon(t, s.id, shop.template.percentA, now);
    await giveCoupon(t, s.id, shop.template.noThreshold20, now);
    const res = await call(t, 'orderPreview', {
      token: s.token,
      // Amounts from the client are not part of the payload: they are dropped, never read.
      body: { courseId: shop.course.sysA, skuId: shop.sku.aStd, addOnSkuIds: [shop.sku.addA], totalCents: 1, payCents: 1, priceCents: 1 },
    });
    const preview = data<OrderPreview>(res);
    expect(preview.lines.map((l) => [l.kind, l.courseId, l.priceCents])).toEqual([
      ['MAIN', shop.course.sysA, yuan(680)],
      ['ADD_ON', shop.course.addA, yuan(49)],
    ]);
    // 8.5折 on the economics course only: 15% of 680 = 102, more than 50 off 729 or 20 off.
    expect(preview).toMatchObject({ totalCents: yuan(729), discountCents: yuan(102), payCents: yuan(627), couponId: percent, needsAddress: false });
    expect(preview.coupons.map((c) => [c.name, c.usable, c.discountCents])).toEqual([
      ['满500减50', true, yuan(50)],
      ['经济精讲8.5折', true, yuan(102)],
      ['无门槛20元', true, yuan(20)],
    ]);
    expect(preview.addOns).toEqual([expect.objectContaining({ courseId: shop.course.addA, selected: true, owned: false, priceCents: yuan(49) })]);
    expect(preview.payWithinMinutes).toBe(30);

    const none = data<OrderPreview>(
      await call(t, 'orderPreview', { token: s.token, body: { courseId: shop.course.sysA, skuId: shop.sku.aStd, couponId: null } }),
    );
    expect(none).toMatchObject({ totalCents: yuan(680), discountCents: 0, payCents: yuan(680), couponId: null });
  });

  it('says which coupons do not fit and why', async () => {
    const s = await student();
    const now = clock.now();
    await giveCoupon(t, s.id, shop.template.fixed50, now);
    await giveCoupon(t, s.id, shop.template.percentA, now);
    const preview = data<OrderPreview>(await call(t, 'orderPreview', { token: s.token, body: { courseId: shop.course.camp, skuId: shop.sku.campNext } }));
    expect(preview.coupons.map((c) => [c.name, c.usable, c.unusableReason])).toEqual([
      ['满500减50', false, COUPON_REFUSAL_TEXTS.UNDER_THRESHOLD],
      ['经济精讲8.5折', false, COUPON_REFUSAL_TEXTS.NOT_APPLICABLE],
    ]);
    expect(preview.couponId).toBeNull();
    expect(preview.payCents).toBe(yuan(399));
  });

  it('needs a delivery address for printed material', async () => {
    const s = await student();
    const body = { courseId: shop.course.sysA, skuId: shop.sku.aPrinted, couponId: null };
    expect(data<OrderPreview>(await call(t, 'orderPreview', { token: s.token, body })).needsAddress).toBe(true);
    const refused = await call(t, 'orderCreate', { token: s.token, body });
    expect(refused.statusCode).toBe(400);
    expect(msg(refused)).toBe(COMMERCE_TEXTS.addressRequired);
    const address = { name: '张三', mobile: '13812345678', region: '北京市 北京市 海淀区', detail: '中关村大街1号' };
    const order = await createOrder(t, s.token, { ...body, address });
    const detail = data<OrderDetail>(await call(t, 'orderDetail', { token: s.token, params: { id: order.orderId } }));
    expect(detail.address).toEqual(address);
    const badMobile = await call(t, 'orderCreate', { token: s.token, body: { ...body, address: { ...address, mobile: '12345' } } });
    expect(msg(badMobile)).toBe('收货人手机号格式不正确');
  });
});

describe('tampering', () => {
  it('ignores amounts sent by the client', async () => {
    const s = await student();
    const order = await createOrder(t, s.token, {
      courseId: shop.course.sysA,
      skuId: shop.sku.aPremium,
      couponId: null,
      payCents: 1,
      amount: 1,
      address: { name: '李四', mobile: '13912345678', region: '上海市', detail: '1号' },
    });
    expect(order.payCents).toBe(yuan(1280));
    const qr = await payQr(t, s.token, order.orderId);
    expect(qr.amountCents).toBe(yuan(1280));
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({ totalCents: yuan(1280), payCents: yuan(1280), discountCents: 0 });
  });

  it('refuses a SKU of another course, one off the shelf, an unknown one, and an add-on not offered', async () => {
    const s = await student();
    const tries: [Record<string, unknown>, string][] = [
      [{ courseId: shop.course.sysA, skuId: shop.sku.bStd }, COMMERCE_TEXTS.skuNotFound],
      [{ courseId: shop.course.offShelf, skuId: shop.sku.offShelf }, PURCHASE_REFUSAL_TEXTS.OFF_SHELF],
      [{ courseId: shop.course.sysA, skuId: 999_999 }, COMMERCE_TEXTS.skuNotFound],
      [{ courseId: shop.course.sysA, skuId: shop.sku.aStd, addOnSkuIds: [shop.sku.addB] }, PURCHASE_REFUSAL_TEXTS.ADD_ON_NOT_OFFERED],
      [{ courseId: shop.course.sysA, skuId: shop.sku.aStd, addOnSkuIds: [shop.sku.bStd] }, PURCHASE_REFUSAL_TEXTS.ADD_ON_NOT_OFFERED],
      [{ courseId: shop.course.sysA, skuId: shop.sku.aStd, addOnSkuIds: [shop.sku.addA, shop.sku.addA] }, COMMERCE_TEXTS.skuNotFound],
    ];
    const before = await t.db.select().from(orders);
    for (const [body, text] of tries) {
      const res = await call(t, 'orderCreate', { token: s.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(msg(res)).toBe(text);
    }
    expect(await t.db.select().from(orders)).toHaveLength(before.length);
  });

  it('refuses another user’s coupon, an expired one, one under its threshold, and a used one', async () => {
    const s = await student();
    const other = await student();
    const now = clock.now();
    const othersCoupon = await giveCoupon(t, other.id, shop.template.noThreshold20, now);
    const expired = await giveCoupon(t, s.id, shop.template.ended, now, { from: new Date(now.getTime() - 86_400_000), until: new Date(now.getTime() - 1000) });
    const fixed = await giveCoupon(t, s.id, shop.template.fixed50, now);
    const body = { courseId: shop.course.sysA, skuId: shop.sku.aStd };
    const check = async (couponId: number, text: string, extra: Record<string, unknown> = {}) => {
      const res = await call(t, 'orderCreate', { token: s.token, body: { ...body, ...extra, couponId } });
      expect(res.statusCode).toBe(400);
      expect(msg(res)).toBe(text);
    };
    await check(othersCoupon, COMMERCE_TEXTS.couponNotFound);
    await check(expired, COUPON_REFUSAL_TEXTS.EXPIRED);
    await check(fixed, COUPON_REFUSAL_TEXTS.UNDER_THRESHOLD, { courseId: shop.course.camp, skuId: shop.sku.campNext });
    // Used once, then never again.
    await buy(t, sandbox, s.token, { ...body, couponId: fixed });
    await check(fixed, COUPON_REFUSAL_TEXTS.USED);
    const [row] = await t.db.select().from(userCoupons).where(eq(userCoupons.id, othersCoupon));
    expect(row?.lockedOrderId).toBeNull();
  });
});

describe('a coupon held by one order', () => {
  it('goes to one of two orders created at the same moment', async () => {
    const s = await student();
    const coupon = await giveCoupon(t, s.id, shop.template.noThreshold20, clock.now());
    const body = { courseId: shop.course.sysB, skuId: shop.sku.bStd, couponId: coupon };
    const answers = await Promise.all([1, 2, 3].map(() => call(t, 'orderCreate', { token: s.token, body })));
    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) expect(msg(res)).toBe(COMMERCE_TEXTS.couponLocked);
    expect(await t.db.select().from(orders).where(eq(orders.userId, s.id))).toHaveLength(1);
  });

  it('is shown locked, and a cancel frees it', async () => {
    const s = await student();
    const coupon = await giveCoupon(t, s.id, shop.template.noThreshold20, clock.now());
    const body = { courseId: shop.course.sysB, skuId: shop.sku.bStd, couponId: coupon };
    const first = await createOrder(t, s.token, body);
    expect(first.payCents).toBe(yuan(660));
    const second = await call(t, 'orderCreate', { token: s.token, body });
    expect(msg(second)).toBe(COMMERCE_TEXTS.couponLocked);
    const preview = data<OrderPreview>(await call(t, 'orderPreview', { token: s.token, body: { courseId: shop.course.sysB, skuId: shop.sku.bStd } }));
    expect(preview.coupons).toEqual([expect.objectContaining({ id: coupon, locked: true, usable: false, unusableReason: COUPON_REFUSAL_TEXTS.LOCKED })]);
    expect(preview.couponId).toBeNull();
    const mine = data<Page<UserCoupon>>(await call(t, 'myCouponList', { token: s.token, body: { state: 'UNUSED' } }));
    expect(mine.records).toEqual([expect.objectContaining({ id: coupon, locked: true, state: 'UNUSED' })]);

    const cancelled = data<OrderDetail>(await call(t, 'orderCancel', { token: s.token, params: { id: first.orderId }, body: {} }));
    expect(cancelled.status).toBe('CANCELLED');
    // Cancelling twice is harmless.
    expect(data<OrderDetail>(await call(t, 'orderCancel', { token: s.token, params: { id: first.orderId }, body: {} })).status).toBe('CANCELLED');
    const again = await createOrder(t, s.token, body);
    expect(again.payCents).toBe(yuan(660));
    const paid = await call(t, 'unifiedPay', { token: s.token, body: { orderId: first.orderId, channel: 'SANDBOX' } });
    expect(msg(paid)).toBe(COMMERCE_TEXTS.orderCancelled);
  });
});

describe('expiry', () => {
  it('closes an unpaid order 30 minutes after creation: it cannot be paid or cancelled, and its coupon is free', async () => {
    const local = new ShiftableClock();
    const { t: app, sandbox: phone, shop: localShop } = await openShop(local);
    try {
      const { id: userId, token } = await newStudent(app);
      const coupon = await giveCoupon(app, userId, localShop.template.noThreshold20, local.now());
      const body = { courseId: localShop.course.sysB, skuId: localShop.sku.bStd, couponId: coupon };
      const order = await createOrder(app, token, body);
      expect(order.expiresAt - local.now().getTime()).toBeGreaterThan(29 * 60_000);
      const qr = await payQr(app, token, order.orderId);

      local.advance(29 * 60_000);
      expect(data<OrderPayStatus>(await call(app, 'orderPayStatus', { token, params: { id: order.orderId } })).status).toBe('PENDING');
      local.advance(2 * 60_000);
      expect(data<OrderPayStatus>(await call(app, 'orderPayStatus', { token, params: { id: order.orderId } })).status).toBe('EXPIRED');
      expect(data<OrderDetail>(await call(app, 'orderDetail', { token, params: { id: order.orderId } })).status).toBe('EXPIRED');
      const pay = await call(app, 'unifiedPay', { token, body: { orderId: order.orderId, channel: 'SANDBOX' } });
      expect(pay.statusCode).toBe(400);
      expect(msg(pay)).toBe(COMMERCE_TEXTS.orderExpired);
      expect(msg(await call(app, 'orderCancel', { token, params: { id: order.orderId }, body: {} }))).toBe(COMMERCE_TEXTS.orderExpired);
      // The wallet refuses too: the QR expired with the order.
      const outcome = await phone.pay(new URL(qr.codeUrl).searchParams.get('ticket')!);
      expect(outcome).toMatchObject({ ok: false, refusal: 'EXPIRED' });
      // The coupon went back to the student with the expiry.
      const next = await createOrder(app, token, body);
      expect(next.payCents).toBe(yuan(660));
      const expiredList = data<Page<OrderSummary>>(await call(app, 'orderPageList', { token, body: { status: 'EXPIRED' } }));
      expect(expiredList.records.map((o) => o.id)).toEqual([order.orderId]);
      const pendingList = data<Page<OrderSummary>>(await call(app, 'orderPageList', { token, body: { status: 'PENDING' } }));
      expect(pendingList.records.map((o) => o.id)).toEqual([next.orderId]);
    } finally {
      await app.close();
    }
  });
});

describe('another user’s order', () => {
  it('is 404 for every call, and stays as it was', async () => {
    const a = await student();
    const b = await student();
    const order = await createOrder(t, a.token, { courseId: shop.course.sysB, skuId: shop.sku.bStd });
    const [before] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
    const tries = [
      call(t, 'orderDetail', { token: b.token, params: { id: order.orderId } }),
      call(t, 'orderCancel', { token: b.token, params: { id: order.orderId }, body: {} }),
      call(t, 'unifiedPay', { token: b.token, body: { orderId: order.orderId, channel: 'SANDBOX' } }),
      call(t, 'orderPayStatus', { token: b.token, params: { id: order.orderId } }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.statusCode).toBe(404);
      expect(msg(res)).toBe(COMMERCE_TEXTS.orderNotFound);
    }
    expect(data<Page<OrderSummary>>(await call(t, 'orderPageList', { token: b.token, body: {} })).total).toBe(0);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(after).toEqual(before);
    expect(data<OrderDetail>(await call(t, 'orderDetail', { token: a.token, params: { id: order.orderId } })).status).toBe('PENDING');
  });

  it('needs a login for every order call', async () => {
    for (const name of ['orderPreview', 'orderCreate', 'orderPageList', 'myCouponList', 'redeemCode', 'unifiedPay'] as const) {
      expect((await call(t, name, { body: {} })).statusCode, name).toBe(401);
    }
  });
});
