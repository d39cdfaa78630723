/**
 * The pure rules of commerce, shared by the server (which alone decides what an order costs) and
 * the client (which only explains it): coupon maths, the order's amounts, the best coupon, how a
 * purchase extends access, who may buy what, and how a typed redeem code is read.
 */
import { isCohortOpen } from '../catalog/camp';
import type { CourseType } from '../catalog/contract';
import type { CouponKind, OrderAmounts, OrderState } from './contract';
import { DAY_MS, MIN_PAY_CENTS, REDEEM_CODE_MAX_LENGTH, REDEEM_CODE_MIN_LENGTH } from './limits';

// ---- coupons ------------------------------------------------------------------------------------

export interface CouponRule {
  kind: CouponKind;
  amountCents: number;
  percentOff: number;
  maxDiscountCents: number | null;
  thresholdCents: number;
  courseIds: readonly number[] | null;
  validFrom: number;
  validUntil: number;
}

/** A line of an order as coupons see it. */
export interface PricedLine {
  courseId: number;
  priceCents: number;
}

export type CouponRefusal = 'NOT_STARTED' | 'EXPIRED' | 'USED' | 'LOCKED' | 'NOT_APPLICABLE' | 'UNDER_THRESHOLD';

export type CouponJudgement = { usable: true; discountCents: number } | { usable: false; reason: CouponRefusal; discountCents: 0 };

export function totalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.priceCents, 0);
}

/** What the coupon's scope covers: every line, or the lines of its courses. */
export function applicableSubtotal(rule: Pick<CouponRule, 'courseIds'>, lines: readonly PricedLine[]): number {
  const scope = rule.courseIds;
  return totalOf(scope ? lines.filter((line) => scope.includes(line.courseId)) : lines);
}

/** What the coupon takes off the applicable amount, before the order's floor (rounded down to the fen). */
export function rawDiscount(rule: Pick<CouponRule, 'kind' | 'amountCents' | 'percentOff' | 'maxDiscountCents'>, applicableCents: number): number {
  if (applicableCents <= 0) return 0;
  if (rule.kind === 'FIXED') return Math.min(rule.amountCents, applicableCents);
  const off = Math.floor((applicableCents * rule.percentOff) / 100);
  return rule.maxDiscountCents === null ? off : Math.min(off, rule.maxDiscountCents);
}

/**
 * Whether the coupon works on these lines at `now`, and for how much. Time first (a student reads
 * "expired" before "under the threshold"), then scope, then threshold.
 */
export function judgeCoupon(rule: CouponRule, lines: readonly PricedLine[], now: number): CouponJudgement {
  if (now < rule.validFrom) return { usable: false, reason: 'NOT_STARTED', discountCents: 0 };
  if (now >= rule.validUntil) return { usable: false, reason: 'EXPIRED', discountCents: 0 };
  const applicable = applicableSubtotal(rule, lines);
  if (applicable <= 0) return { usable: false, reason: 'NOT_APPLICABLE', discountCents: 0 };
  if (applicable < rule.thresholdCents) return { usable: false, reason: 'UNDER_THRESHOLD', discountCents: 0 };
  return { usable: true, discountCents: rawDiscount(rule, applicable) };
}

/** The amounts of an order: a discount never takes it below MIN_PAY_CENTS (unless it was free). */
export function priceOrder(lines: readonly PricedLine[], discountCents: number): OrderAmounts {
  const totalCents = totalOf(lines);
  const floor = Math.min(totalCents, MIN_PAY_CENTS);
  const discount = Math.max(0, Math.min(discountCents, totalCents - floor));
  return { totalCents, discountCents: discount, payCents: totalCents - discount };
}

export interface CouponCandidate {
  id: number;
  validUntil: number;
  discountCents: number;
  usable: boolean;
}

/** The usable coupon that takes most off; on a tie the one that expires first (keep the longer-lived), then the oldest. */
export function chooseBestCoupon<C extends CouponCandidate>(candidates: readonly C[]): C | null {
  let best: C | null = null;
  for (const c of candidates) {
    if (!c.usable || c.discountCents <= 0) continue;
    if (
      !best ||
      c.discountCents > best.discountCents ||
      (c.discountCents === best.discountCents && (c.validUntil < best.validUntil || (c.validUntil === best.validUntil && c.id < best.id)))
    )
      best = c;
  }
  return best;
}

/** 15 → '8.5折', 20 → '8折'. */
export function percentLabel(percentOff: number): string {
  const tenths = 100 - percentOff;
  return `${tenths % 10 === 0 ? tenths / 10 : (tenths / 10).toFixed(1)}折`;
}

