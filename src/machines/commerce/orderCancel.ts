/**
 * The cancel step both order pages share: 取消订单 asks first (ConfirmDialog), then calls
 * orderCancel; the answer is the order as it now is (CANCELLED, or PAID when a payment went
 * through a moment before), which the page puts in place of the old one. A refusal was toasted by
 * the client; the page keeps what it showed.
 *
 *   idle ──CANCEL { orderId }──▶ confirming ──DISMISS──▶ idle
 *                                   └──CONFIRM──▶ cancelling ──done / error──▶ idle
 */
import { fromPromise } from 'xstate';
import { COMMERCE_EXTRA_CALLS } from '../../domain/commerce/calls';
import type { OrderDetail } from '../../domain/commerce/contract';
import { call } from '../../services/shared/http/client';

export type OrderCancelEvent = { type: 'CANCEL'; orderId: number } | { type: 'CONFIRM' } | { type: 'DISMISS' };

export const cancelOrderActor = fromPromise<OrderDetail, number>(({ input }) => call(COMMERCE_EXTRA_CALLS.orderCancel, { params: { id: input }, body: {} }));
