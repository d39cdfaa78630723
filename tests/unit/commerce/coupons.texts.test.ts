/** The pure helpers of the order and coupon pages: URL state, countdown and coupon wording. */
import { describe, expect, it } from 'vitest';
import {
  claimableCouponValidity,
  couponCondition,
  couponScope,
  couponValue,
  isSoldOut,
  parseCouponListQuery,
} from '../../../src/domain/commerce/coupons.texts';
import { formatRemaining, pageCount, parseOrderListQuery } from '../../../src/domain/commerce/orders.texts';
import { paths } from '../../../src/paths';

describe('order list helpers', () => {
  it('reads the state and page of the URL, ignoring junk', () => {
    expect(parseOrderListQuery('')).toEqual({ status: null, page: 1 });
    expect(parseOrderListQuery('?status=EXPIRED&page=3')).toEqual({ status: 'EXPIRED', page: 3 });
    expect(parseOrderListQuery('?status=paid&page=-2')).toEqual({ status: null, page: 1 });
    expect(parseOrderListQuery('?page=1.5')).toEqual({ status: null, page: 1 });
  });

  it('builds the URLs it reads back', () => {
    expect(paths.myOrders()).toBe('/uc/my-order');
    expect(paths.myOrders({ status: 'PAID', page: 1 })).toBe('/uc/my-order?status=PAID');
    expect(paths.myOrders({ status: null, page: 2 })).toBe('/uc/my-order?page=2');
    expect(parseOrderListQuery(paths.myOrders({ status: 'CANCELLED', page: 4 }).split('?')[1]!)).toEqual({ status: 'CANCELLED', page: 4 });
    expect(paths.myOrderDetail(12)).toBe('/uc/my-order/12');
    expect(paths.orderPay(12)).toBe('/order-pay/12');
    expect(paths.myCoupons({ state: 'USED' })).toBe('/uc/my-coupon?state=USED');
    expect([paths.couponAcquire(), paths.couponActive(), paths.courseExchange()]).toEqual(['/coupon-acquire', '/coupon-active', '/course-exchange']);
  });

  it('counts pages and the time left to pay', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(25, 10)).toBe(3);
    expect(formatRemaining(30 * 60_000)).toBe('30:00');
    expect(formatRemaining(65_500)).toBe('01:06');
    expect(formatRemaining(-5)).toBe('00:00');
  });
});

describe('coupon wording', () => {
  const fixed = { kind: 'FIXED', amountCents: 5000, percentOff: 0, thresholdCents: 50000, maxDiscountCents: null } as const;
  const percent = { kind: 'PERCENT', amountCents: 0, percentOff: 15, thresholdCents: 0, maxDiscountCents: 20050 } as const;

  it('shows ¥ for a fixed coupon and 折 for a percentage one', () => {
    expect(couponValue(fixed)).toEqual({ prefix: '¥', figure: '50' });
    expect(couponValue({ ...fixed, amountCents: 1250 })).toEqual({ prefix: '¥', figure: '12.50' });
    expect(couponValue(percent)).toEqual({ prefix: '', figure: '8.5折' });
  });

  it('says the threshold, the cap and the scope', () => {
    expect(couponCondition(fixed)).toBe('满¥500可用');
    expect(couponCondition({ ...fixed, thresholdCents: 0 })).toBe('无门槛');
    expect(couponCondition(percent)).toBe('无门槛 · 最高减¥200.50');
    expect(couponScope({ courseIds: null })).toBe('全部课程可用');
    expect(couponScope({ courseIds: [1, 2] })).toBe('限2门指定课程可用');
  });

  it('says how long a claimable coupon lasts and whether any are left', () => {
    expect(claimableCouponValidity({ validDays: 7, validFrom: null, validUntil: null })).toBe('领取后7天内有效');
    expect(claimableCouponValidity({ validDays: null, validFrom: new Date(2027, 0, 1).getTime(), validUntil: new Date(2027, 1, 1).getTime() })).toBe(
      '2027-01-01 至 2027-02-01',
    );
    expect(isSoldOut({ remaining: null })).toBe(false);
    expect(isSoldOut({ remaining: 0 })).toBe(true);
  });

  it('reads the coupon state of the URL', () => {
    expect(parseCouponListQuery('')).toEqual({ state: 'UNUSED', page: 1 });
    expect(parseCouponListQuery('state=EXPIRED&page=2')).toEqual({ state: 'EXPIRED', page: 2 });
    expect(parseCouponListQuery('state=nope')).toEqual({ state: 'UNUSED', page: 1 });
  });
});
