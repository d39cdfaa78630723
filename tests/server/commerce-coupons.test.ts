/**
 * Coupons to claim (/coupon-acquire), the course activity (/coupon-active), my coupons by state,
 * and redeem codes (/course-exchange): wrong, used and expired codes in clear Chinese, one use,
 * and guessing limited per user and per IP with atomic counters.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimableCoupon, CouponActivity, RedeemResult, UserCoupon, UserProductStatus } from '../../src/domain/commerce/contract';
import { DAY_MS } from '../../src/domain/commerce/limits';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import type { Page } from '../../src/domain/shared/envelope';
import { couponTemplates, redeemCodes, userCoupons } from '../../server/db/schema';
import { REDEEM_ATTEMPTS_PER_IP, REDEEM_ATTEMPTS_PER_USER } from '../../server/commerce/limits';
import { SandboxPaymentProvider } from '../../server/providers/payment/sandbox';
import { ShiftableClock } from '../../server/shared/clock';
import { call, freshIp } from './accounts-helpers';
import { buy, data, giveCoupon, newStudent, openShop, type Shop, yuan } from './commerce-fixtures';
import { secondServer, type TestApp } from './harness';

let t: TestApp;
let shop: Shop;
let sandbox: SandboxPaymentProvider;
const clock = new ShiftableClock();

const student = () => newStudent(t);

beforeAll(async () => {
  ({ t, sandbox, shop } = await openShop(clock));
});
afterAll(() => t.close());

describe('claiming coupons', () => {
  it('lists what is on offer, with claimed flags once logged in', async () => {
    const visitor = data<ClaimableCoupon[]>(await call(t, 'claimableCoupons'));
    expect(visitor.map((c) => c.name)).toEqual(['满500减50', '经济精讲8.5折', '无门槛20元', '限量秒杀券']);
    expect(visitor.find((c) => c.name === '经济精讲8.5折')).toMatchObject({ summary: '满300享8.5折 最高减200', courseIds: [shop.course.sysA], claimed: false });
    expect(visitor.find((c) => c.name === '限量秒杀券')).toMatchObject({ remaining: 1, summary: '满300减100' });
    const s = await student();
    const claimed = data<UserCoupon>(await call(t, 'claimCoupon', { token: s.token, params: { id: shop.template.fixed50 }, body: {} }));
    expect(claimed).toMatchObject({ templateId: shop.template.fixed50, state: 'UNUSED', summary: '满500减50', locked: false });
    expect(claimed.validUntil - claimed.validFrom).toBe(30 * DAY_MS);
    const mine = data<ClaimableCoupon[]>(await call(t, 'claimableCoupons', { token: s.token }));
    expect(mine.filter((c) => c.claimed).map((c) => c.templateId)).toEqual([shop.template.fixed50]);
  });

  it('one per user, within the quantity, never a coupon that is not offered', async () => {
    const s = await student();
    const other = await student();
    const twice = await Promise.all([1, 2].map(() => call(t, 'claimCoupon', { token: s.token, params: { id: shop.template.noThreshold20 }, body: {} })));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(twice.find((r) => r.statusCode === 400)!.json().msg).toBe(COMMERCE_TEXTS.couponClaimed);

    const race = await Promise.all([s, other].map((u) => call(t, 'claimCoupon', { token: u.token, params: { id: shop.template.limited }, body: {} })));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(race.find((r) => r.statusCode === 400)!.json().msg).toBe(COMMERCE_TEXTS.couponSoldOut);
    const [limited] = await t.db.select().from(couponTemplates).where(eq(couponTemplates.id, shop.template.limited));
    expect(limited!.claimedCount).toBe(1);
    expect(await t.db.select().from(userCoupons).where(eq(userCoupons.templateId, shop.template.limited))).toHaveLength(1);

    for (const id of [shop.template.giftOnly, 999_999]) {
      expect((await call(t, 'claimCoupon', { token: s.token, params: { id }, body: {} })).statusCode).toBe(404);
    }
    expect((await call(t, 'claimCoupon', { token: s.token, params: { id: shop.template.ended }, body: {} })).json().msg).toBe(COMMERCE_TEXTS.couponClaimClosed);
  });
});

describe('the course activity', () => {
  it('shows its courses on sale and its coupons, claimable while it runs', async () => {
    const s = await student();
    const visitor = data<CouponActivity>(await call(t, 'couponActivity'));
    expect(visitor).toMatchObject({ id: shop.activityId, title: '开学季', state: 'ONGOING', rules: ['每人限领一张'] });
    expect(visitor.courses.map((c) => [c.courseId, c.priceCents, c.tag])).toEqual([
      [shop.course.sysA, yuan(680), '爆款'],
      [shop.course.pack, yuan(2000), null],
    ]);
    expect(visitor.coupons.map((c) => c.templateId)).toEqual([shop.template.activityOnly, shop.template.fixed50]);
    data<UserCoupon>(await call(t, 'claimCoupon', { token: s.token, params: { id: shop.template.activityOnly }, body: {} }));
    const mine = data<CouponActivity>(await call(t, 'couponActivity', { token: s.token, params: { id: shop.activityId } }));
    expect(mine.coupons.map((c) => c.claimed)).toEqual([true, false]);
    expect((await call(t, 'couponActivity', { params: { id: 999_999 } })).statusCode).toBe(404);
  });
});

describe('my coupons', () => {
  it('are listed as unused, used and expired', async () => {
    const s = await student();
    const now = clock.now();
    const unused = await giveCoupon(t, s.id, shop.template.noThreshold20, now);
    const used = await giveCoupon(t, s.id, shop.template.fixed50, now);
    const expired = await giveCoupon(t, s.id, shop.template.giftOnly, now, {
      from: new Date(now.getTime() - 2 * DAY_MS),
      until: new Date(now.getTime() - DAY_MS),
    });
    await buy(t, sandbox, s.token, { courseId: shop.course.sysA, skuId: shop.sku.aStd, couponId: used });
    const list = async (state: string) =>
      data<Page<UserCoupon>>(await call(t, 'myCouponList', { token: s.token, body: { state } })).records.map((c) => [c.id, c.state]);
    expect(await list('UNUSED')).toEqual([[unused, 'UNUSED']]);
    expect(await list('USED')).toEqual([[used, 'USED']]);
    expect(await list('EXPIRED')).toEqual([[expired, 'EXPIRED']]);
    const [usedRow] = data<Page<UserCoupon>>(await call(t, 'myCouponList', { token: s.token, body: { state: 'USED' } })).records;
    expect(usedRow!.usedOrderId).toEqual(expect.any(Number));
    const other = await student();
    expect(data<Page<UserCoupon>>(await call(t, 'myCouponList', { token: other.token, body: { state: 'USED' } })).total).toBe(0);
  });
});

describe('redeem codes', () => {
  it('grant their course once, with clear words for wrong, used and expired codes', async () => {
    const s = await student();
    const ip = freshIp();
    const redeem = (code: string, token = s.token) => call(t, 'redeemCode', { token, ip, body: { code } });
    const ok = data<RedeemResult>(await redeem('xt27-jj01-test'));
    expect(ok).toMatchObject({ courseId: shop.course.sysA, courseType: 'SYS', title: '一建《经济》精讲班' });
    const status = data<UserProductStatus>(await call(t, 'userProductStatus', { token: s.token, params: { id: shop.course.sysA } }));
    expect(status).toMatchObject({ status: true, source: 'REDEEM', validUntil: ok.validUntil });
    expect((await redeem('XT27JJ01TEST')).json()).toMatchObject({ code: 400, msg: COMMERCE_TEXTS.redeemCodeUsed });
    expect((await redeem('XT26-OLD0-TEST')).json()).toMatchObject({ code: 400, msg: COMMERCE_TEXTS.redeemCodeExpired });
    expect((await redeem('XT27-NOPE-TEST')).json()).toMatchObject({ code: 400, msg: COMMERCE_TEXTS.redeemCodeWrong });
    expect((await redeem('短码')).json()).toMatchObject({ code: 400, msg: COMMERCE_TEXTS.redeemCodeFormat });
    // A pack code grants the pack's courses too.
    const pack = data<RedeemResult>(await redeem('XT27PACKTEST'));
    expect(pack.courseType).toBe('PACK');
    expect(data<UserProductStatus>(await call(t, 'userProductStatus', { token: s.token, params: { id: shop.course.sysB } })).status).toBe(true);
  });

  it('one of two students typing the same code at once gets it', async () => {
    await t.db
      .insert(redeemCodes)
      .values({ code: 'XT27RACE0001', batch: '测试', courseId: shop.course.sysB, validDays: 30, expiresAt: new Date(clock.now().getTime() + DAY_MS) });
    const [a, b] = [await student(), await student()];
    const answers = await Promise.all([a, b].map((u) => call(t, 'redeemCode', { token: u.token, ip: freshIp(), body: { code: 'XT27RACE0001' } })));
    expect(answers.map((r) => r.json().msg).sort()).toEqual([COMMERCE_TEXTS.redeemCodeUsed, 'success'].sort());
  });

  it('guessing stops at the limit per user, across two servers, even for the right code', async () => {
    const other = await secondServer(t);
    try {
      await t.db
        .insert(redeemCodes)
        .values({ code: 'XT27LIMIT001', batch: '测试', courseId: shop.course.sysB, validDays: 30, expiresAt: new Date(clock.now().getTime() + DAY_MS) });
      const s = await student();
      const guesses = Array.from({ length: 20 }, (_, i) => (i % 2 ? t : other)).map((app, i) =>
        call(app, 'redeemCode', { token: s.token, ip: freshIp(), body: { code: `XT27GUESS${String(i).padStart(3, '0')}` } }),
      );
      const answers = await Promise.all(guesses);
      expect(answers.filter((r) => r.json().msg === COMMERCE_TEXTS.redeemCodeWrong)).toHaveLength(REDEEM_ATTEMPTS_PER_USER.limit);
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(20 - REDEEM_ATTEMPTS_PER_USER.limit);
      const right = await call(t, 'redeemCode', { token: s.token, ip: freshIp(), body: { code: 'XT27LIMIT001' } });
      expect(right.json()).toMatchObject({ code: 429, msg: COMMERCE_TEXTS.redeemTooMany });
      const [row] = await t.db.select().from(redeemCodes).where(eq(redeemCodes.code, 'XT27LIMIT001'));
      expect(row!.usedAt).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('guessing stops at the limit per IP, across accounts', async () => {
    const ip = freshIp();
    const users = await Promise.all(Array.from({ length: 4 }, () => student()));
    const answers = [];
    for (let i = 0; i < REDEEM_ATTEMPTS_PER_IP.limit + 4; i++) {
      const u = users[i % users.length]!;
      answers.push(await call(t, 'redeemCode', { token: u.token, ip, body: { code: `XT27IPGUESS${String(i).padStart(2, '0')}` } }));
    }
    // 34 attempts over 4 accounts keep each account under its own limit: the refusals are the IP's.
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(REDEEM_ATTEMPTS_PER_IP.limit);
    expect(refused).toHaveLength(4);
  });
});
