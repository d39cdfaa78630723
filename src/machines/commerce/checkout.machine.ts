/**
 * The `checkout` statechart (issue 9): one flow from the order page to a paid course.
 * submit-order/{courseId}?skuId= runs it from `ordering` (the SKU, add-ons, the coupon — the best
 * one unless the student picks —, an address when printed material ships, every amount from the
 * server's preview), and a created order leads to order-pay/{orderId}, which runs it from `paying`
 * (a channel, its QR code, polling until paid, the expiry countdown, cancel). No fetch here: the
 * actors load through services/checkout.data.ts and call the API through the HTTP client.
 */
import { assign, fromPromise, setup } from 'xstate';
import { toShippingAddress } from '../../domain/commerce/addresses';
import type { Address } from '../../domain/commerce/addresses.contract';
import { COMMERCE_CALLS, COMMERCE_EXTRA_CALLS } from '../../domain/commerce/calls';
import type {
  CourseSkuList,
  OrderCreated,
  OrderCreateRequest,
  OrderDetail,
  OrderPayStatus,
  OrderPreview,
  OrderPreviewRequest,
  OrderState,
  PayChannelCode,
  PayChannelOption,
  PayQr,
} from '../../domain/commerce/contract';
import { COMMERCE_TEXTS } from '../../domain/commerce/texts';
import { remainingSeconds } from '../../domain/shared/countdown';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { loadOrderPage, loadPayPage, pollPayStatus, type OrderPageData, type PayPageData } from '../../services/commerce/checkout.data';
import { isNotFoundError } from '../../services/shared/http/ApiError';
import { call } from '../../services/shared/http/client';

/** How often the pay page asks whether the order is paid. */
export const PAY_POLL_MS = 2500;
/** How long 支付成功 shows before going on to the course. */
export const PAID_CONTINUE_MS = 3000;

export type CheckoutInput = { courseId: number; skuId: number | null } | { orderId: number };

/** 'best': the server's choice (the coupon that takes most off); null: none; an id: that coupon. */
export type CouponChoice = 'best' | number | null;

export interface CheckoutContext {
  courseId: number | null;
  skuId: number | null;
  addOnSkuIds: number[];
  coupon: CouponChoice;
  skus: CourseSkuList | null;
  preview: OrderPreview | null;
  addresses: Address[];
  addressId: number | null;
  remark: string;
  error: string | null;
  created: OrderCreated | null;
  orderId: number | null;
  order: OrderDetail | null;
  channels: PayChannelOption[];
  channel: PayChannelCode | null;
  qr: PayQr | null;
  expiresAt: number | null;
  offsetMs: number;
  remaining: number | null;
  status: OrderState | null;
}

export type CheckoutEvent =
  | { type: 'CHOOSE_SKU'; skuId: number }
  | { type: 'TOGGLE_ADD_ON'; skuId: number }
  | { type: 'CHOOSE_COUPON'; couponId: number | null }
  | { type: 'CHOOSE_ADDRESS'; addressId: number }
  | { type: 'ADDRESS_ADDED'; address: Address }
  | { type: 'EDIT_REMARK'; remark: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'CHOOSE_CHANNEL'; channel: PayChannelCode }
  | { type: 'CANCEL' }
  | { type: 'CONFIRM_CANCEL' }
  | { type: 'KEEP_ORDER' };

const messageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : FALLBACK_ERROR_TEXT);

/** The request the order page sends now: ids only, the server prices. */
export function orderRequest(context: CheckoutContext): OrderPreviewRequest {
  return {
    courseId: context.courseId!,
    skuId: context.skuId!,
    addOnSkuIds: context.addOnSkuIds,
    ...(context.coupon === 'best' ? {} : { couponId: context.coupon }),
  };
}

function createRequest(context: CheckoutContext): OrderCreateRequest {
  const address = context.addresses.find((a) => a.id === context.addressId);
  return {
    ...orderRequest(context),
    // The coupon the preview applied: the order takes exactly what the student saw.
    couponId: context.preview?.couponId ?? null,
    address: context.preview?.needsAddress && address ? toShippingAddress(address) : null,
    remark: context.remark.trim() || null,
  };
}

function defaultAddress(addresses: readonly Address[]): number | null {
  return (addresses.find((a) => a.isDefault) ?? addresses[0])?.id ?? null;
}

/** An order the server says is over leaves the pay page for its ending, when it opens and at each poll. */
const ORDER_SETTLED = [
  { guard: 'isPaid', target: '#checkout.paid' },
  { guard: 'isCancelled', target: '#checkout.cancelled' },
  { guard: 'isExpired', target: '#checkout.expired' },
] as const;

