/** The pure commerce rules of src/domain/commerce: coupon maths, order amounts, the best coupon, access periods, who may buy what, redeem codes. */
import { describe, expect, it } from 'vitest';
import { CAMP_LATE_JOIN_DAYS } from '../../../src/domain/catalog/camp';
import { DAY_MS, MIN_PAY_CENTS } from '../../../src/domain/commerce/limits';
import {
  accessStart,
  applicableSubtotal,
  chooseBestCoupon,
  claimedValidity,
  type CouponRule,
  describeCoupon,
  effectiveOrderState,
  extendValidity,
  formatRedeemCode,
  judgeCoupon,
  normalizeRedeemCode,
  percentLabel,
  priceOrder,
  purchaseRefusal,
  type PurchaseFacts,
  rawDiscount,
} from '../../../src/domain/commerce/rules';

const NOW = Date.UTC(2027, 2, 1, 4, 0, 0);
const lines = [
  { courseId: 1, priceCents: 68_000 },
  { courseId: 2, priceCents: 4_900 },
];

function rule(overrides: Partial<CouponRule> = {}): CouponRule {
  return {
    kind: 'FIXED',
    amountCents: 5_000,
    percentOff: 0,
    maxDiscountCents: null,
    thresholdCents: 0,
    courseIds: null,
    validFrom: NOW - DAY_MS,
    validUntil: NOW + DAY_MS,
    ...overrides,
  };
}

describe('coupon maths', () => {
  it('takes a fixed amount, never more than what it applies to', () => {
    expect(rawDiscount(rule(), 68_000)).toBe(5_000);
    expect(rawDiscount(rule({ amountCents: 10_000 }), 4_900)).toBe(4_900);
    expect(rawDiscount(rule(), 0)).toBe(0);
  });

  it('takes a percentage rounded down to the fen, within its cap', () => {
    expect(rawDiscount(rule({ kind: 'PERCENT', percentOff: 15 }), 68_000)).toBe(10_200);
    expect(rawDiscount(rule({ kind: 'PERCENT', percentOff: 15 }), 333)).toBe(49);
    expect(rawDiscount(rule({ kind: 'PERCENT', percentOff: 15, maxDiscountCents: 10_000 }), 68_000)).toBe(10_000);
  });

  it('applies to its courses only', () => {
    expect(applicableSubtotal(rule(), lines)).toBe(72_900);
    expect(applicableSubtotal(rule({ courseIds: [2] }), lines)).toBe(4_900);
    expect(applicableSubtotal(rule({ courseIds: [9] }), lines)).toBe(0);
  });

  it('judges time, then scope, then threshold', () => {
    expect(judgeCoupon(rule({ validFrom: NOW + 1 }), lines, NOW)).toEqual({ usable: false, reason: 'NOT_STARTED', discountCents: 0 });
    expect(judgeCoupon(rule({ validUntil: NOW }), lines, NOW)).toEqual({ usable: false, reason: 'EXPIRED', discountCents: 0 });
    expect(judgeCoupon(rule({ courseIds: [9] }), lines, NOW)).toMatchObject({ reason: 'NOT_APPLICABLE' });
    // 满500: the scoped add-on (¥49) alone does not reach it, the whole order would.
    expect(judgeCoupon(rule({ courseIds: [2], thresholdCents: 50_000 }), lines, NOW)).toMatchObject({ reason: 'UNDER_THRESHOLD' });
    expect(judgeCoupon(rule({ thresholdCents: 72_900 }), lines, NOW)).toEqual({ usable: true, discountCents: 5_000 });
    expect(judgeCoupon(rule({ thresholdCents: 72_901 }), lines, NOW)).toMatchObject({ reason: 'UNDER_THRESHOLD' });
  });

  it('describes itself as a school writes it', () => {
    expect(describeCoupon(rule({ thresholdCents: 50_000 }))).toBe('满500减50');
    expect(describeCoupon(rule({ amountCents: 2_000 }))).toBe('无门槛减20');
    expect(describeCoupon(rule({ amountCents: 1_050 }))).toBe('无门槛减10.50');
    expect(describeCoupon(rule({ kind: 'PERCENT', percentOff: 15, maxDiscountCents: 20_000, thresholdCents: 30_000 }))).toBe('满300享8.5折 最高减200');
    expect(describeCoupon(rule({ kind: 'PERCENT', percentOff: 20 }))).toBe('8折');
    expect(percentLabel(12)).toBe('8.8折');
  });

  it('gets its validity from the claim or a fixed window', () => {
    expect(claimedValidity({ validDays: 30, validFrom: null, validUntil: null }, NOW)).toEqual({ validFrom: NOW, validUntil: NOW + 30 * DAY_MS });
    // Never past the template's own end.
    expect(claimedValidity({ validDays: 30, validFrom: null, validUntil: NOW + DAY_MS }, NOW)).toEqual({ validFrom: NOW, validUntil: NOW + DAY_MS });
    expect(claimedValidity({ validDays: null, validFrom: NOW - 5, validUntil: NOW + 5 }, NOW)).toEqual({ validFrom: NOW - 5, validUntil: NOW + 5 });
  });
});

