/**
 * What a purchase grants, by course type: SYS for the SKU's days (re-buying extends, never
 * shortens), PACK each of its courses, EXP from the cohort's start, FREE by activation without
 * paying, ADD only to the owner (or buyer) of the course it extends; and the SKU list a course
 * page reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseSkuList, OrderPreview, UserProductItem, UserProductStatus } from '../../src/domain/commerce/contract';
import { DAY_MS } from '../../src/domain/commerce/limits';
import { COMMERCE_TEXTS, PURCHASE_REFUSAL_TEXTS } from '../../src/domain/commerce/texts';
import type { Page } from '../../src/domain/shared/envelope';
import { SandboxPaymentProvider } from '../../server/providers/payment/sandbox';
import { ShiftableClock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { buy, data, newStudent, openShop, type Shop, yuan } from './commerce-fixtures';
import type { TestApp } from './harness';

let t: TestApp;
let shop: Shop;
const clock = new ShiftableClock();
let sandbox: SandboxPaymentProvider;

const student = () => newStudent(t);

async function statusOf(token: string, courseId: number): Promise<UserProductStatus> {
  return data<UserProductStatus>(await call(t, 'userProductStatus', { token, params: { id: courseId } }));
}

beforeAll(async () => {
  ({ t, sandbox, shop } = await openShop(clock));
});
afterAll(() => t.close());

describe('the SKU list', () => {
  it('lists validity, printed material and the add-ons of a course', async () => {
    const list = data<CourseSkuList>(await call(t, 'courseSkuList', { params: { id: shop.course.sysA }, body: {} }));
    expect(list.courseType).toBe('SYS');
    expect(list.skus.map((s) => [s.name, s.priceCents, s.validDays, s.shipsMaterial])).toEqual([
      ['标准班', yuan(680), 365, false],
      ['标准班（含纸质讲义）', yuan(760), 365, true],
      ['高端班', yuan(1280), 730, true],
    ]);
    expect(list.addOns).toEqual([expect.objectContaining({ courseId: shop.course.addA, skuId: shop.sku.addA, priceCents: yuan(49) })]);
    expect(list.stages).toEqual([]);
  });

  it('gives a camp its cohorts and stages, an add-on the courses it extends, a free course nothing to buy', async () => {
    const camp = data<CourseSkuList>(await call(t, 'courseSkuList', { params: { id: shop.course.camp }, body: {} }));
    expect(camp.stages.map((s) => [s.name, s.startDay, s.days])).toEqual([
      ['基础夯实', 0, 10],
      ['冲刺模考', 10, 20],
    ]);
    const next = camp.skus.find((s) => s.id === shop.sku.campNext)!;
    expect(next.enrolEndsAt! - next.startsAt!).toBe(7 * DAY_MS);
    const add = data<CourseSkuList>(await call(t, 'courseSkuList', { params: { id: shop.course.addA }, body: {} }));
    expect(add.extends.map((c) => c.courseId).sort()).toEqual([shop.course.sysA, shop.course.pack].sort());
    expect(add.addOns).toEqual([]);
    expect(data<CourseSkuList>(await call(t, 'courseSkuList', { params: { id: shop.course.free }, body: {} })).skus).toEqual([]);
    expect(data<CourseSkuList>(await call(t, 'courseSkuList', { params: { id: shop.course.offShelf }, body: {} })).skus).toEqual([]);
    expect((await call(t, 'courseSkuList', { params: { id: 999_999 }, body: {} })).statusCode).toBe(404);
  });
});

describe('ownership', () => {
  it('visitors and non-owners own nothing', async () => {
    expect(data<UserProductStatus>(await call(t, 'userProductStatus', { params: { id: shop.course.sysA } }))).toEqual({
      courseId: shop.course.sysA,
      status: false,
      validFrom: null,
      validUntil: null,
      source: null,
    });
    const s = await student();
    expect((await statusOf(s.token, shop.course.sysA)).status).toBe(false);
  });

  it('re-buying extends the access, from its end', async () => {
    const s = await student();
    const start = clock.now().getTime();
    await buy(t, sandbox, s.token, { courseId: shop.course.sysA, skuId: shop.sku.aStd, couponId: null });
    const paidBy = clock.now().getTime();
    const once = await statusOf(s.token, shop.course.sysA);
    expect(once.status).toBe(true);
    // A year from the payment, which happened between `start` and `paidBy`.
    expect(once.validUntil! - start).toBeGreaterThanOrEqual(365 * DAY_MS);
    expect(once.validUntil! - paidBy).toBeLessThanOrEqual(365 * DAY_MS);
    const preview = data<OrderPreview>(
      await call(t, 'orderPreview', { token: s.token, body: { courseId: shop.course.sysA, skuId: shop.sku.aStd, couponId: null } }),
    );
    expect(preview.validUntil).toBe(once.validUntil! + 365 * DAY_MS);
    await buy(t, sandbox, s.token, { courseId: shop.course.sysA, skuId: shop.sku.aStd, couponId: null });
    const twice = await statusOf(s.token, shop.course.sysA);
    expect(twice.validUntil).toBe(once.validUntil! + 365 * DAY_MS);
    expect(twice.validFrom).toBe(once.validFrom);
  });

  it('a PACK grants itself and each of its courses', async () => {
    const s = await student();
    await buy(t, sandbox, s.token, { courseId: shop.course.pack, skuId: shop.sku.packStd });
    for (const id of [shop.course.pack, shop.course.sysA, shop.course.sysB]) expect((await statusOf(s.token, id)).status, String(id)).toBe(true);
    expect((await statusOf(s.token, shop.course.addA)).status).toBe(false);
    const mine = data<Page<UserProductItem>>(await call(t, 'userProductPageList', { token: s.token, body: { type: ['SYS'] } }));
    expect(mine.records.map((r) => [r.courseId, r.viaPackId, r.viaPackTitle, r.expired]).sort()).toEqual(
      [
        [shop.course.sysA, shop.course.pack, '一建全科通关包', false],
        [shop.course.sysB, shop.course.pack, '一建全科通关包', false],
      ].sort(),
    );
    expect(data<Page<UserProductItem>>(await call(t, 'userProductPageList', { token: s.token, body: {} })).total).toBe(3);
    expect(data<Page<UserProductItem>>(await call(t, 'userProductPageList', { token: s.token, body: { state: 'EXPIRED' } })).total).toBe(0);
  });

  it('a camp counts from its cohort’s start, and a cohort a week past its start takes no one', async () => {
    const s = await student();
    await buy(t, sandbox, s.token, { courseId: shop.course.camp, skuId: shop.sku.campNext });
    const camp = await statusOf(s.token, shop.course.camp);
    const cohort = data<CourseSkuList>(await call(t, 'courseSkuList', { params: { id: shop.course.camp }, body: {} })).skus.find(
      (k) => k.id === shop.sku.campNext,
    )!;
    expect(camp).toMatchObject({ status: true, validFrom: cohort.startsAt, validUntil: cohort.startsAt! + 90 * DAY_MS });
    const late = await call(t, 'orderCreate', { token: s.token, body: { courseId: shop.course.camp, skuId: shop.sku.campStarted } });
    expect(late.json()).toMatchObject({ code: 400, msg: PURCHASE_REFUSAL_TEXTS.CAMP_CLOSED });
  });
});

describe('free courses', () => {
  it('are activated without paying, once while the access lasts, and are never sold', async () => {
    const s = await student();
    const first = data<UserProductStatus>(await call(t, 'activeFreeCourse', { token: s.token, params: { id: shop.course.free } }));
    expect(first).toMatchObject({ status: true, source: 'FREE' });
    expect(first.validUntil! - first.validFrom!).toBe(180 * DAY_MS);
    const again = data<UserProductStatus>(await call(t, 'activeFreeCourse', { token: s.token, params: { id: shop.course.free } }));
    expect(again.validUntil).toBe(first.validUntil);
    const both = await Promise.all(
      [1, 2].map(async () => (await call(t, 'activeFreeCourse', { token: s.token, params: { id: shop.course.free } })).json().data.validUntil),
    );
    expect(both).toEqual([first.validUntil, first.validUntil]);

    const paid = await call(t, 'activeFreeCourse', { token: s.token, params: { id: shop.course.sysA } });
    expect(paid.json()).toMatchObject({ code: 400, msg: COMMERCE_TEXTS.notFreeCourse });
    const order = await call(t, 'orderCreate', { token: s.token, body: { courseId: shop.course.free, skuId: shop.sku.aStd } });
    expect(order.statusCode).toBe(400);
    expect((await call(t, 'activeFreeCourse', { params: { id: shop.course.free } })).statusCode).toBe(401);
    // A state-changing GET: refused from another site.
    const cross = await call(t, 'activeFreeCourse', { token: s.token, params: { id: shop.course.free }, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(cross.statusCode).toBe(403);
  });
});

describe('add-on courses', () => {
  it('are sold only with the course they extend, or to its owner', async () => {
    const s = await student();
    const alone = await call(t, 'orderCreate', { token: s.token, body: { courseId: shop.course.addA, skuId: shop.sku.addA } });
    expect(alone.json()).toMatchObject({ code: 400, msg: PURCHASE_REFUSAL_TEXTS.ADD_NEEDS_MAIN });
    const wrong = await call(t, 'orderCreate', { token: s.token, body: { courseId: shop.course.sysA, skuId: shop.sku.aStd, addOnSkuIds: [shop.sku.addB] } });
    expect(wrong.json()).toMatchObject({ code: 400, msg: PURCHASE_REFUSAL_TEXTS.ADD_ON_NOT_OFFERED });

    // Bought with its course, at its own price.
    const order = await buy(t, sandbox, s.token, { courseId: shop.course.sysA, skuId: shop.sku.aStd, addOnSkuIds: [shop.sku.addA], couponId: null });
    expect(order.payCents).toBe(yuan(680 + 49));
    expect((await statusOf(s.token, shop.course.addA)).status).toBe(true);

    // Another student who owns the course buys the add-on alone.
    const owner = await student();
    await buy(t, sandbox, owner.token, { courseId: shop.course.sysA, skuId: shop.sku.aStd, couponId: null });
    const later = await buy(t, sandbox, owner.token, { courseId: shop.course.addA, skuId: shop.sku.addA, couponId: null });
    expect(later.payCents).toBe(yuan(49));
    expect((await statusOf(owner.token, shop.course.addA)).status).toBe(true);
    // The add-on of the other course still needs that course.
    const other = await call(t, 'orderCreate', { token: owner.token, body: { courseId: shop.course.addB, skuId: shop.sku.addB } });
    expect(other.json()).toMatchObject({ code: 400, msg: PURCHASE_REFUSAL_TEXTS.ADD_NEEDS_MAIN });
  });

  it('stop being sold alone once the extended course has expired', async () => {
    const local = new ShiftableClock();
    const { t: app, sandbox: phone, shop: own } = await openShop(local);
    try {
      const { token } = await newStudent(app);
      await buy(app, phone, token, { courseId: own.course.sysB, skuId: own.sku.bStd });
      expect((await call(app, 'orderPreview', { token, body: { courseId: own.course.addB, skuId: own.sku.addB } })).statusCode).toBe(200);
      local.advance(366 * DAY_MS);
      const res = await call(app, 'orderPreview', { token, body: { courseId: own.course.addB, skuId: own.sku.addB } });
      expect(res.json()).toMatchObject({ code: 400, msg: PURCHASE_REFUSAL_TEXTS.ADD_NEEDS_MAIN });
      const mine = data<Page<UserProductItem>>(await call(app, 'userProductPageList', { token, body: { state: 'EXPIRED' } }));
      expect(mine.records).toEqual([expect.objectContaining({ courseId: own.course.sysB, expired: true })]);
    } finally {
      await app.close();
    }
  });
});
