/**
 * Shared by the commerce and feedback model tests: calls held on msw until a path step answers
 * them, the coupons of the claim pages, and logging a visitor in as the login modal would.
 */
import { act, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { ClaimableCoupon, UserCoupon } from '../../src/domain/commerce/contract';
import { COUPON_TEXTS } from '../../src/domain/commerce/coupons.texts';
import type { AuthSessionActor } from '../../src/app/authSession';
import { closeLoginModal } from '../../src/services/shared/loginModal';
import { eventually, gate, loginResult, type Gate } from '../support/loginKit';
import { NOW } from '../unit/commerce/myOrders.fixtures';
import { ok } from '../support/msw';

const DAY = 24 * 60 * 60 * 1000;

/**
 * msw resolvers that wait: `held(call)` keeps each request open until `respond(call, …)` answers
 * it with the path step's own payload; `release()` answers what is left, so nothing leaks into the next path.
 */
export function heldCalls<Call extends string>() {
  let gates: Partial<Record<Call, Gate<Response>>> = {};
  return {
    held: (call: Call) => () => {
      const g = gate<Response>();
      gates[call] = g;
      return g.promise;
    },
    pending: (call: Call): boolean => gates[call] !== undefined,
    async respond(call: Call, response: () => Response): Promise<void> {
      await eventually(() => expect(gates[call], `no ${call} call is waiting`).toBeDefined());
      const g = gates[call]!;
      delete gates[call];
      await act(async () => {
        g.open(response());
        await Promise.resolve();
      });
    },
    release(): void {
      for (const g of Object.values(gates) as (Gate<Response> | undefined)[]) g?.open(ok(null));
      gates = {};
    },
  };
}

export function claimable(over: Partial<ClaimableCoupon> = {}): ClaimableCoupon {
  return {
    templateId: 1,
    name: '新人专享券',
    kind: 'FIXED',
    amountCents: 2000,
    percentOff: 0,
    maxDiscountCents: null,
    thresholdCents: 0,
    courseIds: null,
    summary: '无门槛减20',
    validDays: 30,
    validFrom: null,
    validUntil: null,
    claimEndsAt: null,
    remaining: null,
    claimed: false,
    ...over,
  };
}

export function held(over: Partial<UserCoupon> = {}): UserCoupon {
  return {
    id: 1,
    templateId: 1,
    name: '满500减50',
    kind: 'FIXED',
    amountCents: 5000,
    percentOff: 0,
    maxDiscountCents: null,
    thresholdCents: 50000,
    courseIds: null,
    summary: '满500减50',
    validFrom: NOW - DAY,
    validUntil: NOW + 29 * DAY,
    state: 'UNUSED',
    locked: false,
    usedAt: null,
    usedOrderId: null,
    ...over,
  };
}

/** The claim pages' coupons: 新人专享券 to claim, one held already, one sold out. */
export const CLAIMABLE: ClaimableCoupon[] = [
  claimable(),
  claimable({ templateId: 3, name: '教资课程9折券', kind: 'PERCENT', amountCents: 0, percentOff: 10, claimed: true }),
  claimable({ templateId: 6, name: '限量秒杀 满300减100', amountCents: 10000, thresholdCents: 30000, remaining: 0 }),
];
/** The same list as the user sees it after logging in: 新人专享券 is already theirs. */
export const CLAIMABLE_HELD: ClaimableCoupon[] = CLAIMABLE.map((c) => (c.templateId === 1 ? { ...c, claimed: true } : c));

/** What the login modal does when the visitor logs in through it: the session logs in, the modal closes with true. */
export async function logInThroughModal(session: AuthSessionActor): Promise<void> {
  await act(async () => {
    session.send({ type: 'session.loggedIn', result: loginResult() });
    closeLoginModal(true);
    await Promise.resolve();
  });
}

export const ticket = (name: string) => within(screen.getByRole('article', { name }));
export const spinner = () => screen.queryByRole('status')?.textContent;

/** What a claim page's machine says of a claim under way and the refusals, per coupon. */
interface ClaimSnapshot {
  context: { claiming: number | null; refusals: Record<number, string> };
}

/** A claim page's coupons as the student sees them: claimed, sold out, or 领取 (busy while a claim runs) with its refusal. */
export function expectCoupons(coupons: readonly ClaimableCoupon[], s: ClaimSnapshot): void {
  expect(screen.getAllByTestId('coupon').map((c) => c.getAttribute('aria-label'))).toEqual(coupons.map((c) => c.name));
  for (const coupon of coupons) {
    const t = ticket(coupon.name);
    if (coupon.claimed) expect(t.getByText(COUPON_TEXTS.claimed)).toBeTruthy();
    else if (coupon.remaining === 0) expect(t.getByText(COUPON_TEXTS.soldOut)).toBeTruthy();
    else {
      const claiming = s.context.claiming === coupon.templateId;
      const button = t.getByRole('button', { name: claiming ? COUPON_TEXTS.claiming : COUPON_TEXTS.claim }) as HTMLButtonElement;
      expect(button.disabled).toBe(s.context.claiming !== null);
      const refusal = s.context.refusals[coupon.templateId];
      if (refusal) expect(t.getByRole('alert').textContent).toBe(refusal);
      else expect(t.queryByRole('alert')).toBeNull();
    }
  }
}
