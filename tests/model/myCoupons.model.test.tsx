/**
 * 我的优惠券 (/uc/my-coupon), model-based: paths from the real myCoupons machine (a pageData load)
 * drive the real view. The list waits on msw until a step answers it: the unused coupons, none
 * (the empty state with 去领券中心), a failure and its 重新加载.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import type { UserCoupon } from '../../src/domain/commerce/contract';
import { COUPON_TEXTS } from '../../src/domain/commerce/coupons.texts';
import type { Page } from '../../src/domain/shared/envelope';
import { myCouponsMachine } from '../../src/machines/commerce/myCoupons.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { dismissAllToasts } from '../../src/services/shared/toast';
import MyCouponsView from '../../src/views/commerce/coupons/MyCouponsView';
import { click, eventually } from '../support/loginKit';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { heldCalls, held } from './commerce.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const calls = heldCalls<'load'>();
const server = setupServer(...sessionHandlers, answer(COMMERCE_EXTRA_CALLS.myCouponList, calls.held('load')));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof myCouponsMachine.getInitialSnapshot>;
const COUPONS: Page<UserCoupon> = {
  records: [held(), held({ id: 2, templateId: 5, name: '课程服务补偿券', amountCents: 3000, thresholdCents: 0, locked: true })],
  total: 2,
  current: 1,
  size: 10,
};
const NONE: Page<UserCoupon> = { records: [], total: 0, current: 1, size: 10 };

describeModel('myCoupons on /uc/my-coupon', {
  machine: myCouponsMachine,
  input: { state: 'UNUSED', page: 1 },
  start: '登录后打开 /uc/my-coupon（我的优惠券，“未使用”）',
  events: [
    { type: 'xstate.done.actor.load', output: COUPONS },
    { type: 'xstate.done.actor.load', output: NONE },
    { type: 'xstate.error.actor.load', error: new ApiError('服务器错误(500)', 500, 500) },
    { type: 'RETRY' },
  ] as never[],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.pending('load')).toBe(true));
      expect(screen.getByRole('status').textContent).toBe('加载中…');
    },
    loaded: async (s: Snap) => {
      await eventually(() =>
        expect(screen.getAllByTestId('coupon').map((c) => c.getAttribute('aria-label'))).toEqual(s.context.data!.records.map((c) => c.name)),
      );
      expect(within(screen.getByRole('article', { name: '课程服务补偿券' })).getByText(COUPON_TEXTS.locked)).toBeTruthy();
      expect(screen.getByRole('link', { name: '未使用' }).getAttribute('aria-current')).toBe('page');
    },
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toContain('暂无'));
      expect(screen.getByRole('link', { name: COUPON_TEXTS.goAcquire }).getAttribute('href')).toBe('/coupon-acquire');
      expect(screen.queryAllByTestId('coupon')).toHaveLength(0);
    },
    failed: async (s: Snap) => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain(s.context.error!));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    },
  },
  exec: {
    'xstate.done.actor.load': async (e: { output: Page<UserCoupon> }) => calls.respond('load', () => ok(e.output)),
    'xstate.error.actor.load': async (e: { error: ApiError }) => calls.respond('load', () => fail(e.error.message, e.error.status)),
    RETRY: async () => click(screen.getByRole('button', { name: '重新加载' })),
  } as never,
  setup: async () => {
    renderView(MyCouponsView, '/uc/my-coupon');
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
  excused: {
    'loaded RELOAD': 'MyCouponsView never sends RELOAD: another state or page is a new flow (keyed by the query)',
    'empty RELOAD': 'MyCouponsView never sends RELOAD: another state or page is a new flow (keyed by the query)',
  },
});
