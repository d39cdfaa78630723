/**
 * 我的优惠券 (/uc/my-coupon): one page of the user's coupons in the state of the URL (the view starts
 * a new flow when the state or page changes).
 *
 *   loading ──done──▶ loaded | empty      loading ──error──▶ failed ──RETRY──▶ loading
 */
import { assign, fromPromise, setup } from 'xstate';
import type { UserCoupon } from '../../domain/commerce/contract';
import type { CouponListQuery } from '../../domain/commerce/coupons.texts';
import { COMMERCE_PAGE_DEFAULT_SIZE } from '../../domain/commerce/limits';
import type { Page } from '../../domain/shared/envelope';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { getMyCoupons } from '../../services/commerce/commerce.api';

export interface MyCouponsContext {
  query: CouponListQuery;
  page: Page<UserCoupon> | null;
  error: string | null;
}

export const myCouponsMachine = setup({
  types: { input: {} as CouponListQuery, context: {} as MyCouponsContext, events: {} as { type: 'RETRY' } },
  actors: {
    loadCoupons: fromPromise<Page<UserCoupon>, CouponListQuery>(({ input }) =>
      getMyCoupons({ state: input.state, current: input.page, size: COMMERCE_PAGE_DEFAULT_SIZE }),
    ),
  },
  guards: { isEmpty: (_, params: { page: Page<UserCoupon> }) => params.page.records.length === 0 && params.page.total === 0 },
}).createMachine({
  id: 'myCoupons',
  context: ({ input }) => ({ query: input, page: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCoupons',
        src: 'loadCoupons',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ page: event.output }) },
            target: 'empty',
            actions: assign({ page: ({ event }) => event.output }),
          },
          { target: 'loaded', actions: assign({ page: ({ event }) => event.output, error: null }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : FALLBACK_ERROR_TEXT) }),
        },
      },
    },
    loaded: {},
    empty: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
