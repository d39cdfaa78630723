/**
 * 领取优惠券 (/coupon-acquire), model-based: paths from the real couponAcquire machine drive the
 * real view as a visitor. The list and claim calls wait on msw until a step answers them: the
 * list (coupons, none at all, a failure and its 重新加载, 404), 领取 once logged in (claimed or
 * refused), and 领取 by a visitor, who logs in through the modal, after which the list loads again
 * and the claim goes on unless the coupon turns out to be theirs already.
 */
import { cleanup, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AuthSessionActor } from '../../src/app/authSession';
import { COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import type { ClaimableCoupon, UserCoupon } from '../../src/domain/commerce/contract';
import { COUPON_TEXTS } from '../../src/domain/commerce/coupons.texts';
import { couponAcquireMachine } from '../../src/machines/commerce/couponAcquire.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { closeLoginModal, isLoginModalOpen } from '../../src/services/shared/loginModal';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CouponAcquireView from '../../src/views/commerce/coupons/CouponAcquireView';
import { click, eventually } from '../support/loginKit';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { CLAIMABLE, CLAIMABLE_HELD, heldCalls, held, logInThroughModal, expectCoupons, spinner, ticket } from './commerce.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const calls = heldCalls<'load' | 'claim'>();
const server = setupServer(
  ...sessionHandlers,
  answer(COMMERCE_EXTRA_CALLS.claimableCoupons, calls.held('load')),
  answer(COMMERCE_EXTRA_CALLS.claimCoupon, calls.held('claim')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof couponAcquireMachine.getInitialSnapshot>;
let session: AuthSessionActor;
const loggedIn = () => session.getSnapshot().matches('loggedIn');
describeModel('couponAcquire on /coupon-acquire', {
  machine: couponAcquireMachine,
  start: '以游客身份打开 /coupon-acquire（领取优惠券）',
  events: [
    { type: 'xstate.done.actor.load', output: CLAIMABLE },
    { type: 'xstate.done.actor.load', output: [] },
    { type: 'xstate.done.actor.load', output: CLAIMABLE_HELD },
    { type: 'xstate.error.actor.load', error: new ApiError('服务器错误(500)', 500, 500) },
    { type: 'xstate.error.actor.load', error: new ApiError('没有可领取的优惠券', 404, 404) },
    { type: 'RETRY' },
    { type: 'CLAIM', templateId: 1 },
    { type: 'CLAIM_AFTER_LOGIN', templateId: 1 },
    { type: 'xstate.done.actor.claim', output: held({ templateId: 1, name: '新人专享券' }) },
    { type: 'xstate.error.actor.claim', error: new ApiError('您已领取过该优惠券', 400, 400) },
  ] as never[],
  serializeState: (s) => JSON.stringify([s.value, s.context.afterLogin !== null]),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.pending('load')).toBe(true));
      expect(spinner()).toBe('加载中…');
      expect(screen.queryAllByTestId('coupon')).toHaveLength(0);
    },
    'loaded.idle': async (s: Snap) => {
      const data = s.context.data!;
      if (data.length === 0) {
        await eventually(() => expect(screen.getByTestId('empty-state').textContent).toBe(COUPON_TEXTS.acquireEmpty));
        return;
      }
      await eventually(() => expectCoupons(data, s));
      expect(calls.pending('claim')).toBe(false);
    },
    'loaded.claiming': async (s: Snap) => {
      await eventually(() => expect(calls.pending('claim')).toBe(true));
      await eventually(() => expectCoupons(s.context.data!, s));
    },
    // A 404 of the list (no coupon centre): nothing to claim, said as such, and nothing more is asked.
    none: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toBe(COUPON_TEXTS.acquireEmpty));
      expect(calls.pending('load')).toBe(false);
      expect(screen.queryByTestId('error-state')).toBeNull();
    },
    failed: async (s: Snap) => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain(s.context.error!));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: ClaimableCoupon[] }) => calls.respond('load', () => ok(e.output)),
    'xstate.error.actor.load': async (e: { error: ApiError }) => calls.respond('load', () => fail(e.error.message, e.error.status)),
    RETRY: async () => click(screen.getByRole('button', { name: '重新加载' })),
    CLAIM: async (e: { templateId: number }) => {
      // 领取 once logged in (a visitor's click opens the modal instead: that is CLAIM_AFTER_LOGIN).
      if (!loggedIn()) await logInThroughModal(session);
      const name = CLAIMABLE.find((c) => c.templateId === e.templateId)!.name;
      await eventually(() => expect(screen.getByRole('link', { name: COUPON_TEXTS.toMyCoupons })).toBeTruthy());
      await click(ticket(name).getByRole('button', { name: COUPON_TEXTS.claim }));
    },
    CLAIM_AFTER_LOGIN: async (e: { templateId: number }) => {
      if (loggedIn()) throw new Error('CLAIM_AFTER_LOGIN needs a visitor');
      const name = CLAIMABLE.find((c) => c.templateId === e.templateId)!.name;
      await click(ticket(name).getByRole('button', { name: COUPON_TEXTS.claim }));
      expect(isLoginModalOpen()).toBe(true);
      expect(calls.pending('claim')).toBe(false);
      await logInThroughModal(session);
    },
    'xstate.done.actor.claim': async (e: { output: UserCoupon }) => calls.respond('claim', () => ok(e.output)),
    'xstate.error.actor.claim': async (e: { error: ApiError }) => calls.respond('claim', () => fail(e.error.message, e.error.status)),
  } as never,
  setup: async () => {
    ({ session } = renderView(CouponAcquireView, '/coupon-acquire', { loggedIn: false }));
    return () => {
      calls.release();
      cleanup();
      closeLoginModal();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