describe('order amounts', () => {
  it('total minus discount, never below one fen', () => {
    expect(priceOrder(lines, 10_200)).toEqual({ totalCents: 72_900, discountCents: 10_200, payCents: 62_700 });
    expect(priceOrder([{ courseId: 1, priceCents: 2_000 }], 2_000)).toEqual({
      totalCents: 2_000,
      discountCents: 2_000 - MIN_PAY_CENTS,
      payCents: MIN_PAY_CENTS,
    });
    expect(priceOrder(lines, -5)).toMatchObject({ discountCents: 0, payCents: 72_900 });
    expect(priceOrder([], 100)).toEqual({ totalCents: 0, discountCents: 0, payCents: 0 });
  });

  it('chooses the coupon that takes most off; on a tie the one that expires first', () => {
    const a = { id: 1, validUntil: NOW + 5, discountCents: 5_000, usable: true };
    const b = { id: 2, validUntil: NOW + 9, discountCents: 10_200, usable: true };
    const c = { id: 3, validUntil: NOW + 1, discountCents: 10_200, usable: true };
    const d = { id: 4, validUntil: NOW, discountCents: 99_999, usable: false };
    expect(chooseBestCoupon([a, b, c, d])).toBe(c);
    expect(chooseBestCoupon([a, { ...a, id: 0 }])?.id).toBe(0);
    expect(chooseBestCoupon([d, { ...a, discountCents: 0 }])).toBeNull();
  });

  it('reads an unpaid order past its expiry as EXPIRED', () => {
    expect(effectiveOrderState('PENDING', NOW + 1, NOW)).toBe('PENDING');
    expect(effectiveOrderState('PENDING', NOW, NOW)).toBe('EXPIRED');
    expect(effectiveOrderState('PAID', NOW - 1, NOW)).toBe('PAID');
    expect(effectiveOrderState('CANCELLED', NOW - 1, NOW)).toBe('CANCELLED');
  });
});

describe('access periods', () => {
  it('start now, or at a camp’s later start', () => {
    expect(accessStart(NOW, null)).toBe(NOW);
    expect(accessStart(NOW, NOW - DAY_MS)).toBe(NOW);
    expect(accessStart(NOW, NOW + DAY_MS)).toBe(NOW + DAY_MS);
  });

  it('are extended from their end while they last, restarted once over, never shortened', () => {
    expect(extendValidity(null, NOW, 365)).toEqual({ validFrom: NOW, validUntil: NOW + 365 * DAY_MS });
    const live = { validFrom: NOW - 10 * DAY_MS, validUntil: NOW + 100 * DAY_MS };
    expect(extendValidity(live, NOW, 365)).toEqual({ validFrom: live.validFrom, validUntil: live.validUntil + 365 * DAY_MS });
    const over = { validFrom: NOW - 400 * DAY_MS, validUntil: NOW - 35 * DAY_MS };
    expect(extendValidity(over, NOW, 30)).toEqual({ validFrom: NOW, validUntil: NOW + 30 * DAY_MS });
    for (const days of [1, 30, 365]) expect(extendValidity(live, NOW, days).validUntil).toBeGreaterThan(live.validUntil);
  });
});

