/**
 * 订单详情 (/uc/my-order/{orderId}): the order, or 订单不存在 when the server does not know it for
 * this user (another user's order is a 404 too), and cancelling it while it is pending.
 *
 *   loading ──done──▶ loaded.idle ◀──▶ loaded.confirming ──CONFIRM──▶ loaded.cancelling (orderCancel)
 *      ├──404──▶ notFound
 *      └──error──▶ failed ──RETRY──▶ loading
 */
import { assign, fromPromise, setup } from 'xstate';
import { COMMERCE_EXTRA_CALLS } from '../../domain/commerce/calls';
import type { OrderDetail } from '../../domain/commerce/contract';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { isNotFoundError } from '../../services/shared/http/ApiError';
import { call } from '../../services/shared/http/client';
import { cancelOrderActor, type OrderCancelEvent } from './orderCancel';

export interface OrderDetailContext {
  orderId: number;
  order: OrderDetail | null;
  error: string | null;
}

export const orderDetailMachine = setup({
  types: {
    input: {} as { orderId: number },
    context: {} as OrderDetailContext,
    events: {} as OrderCancelEvent | { type: 'RETRY' },
  },
  actors: {
    loadOrder: fromPromise<OrderDetail, number>(({ input }) => call(COMMERCE_EXTRA_CALLS.orderDetail, { params: { id: input } })),
    cancelOrder: cancelOrderActor,
  },
  guards: {
    /** Only an unpaid order can be cancelled (the page offers 取消订单 for it alone). */
    isPending: ({ context }) => context.order?.status === 'PENDING',
    isNotFound: (_, params: { error: unknown }) => isNotFoundError(params.error),
  },
}).createMachine({
  id: 'orderDetail',
  context: ({ input }) => ({ orderId: input.orderId, order: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => context.orderId,
        onDone: { target: 'loaded', actions: assign({ order: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : FALLBACK_ERROR_TEXT) }),
          },
        ],
      },
    },
    loaded: {
      initial: 'idle',
      states: {
        idle: { on: { CANCEL: { guard: 'isPending', target: 'confirming' } } },
        confirming: { on: { CONFIRM: 'cancelling', DISMISS: 'idle' } },
        cancelling: {
          invoke: {
            id: 'cancelOrder',
            src: 'cancelOrder',
            input: ({ context }) => context.orderId,
            onDone: { target: 'idle', actions: assign({ order: ({ event }) => event.output }) },
            onError: 'idle',
          },
        },
      },
    },
    notFound: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
