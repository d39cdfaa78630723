/** The demo data through the API, as README's demo walks it: the demo student's orders, coupons and courses, a purchase with the best coupon, the demo redeem code, the activity. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouponActivity, OrderPreview, OrderSummary, RedeemResult, UserCoupon, UserProductItem } from '../../src/domain/commerce/contract';
import { DAY_MS } from '../../src/domain/commerce/limits';
import type { Page } from '../../src/domain/shared/envelope';
import { courses, courseSkus, users } from '../../server/db/schema';
import { courseDefs } from '../../server/db/seed/courses';
import { seedDatabase } from '../../server/db/seed/index';
import { SandboxPaymentProvider } from '../../server/providers/payment/sandbox';
import { ShiftableClock } from '../../server/shared/clock';
import { call, freshIp } from './accounts-helpers';
import { buy, data, yuan } from './commerce-fixtures';
import { createTestApp, loginAs, type TestApp } from './harness';

let t: TestApp;
let token: string;
const clock = new ShiftableClock();

/** A seeded course's id by its key in the seed definitions. */
async function seeded(key: string): Promise<number> {
  const title = courseDefs.find((def) => def.key === key)!.title;
  const [row] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.title, title));
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  await seedDatabase(t.db);
  const [student] = await t.db.select().from(users).where(eq(users.mobile, '13800138000'));
  token = await loginAs(t.db, student!.id);
});
afterAll(() => t.close());

describe('the demo student', () => {
  it('has an order history, coupons and courses', async () => {
    const history = data<Page<OrderSummary>>(await call(t, 'orderPageList', { token, body: {} }));
    expect(history.records.map((o) => o.status).sort()).toEqual(['CANCELLED', 'EXPIRED', 'PAID', 'PAID']);
    const unused = data<Page<UserCoupon>>(await call(t, 'myCouponList', { token, body: { state: 'UNUSED' } }));
    expect(unused.records.map((c) => c.name)).toEqual(expect.arrayContaining(['新人专享券', '建造师课程8.5折券', '满1000减150', '课程服务补偿券']));
    expect(data<Page<UserCoupon>>(await call(t, 'myCouponList', { token, body: { state: 'USED' } })).records.map((c) => c.name)).toEqual(['满500减50']);
    expect(data<Page<UserCoupon>>(await call(t, 'myCouponList', { token, body: { state: 'EXPIRED' } })).total).toBe(1);
    const mine = data<Page<UserProductItem>>(await call(t, 'userProductPageList', { token, body: { state: 'VALID' } }));
    expect(mine.records.map((p) => p.courseType).sort()).toEqual(['ADD', 'FREE', 'SYS']);
  });

  it('buys the pack with the best of its coupons, and the demo code extends a course', async () => {
    const pack = await seeded('yjjz-pack-2027');
    const [sku] = await t.db.select().from(courseSkus).where(eq(courseSkus.courseId, pack)).orderBy(courseSkus.sort);
    const preview = data<OrderPreview>(await call(t, 'orderPreview', { token, body: { courseId: pack, skuId: sku!.id } }));
    const best = preview.coupons.find((c) => c.id === preview.couponId);
    // 8.5折 of ¥2380 is ¥357, capped at ¥200: still more than 满1000减150.
    expect(best).toMatchObject({ name: '建造师课程8.5折券', discountCents: yuan(200) });
    expect(preview).toMatchObject({ totalCents: yuan(2380), payCents: yuan(2180) });
    expect(preview.addOns.length).toBeGreaterThanOrEqual(2);
    await buy(t, new SandboxPaymentProvider(t.db, clock), token, { courseId: pack, skuId: sku!.id });

    const jj = await seeded('yjjz-jj-sys-2027');
    const before = (await call(t, 'userProductStatus', { token, params: { id: jj } })).json().data.validUntil as number;
    const redeemed = data<RedeemResult>(await call(t, 'redeemCode', { token, ip: freshIp(), body: { code: 'XT27-JJ01-DEMO' } }));
    expect(redeemed.courseId).toBe(jj);
    expect(redeemed.validUntil).toBe(before + 180 * DAY_MS);
  });

  it('sees the running activity', async () => {
    const activity = data<CouponActivity>(await call(t, 'couponActivity', { token }));
    expect(activity).toMatchObject({ title: '2027建造师开学季', state: 'ONGOING' });
    expect(activity.courses).toHaveLength(5);
    expect(activity.coupons.map((c) => [c.name, c.claimed])).toEqual([
      ['开学季 满2000减300', false],
      ['建造师课程8.5折券', true],
      ['满500减50', true],
    ]);
  });
});