export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent, input: {} as CheckoutInput },
  actors: {
    loadOrderPage: fromPromise<OrderPageData, { courseId: number; skuId: number | null }>(({ input }) => loadOrderPage(input.courseId, input.skuId)),
    preview: fromPromise<OrderPreview, OrderPreviewRequest>(({ input }) => call(COMMERCE_EXTRA_CALLS.orderPreview, { body: input })),
    placeOrder: fromPromise<OrderCreated, OrderCreateRequest>(({ input }) => call(COMMERCE_EXTRA_CALLS.orderCreate, { body: input })),
    loadPayPage: fromPromise<PayPageData, { orderId: number }>(({ input }) => loadPayPage(input.orderId)),
    requestQr: fromPromise<PayQr, { orderId: number; channel: PayChannelCode }>(({ input }) => call(COMMERCE_CALLS.unifiedPay, { body: input })),
    poll: fromPromise<OrderPayStatus, { orderId: number }>(({ input }) => pollPayStatus(input.orderId)),
    cancel: fromPromise<OrderDetail, { orderId: number }>(({ input }) => call(COMMERCE_EXTRA_CALLS.orderCancel, { params: { id: input.orderId }, body: {} })),
  },
  guards: {
    forOrder: ({ context }) => context.orderId !== null,
    // Choosing what is already chosen changes nothing (a radio already on cannot be chosen again).
    otherSku: ({ context, event }) => event.type === 'CHOOSE_SKU' && event.skuId !== context.skuId,
    otherCoupon: ({ context, event }) => event.type === 'CHOOSE_COUPON' && event.couponId !== (context.preview?.couponId ?? null),
    addressMissing: ({ context }) => Boolean(context.preview?.needsAddress) && !context.addresses.some((a) => a.id === context.addressId),
    isPaid: ({ context }) => context.status === 'PAID',
    isCancelled: ({ context }) => context.status === 'CANCELLED',
    isExpired: ({ context }) => context.status === 'EXPIRED',
    timeUp: ({ context }) => context.remaining !== null && context.remaining <= 0,
  },
  actions: {
    tick: assign({ remaining: ({ context }) => (context.expiresAt === null ? null : remainingSeconds(context.expiresAt, context.offsetMs, Date.now())) }),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    courseId: 'courseId' in input ? input.courseId : null,
    skuId: 'courseId' in input ? input.skuId : null,
    addOnSkuIds: [],
    coupon: 'best',
    skus: null,
    preview: null,
    addresses: [],
    addressId: null,
    remark: '',
    error: null,
    created: null,
    orderId: 'orderId' in input ? input.orderId : null,
    order: null,
    channels: [],
    channel: null,
    qr: null,
    expiresAt: null,
    offsetMs: 0,
    remaining: null,
    status: null,
  }),
  initial: 'start',
  states: {
    start: { always: [{ guard: 'forOrder', target: 'paying' }, { target: 'ordering' }] },

    ordering: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadOrderPage',
            src: 'loadOrderPage',
            input: ({ context }) => ({ courseId: context.courseId!, skuId: context.skuId }),
            onDone: {
              target: 'editing',
              actions: assign(({ event }) => ({
                skus: event.output.skus,
                skuId: event.output.skuId,
                addresses: event.output.addresses,
                addressId: defaultAddress(event.output.addresses),
                preview: event.output.preview,
                error: null,
              })),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
        failed: { on: { RETRY: 'loading' } },
        editing: {
          on: {
            CHOOSE_SKU: { guard: 'otherSku', target: 'previewing', actions: assign({ skuId: ({ event }) => event.skuId, error: null }) },
            TOGGLE_ADD_ON: {
              target: 'previewing',
              actions: assign({
                addOnSkuIds: ({ context, event }) =>
                  context.addOnSkuIds.includes(event.skuId) ? context.addOnSkuIds.filter((id) => id !== event.skuId) : [...context.addOnSkuIds, event.skuId],
                error: null,
              }),
            },
            CHOOSE_COUPON: { guard: 'otherCoupon', target: 'previewing', actions: assign({ coupon: ({ event }) => event.couponId, error: null }) },
            CHOOSE_ADDRESS: { actions: assign({ addressId: ({ event }) => event.addressId, error: null }) },
            ADDRESS_ADDED: {
              actions: assign({
                addresses: ({ context, event }) => [...context.addresses.filter((a) => a.id !== event.address.id), event.address],
                addressId: ({ event }) => event.address.id,
                error: null,
              }),
            },
            EDIT_REMARK: { actions: assign({ remark: ({ event }) => event.remark }) },
            SUBMIT: [
              { guard: 'addressMissing', actions: assign({ error: COMMERCE_TEXTS.addressRequired }) },
              { target: 'submitting', actions: assign({ error: null }) },
            ],
          },
        },
        previewing: {
          invoke: {
            id: 'preview',
            src: 'preview',
            input: ({ context }) => orderRequest(context),
            onDone: { target: 'editing', actions: assign({ preview: ({ event }) => event.output }) },
            // A refused choice (a coupon no longer usable): the server's words; back to its best.
            onError: { target: 'previewingBest', actions: assign({ error: ({ event }) => messageOf(event.error), coupon: 'best' }) },
          },
        },
        previewingBest: {
          invoke: {
            id: 'previewBest',
            src: 'preview',
            input: ({ context }) => orderRequest(context),
            onDone: { target: 'editing', actions: assign({ preview: ({ event }) => event.output }) },
            onError: { target: 'editing', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          },
        },
        submitting: {
          invoke: {
            id: 'placeOrder',
            src: 'placeOrder',
            input: ({ context }) => createRequest(context),
            onDone: { target: '#checkout.created', actions: assign({ created: ({ event }) => event.output, orderId: ({ event }) => event.output.orderId }) },
            // Refused (a coupon taken meanwhile, a SKU gone): say why and show the server's prices again.
            onError: { target: 'previewingBest', actions: assign({ error: ({ event }) => messageOf(event.error), coupon: 'best' }) },
          },
        },
      },
    },

    /** The order exists: the page goes on to order-pay/{orderId}. */
    created: { type: 'final' },

    paying: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadPayPage',
            src: 'loadPayPage',
            input: ({ context }) => ({ orderId: context.orderId! }),
            onDone: {
              target: 'routing',
              actions: assign(({ event }) => ({
                order: event.output.order,
                channels: event.output.channels,
                channel: event.output.order.payChannel ?? event.output.channels[0]?.channel ?? null,
                status: event.output.order.status,
                expiresAt: event.output.order.expiresAt,
                // The order's times are the server's: count down on its clock.
                offsetMs: event.output.offsetMs,
                remaining: remainingSeconds(event.output.order.expiresAt, event.output.offsetMs, Date.now()),
                error: null,
              })),
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => (isNotFoundError(event.error) ? COMMERCE_TEXTS.orderNotFound : messageOf(event.error)) }),
            },
          },
        },
        failed: { on: { RETRY: 'loading' } },
        routing: {
          always: [...ORDER_SETTLED, { target: 'active' }],
        },
        active: {
          type: 'parallel',
          states: {
            pay: {
              initial: 'choosing',
              states: {
                choosing: { always: { guard: ({ context }) => context.channel !== null && context.qr === null, target: 'requesting' } },
                requesting: {
                  invoke: {
                    id: 'requestQr',
                    src: 'requestQr',
                    input: ({ context }) => ({ orderId: context.orderId!, channel: context.channel! }),
                    onDone: { target: 'waiting', actions: assign({ qr: ({ event }) => event.output, error: null }) },
                    onError: { target: 'qrFailed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
                  },
                },
                qrFailed: { on: { RETRY: 'requesting' } },
                waiting: { after: { [PAY_POLL_MS]: 'polling' } },
                polling: {
                  invoke: {
                    id: 'poll',
                    src: 'poll',
                    input: ({ context }) => ({ orderId: context.orderId! }),
                    // Decided inside the pay region: an order still unpaid must not re-enter
                    // `active`, which would close a cancel confirmation the student has open.
                    onDone: {
                      target: 'checking',
                      actions: assign({
                        status: ({ event }) => event.output.status,
                        expiresAt: ({ event }) => event.output.expiresAt,
                        offsetMs: ({ event }) => event.output.serverNow - Date.now(),
                      }),
                    },
                    // A missed poll is asked again by the next.
                    onError: 'waiting',
                  },
                },
                checking: {
                  always: [...ORDER_SETTLED, { target: 'waiting' }],
                },
              },
              on: {
                CHOOSE_CHANNEL: { target: '.requesting', actions: assign({ channel: ({ event }) => event.channel, qr: null }) },
              },
            },
            clock: {
              initial: 'running',
              states: {
                running: {
                  always: { guard: 'timeUp', target: '#checkout.expired', actions: assign({ status: 'EXPIRED' }) },
                  after: { 1000: { target: 'running', reenter: true, actions: 'tick' } },
                },
              },
            },
            cancel: {
              initial: 'idle',
              states: {
                idle: { on: { CANCEL: 'confirming' } },
                confirming: { on: { CONFIRM_CANCEL: 'cancelling', KEEP_ORDER: 'idle' } },
                cancelling: {
                  invoke: {
                    id: 'cancel',
                    src: 'cancel',
                    input: ({ context }) => ({ orderId: context.orderId! }),
                    // The answer is the order as it now is: cancelled, or paid a moment before.
                    onDone: {
                      target: '#checkout.paying.settled',
                      actions: assign({ status: ({ event }) => event.output.status, order: ({ event }) => event.output }),
                    },
                    onError: { target: 'idle', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
                  },
                },
              },
            },
          },
        },
        /** The cancel answered with the order as it now is: cancelled, or paid a moment before (the server refuses to cancel an expired one). */
        settled: {
          always: [{ guard: 'isPaid', target: '#checkout.paid' }, { target: '#checkout.cancelled' }],
        },
      },
    },

    paid: { after: { [PAID_CONTINUE_MS]: 'continued' } },
    continued: { type: 'final' },
    cancelled: {},
    expired: {},
  },
});