function yuanText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** 满500减50, 无门槛减20, 8.5折, 满300享8.5折 最高减200. */
export function describeCoupon(rule: Pick<CouponRule, 'kind' | 'amountCents' | 'percentOff' | 'maxDiscountCents' | 'thresholdCents'>): string {
  const threshold = rule.thresholdCents > 0 ? `满${yuanText(rule.thresholdCents)}` : '';
  if (rule.kind === 'FIXED') return `${threshold || '无门槛'}减${yuanText(rule.amountCents)}`;
  const cap = rule.maxDiscountCents === null ? '' : ` 最高减${yuanText(rule.maxDiscountCents)}`;
  return `${threshold ? `${threshold}享` : ''}${percentLabel(rule.percentOff)}${cap}`;
}

/** The validity a claimed coupon gets: a fixed window, or `validDays` from the claim (never past the window's end). */
export function claimedValidity(
  template: { validDays: number | null; validFrom: number | null; validUntil: number | null },
  now: number,
): { validFrom: number; validUntil: number } {
  if (template.validDays !== null) {
    const until = now + template.validDays * DAY_MS;
    return { validFrom: now, validUntil: template.validUntil === null ? until : Math.min(until, template.validUntil) };
  }
  return { validFrom: template.validFrom ?? now, validUntil: template.validUntil ?? now };
}

// ---- orders -------------------------------------------------------------------------------------

/** An unpaid order past its expiry is shown (and treated) as EXPIRED; the database keeps PENDING. */
export function effectiveOrderState(stored: OrderState, expiresAt: number, now: number): OrderState {
  return stored === 'PENDING' && expiresAt <= now ? 'EXPIRED' : stored;
}

// ---- ownership ----------------------------------------------------------------------------------

export interface Validity {
  validFrom: number;
  validUntil: number;
}

/** Access counts from now, or from a camp's later start. */
export function accessStart(now: number, startsAt: number | null): number {
  return startsAt !== null && startsAt > now ? startsAt : now;
}

/**
 * A purchase (or code, or activation) adds `validDays` to what the user has: after the current end
 * while it lasts, from `start` once it has ended. It never shortens. The server's grant runs the same
 * rule in one SQL upsert (server/commerce/ownership.queries.ts).
 */
export function extendValidity(current: Validity | null, start: number, validDays: number): Validity {
  if (current && current.validUntil > start) return { validFrom: current.validFrom, validUntil: current.validUntil + validDays * DAY_MS };
  return { validFrom: start, validUntil: start + validDays * DAY_MS };
}

// ---- who may buy what ---------------------------------------------------------------------------

export type PurchaseRefusal = 'OFF_SHELF' | 'FREE_COURSE' | 'CAMP_CLOSED' | 'ADD_NEEDS_MAIN' | 'ADD_ON_NOT_OFFERED' | 'ADD_ON_DUPLICATE';

export interface PurchaseFacts {
  main: { type: CourseType; onSale: boolean; skuStartsAt: number | null };
  /** ADD main course: the courses it extends, and whether the user owns (live) any of them. */
  ownsExtendedCourse: boolean;
  addOns: readonly { courseId: number; type: CourseType; onSale: boolean }[];
  /** The ADD courses offered with the main course. */
  offeredAddOnIds: readonly number[];
  now: number;
}

/**
 * The first reason the purchase is refused, or null. An ADD course is sold at its price only to a
 * student who owns a course it extends, or buys one with it (as an add-on of that course's order).
 */
export function purchaseRefusal(facts: PurchaseFacts): PurchaseRefusal | null {
  const { main } = facts;
  if (!main.onSale) return 'OFF_SHELF';
  if (main.type === 'FREE') return 'FREE_COURSE';
  if (main.type === 'EXP' && !isCohortOpen(main.skuStartsAt, facts.now)) return 'CAMP_CLOSED';
  if (main.type === 'ADD' && !facts.ownsExtendedCourse) return 'ADD_NEEDS_MAIN';
  const seen = new Set<number>();
  for (const addOn of facts.addOns) {
    if (seen.has(addOn.courseId)) return 'ADD_ON_DUPLICATE';
    seen.add(addOn.courseId);
    if (addOn.type !== 'ADD' || !facts.offeredAddOnIds.includes(addOn.courseId)) return 'ADD_ON_NOT_OFFERED';
    if (!addOn.onSale) return 'OFF_SHELF';
  }
  return null;
}

// ---- redeem codes -------------------------------------------------------------------------------

/** 'xuetu-2027 jj01' → 'XUETU2027JJ01'; null when it cannot be a code (the attempt still counts). */
export function normalizeRedeemCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length < REDEEM_CODE_MIN_LENGTH || code.length > REDEEM_CODE_MAX_LENGTH || !/^[A-Z0-9]+$/.test(code)) return null;
  return code;
}

/** Codes as printed on cards: groups of four joined by dashes. */
export function formatRedeemCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
