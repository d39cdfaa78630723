/**
 * 课程活动 (/coupon-active), model-based: paths from the real couponActivity machine drive the real
 * view as a visitor. The activity and claim calls wait on msw until a step answers them: the
 * activity (with its coupons, without any, a failure and its 重新加载, 404: no activity), 领取 once
 * logged in (claimed or refused), and 领取 by a visitor, who logs in through the modal, after which
 * the activity loads again and the claim goes on unless the coupon turns out to be theirs already.
 */
import { cleanup, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AuthSessionActor } from '../../src/app/authSession';
import { COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import type { ClaimableCoupon, CouponActivity, UserCoupon } from '../../src/domain/commerce/contract';
import { COUPON_TEXTS } from '../../src/domain/commerce/coupons.texts';
import { couponActivityMachine } from '../../src/machines/commerce/couponActivity.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { closeLoginModal, isLoginModalOpen } from '../../src/services/shared/loginModal';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CouponActiveView from '../../src/views/commerce/coupons/CouponActiveView';
import { click, eventually } from '../support/loginKit';
import { NOW, renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { CLAIMABLE, CLAIMABLE_HELD, heldCalls, held, logInThroughModal, expectCoupons, spinner, ticket } from './commerce.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const calls = heldCalls<'load' | 'claim'>();
const server = setupServer(
  ...sessionHandlers,
  answer(COMMERCE_EXTRA_CALLS.couponActivity, calls.held('load')),
  answer(COMMERCE_EXTRA_CALLS.claimCoupon, calls.held('claim')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof couponActivityMachine.getInitialSnapshot>;
const DAY = 24 * 60 * 60 * 1000;
const ACTIVITY: CouponActivity = {
  id: 1,
  title: '2027建造师开学季',
  subtitle: '全科通关包直降',
  rules: ['每位学员每种优惠券限领1张。'],
  startsAt: NOW - 3 * DAY,
  endsAt: NOW + 27 * DAY,
  state: 'ONGOING',
  courses: [{ courseId: 31, courseType: 'PACK', title: '一建全科通关包', cover: '/c.svg', priceCents: 299900, originalPriceCents: 329900, tag: '立省300' }],
  coupons: CLAIMABLE,
};
const NO_COUPONS: CouponActivity = { ...ACTIVITY, coupons: [] };
const HELD_ALREADY: CouponActivity = { ...ACTIVITY, coupons: CLAIMABLE_HELD };
let session: AuthSessionActor;
const loggedIn = () => session.getSnapshot().matches('loggedIn');
describeModel('couponActivity on /coupon-active', {
  machine: couponActivityMachine,
  start: '以游客身份打开 /coupon-active（课程活动）',
  events: [
    { type: 'xstate.done.actor.load', output: ACTIVITY },
    { type: 'xstate.done.actor.load', output: NO_COUPONS },
    { type: 'xstate.done.actor.load', output: HELD_ALREADY },
    { type: 'xstate.error.actor.load', error: new ApiError('服务器错误(500)', 500, 500) },
    { type: 'xstate.error.actor.load', error: new ApiError('活动不存在或已结束', 404, 404) },
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
      const activity = s.context.data!;
      await eventually(() => expect(screen.getByRole('heading', { level: 1, name: activity.title })).toBeTruthy());
      expect(screen.getByTestId('activity-state').textContent).toBe('进行中');
      expect(screen.getByRole('link', { name: /一建全科通关包/ }).getAttribute('href')).toBe('/course/detail/31');
      if (activity.coupons.length === 0) expect(screen.queryByRole('heading', { name: COUPON_TEXTS.activityCoupons })).toBeNull();
      else await eventually(() => expectCoupons(activity.coupons, s));
      expect(calls.pending('claim')).toBe(false);
    },
    'loaded.claiming': async (s: Snap) => {
      await eventually(() => expect(calls.pending('claim')).toBe(true));
      await eventually(() => expectCoupons(s.context.data!.coupons, s));
    },
    none: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toContain(COUPON_TEXTS.activityNone));
      expect(screen.getByRole('link', { name: COUPON_TEXTS.browseCourses }).getAttribute('href')).toBe('/course/pro-course');
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
    ({ session } = renderView(CouponActiveView, '/coupon-active', { loggedIn: false }));
    return () => {
      calls.release();
      cleanup();
      closeLoginModal();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