describe('who may buy what', () => {
  const facts = (overrides: Partial<PurchaseFacts> = {}): PurchaseFacts => ({
    main: { type: 'SYS', onSale: true, skuStartsAt: null },
    ownsExtendedCourse: false,
    addOns: [],
    offeredAddOnIds: [7],
    now: NOW,
    ...overrides,
  });

  it('sells what is on sale and not free', () => {
    expect(purchaseRefusal(facts())).toBeNull();
    expect(purchaseRefusal(facts({ main: { type: 'SYS', onSale: false, skuStartsAt: null } }))).toBe('OFF_SHELF');
    expect(purchaseRefusal(facts({ main: { type: 'FREE', onSale: true, skuStartsAt: null } }))).toBe('FREE_COURSE');
  });

  it('takes camp latecomers for a week after the start', () => {
    const camp = (startsAt: number) => facts({ main: { type: 'EXP', onSale: true, skuStartsAt: startsAt } });
    expect(purchaseRefusal(camp(NOW + DAY_MS))).toBeNull();
    expect(purchaseRefusal(camp(NOW - (CAMP_LATE_JOIN_DAYS * DAY_MS - 1)))).toBeNull();
    expect(purchaseRefusal(camp(NOW - CAMP_LATE_JOIN_DAYS * DAY_MS))).toBe('CAMP_CLOSED');
    // A camp SKU without a start is no cohort: always on sale.
    expect(purchaseRefusal(facts({ main: { type: 'EXP', onSale: true, skuStartsAt: null } }))).toBeNull();
  });

  it('sells an add-on alone only to the owner of a course it extends, and with a course only when offered with it', () => {
    const add = { type: 'ADD' as const, onSale: true, skuStartsAt: null };
    expect(purchaseRefusal(facts({ main: add }))).toBe('ADD_NEEDS_MAIN');
    expect(purchaseRefusal(facts({ main: add, ownsExtendedCourse: true }))).toBeNull();
    expect(purchaseRefusal(facts({ addOns: [{ courseId: 7, type: 'ADD', onSale: true }] }))).toBeNull();
    expect(purchaseRefusal(facts({ addOns: [{ courseId: 8, type: 'ADD', onSale: true }] }))).toBe('ADD_ON_NOT_OFFERED');
    expect(purchaseRefusal(facts({ addOns: [{ courseId: 7, type: 'SYS', onSale: true }] }))).toBe('ADD_ON_NOT_OFFERED');
    expect(purchaseRefusal(facts({ addOns: [{ courseId: 7, type: 'ADD', onSale: false }] }))).toBe('OFF_SHELF');
    expect(
      purchaseRefusal(
        facts({
          addOns: [
            { courseId: 7, type: 'ADD', onSale: true },
            { courseId: 7, type: 'ADD', onSale: true },
          ],
        }),
      ),
    ).toBe('ADD_ON_DUPLICATE');
  });
});

describe('redeem codes', () => {
  it('are read without dashes, spaces or case; anything else is not a code', () => {
    expect(normalizeRedeemCode(' xt27-jj01-demo ')).toBe('XT27JJ01DEMO');
    expect(normalizeRedeemCode('XT27 JJ01 DEMO')).toBe('XT27JJ01DEMO');
    expect(normalizeRedeemCode('XT27')).toBeNull();
    expect(normalizeRedeemCode('XT27-JJ01-DEMO-XXXX-YYYY')).toBe('XT27JJ01DEMOXXXXYYYY');
    expect(normalizeRedeemCode('XT27-JJ01-DEMO-XXXX-YYYY-Z')).toBeNull();
    expect(normalizeRedeemCode('兑换码兑换码兑换码')).toBeNull();
    expect(normalizeRedeemCode("XT27JJ01'--")).toBeNull();
    expect(formatRedeemCode('XT27JJ01DEMO')).toBe('XT27-JJ01-DEMO');
  });
});
