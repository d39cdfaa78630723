/**
 * 我的订单 (/uc/my-order): one page of the user's orders for the state and page in the URL (the
 * view starts a new flow when they change), and cancelling a pending one in place.
 *
 *   loading ──done──▶ loaded.idle ◀──▶ loaded.confirming ──CONFIRM──▶ loaded.cancelling (orderCancel)
 *      └──error──▶ failed ──RETRY──▶ loading
 */
import { assign, fromPromise, setup } from 'xstate';
import { COMMERCE_EXTRA_CALLS } from '../../domain/commerce/calls';
import type { OrderDetail, OrderSummary } from '../../domain/commerce/contract';
import { COMMERCE_PAGE_DEFAULT_SIZE } from '../../domain/commerce/limits';
import type { OrderListQuery } from '../../domain/commerce/orders.texts';
import type { Page } from '../../domain/shared/envelope';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { call } from '../../services/shared/http/client';
import { cancelOrderActor, type OrderCancelEvent } from './orderCancel';

export interface MyOrdersContext {
  query: OrderListQuery;
  page: Page<OrderSummary> | null;
  error: string | null;
  /** The order 取消订单 asks about, then cancels. */
  cancelling: number | null;
}

/** The row as the cancel answer says it now is. */
function withCancelled(page: Page<OrderSummary> | null, order: OrderDetail): Page<OrderSummary> | null {
  if (!page) return page;
  return { ...page, records: page.records.map((row) => (row.id === order.id ? { ...row, status: order.status, paidAt: order.paidAt } : row)) };
}

export const myOrdersMachine = setup({
  types: {
    input: {} as OrderListQuery,
    context: {} as MyOrdersContext,
    events: {} as OrderCancelEvent | { type: 'RETRY' },
  },
  actors: {
    loadOrders: fromPromise<Page<OrderSummary>, OrderListQuery>(({ input }) =>
      call(COMMERCE_EXTRA_CALLS.orderPageList, { body: { current: input.page, size: COMMERCE_PAGE_DEFAULT_SIZE, status: input.status } }),
    ),
    cancelOrder: cancelOrderActor,
  },
  guards: {
    /** Only an unpaid order of the list can be cancelled (its row offers 取消订单 alone). */
    isPendingRow: ({ context }, params: { orderId: number }) =>
      context.page?.records.some((row) => row.id === params.orderId && row.status === 'PENDING') ?? false,
  },
}).createMachine({
  id: 'myOrders',
  context: ({ input }) => ({ query: input, page: null, error: null, cancelling: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadOrders',
        src: 'loadOrders',
        input: ({ context }) => context.query,
        onDone: { target: 'loaded', actions: assign({ page: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : FALLBACK_ERROR_TEXT) }),
        },
      },
    },
    loaded: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            CANCEL: {
              guard: { type: 'isPendingRow', params: ({ event }) => ({ orderId: event.orderId }) },
              target: 'confirming',
              actions: assign({ cancelling: ({ event }) => event.orderId }),
            },
          },
        },
        confirming: { on: { CONFIRM: 'cancelling', DISMISS: { target: 'idle', actions: assign({ cancelling: null }) } } },
        cancelling: {
          invoke: {
            id: 'cancelOrder',
            src: 'cancelOrder',
            input: ({ context }) => context.cancelling ?? 0,
            onDone: { target: 'idle', actions: assign({ page: ({ context, event }) => withCancelled(context.page, event.output), cancelling: null }) },
            onError: { target: 'idle', actions: assign({ cancelling: null }) },
          },
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
  },
});
