/**
 * Paying: the channels offered to the terminal, the QR code of an order (unifiedPay), the pay
 * page's polling, and cancelling. Each reads the session's user's own order (404 otherwise) and
 * lets the wallet decide nothing about the amount: the QR is for the order's payCents.
 */
import { TERMINAL_TYPE } from '../../src/domain/shared/constants';
import type { OrderDetail, OrderPayStatus, PayChannelCode, PayChannelOption, PayQr } from '../../src/domain/commerce/contract';
import { COMMERCE_TEXTS, PAY_CHANNEL_TEXTS } from '../../src/domain/commerce/texts';
import { currentUser } from '../shared/auth';
import { AppError, badRequest, notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { requestOrigin } from '../shared/request';
import { cutUtf8, newOutTradeNo } from './orderNumbers';
import { findOrder, orderDetail, type OrderRow, stateOf } from './orders.queries';
import { closeAtVendors, closeAttempts, LATE_PAYMENT_GRACE_MS, refreshFromVendors } from './payFlow';
import { noticeUrl } from './paymentNotices';
import { cancelPendingOrder, openAttempts, type PaymentRow, recordAttempt } from './payments.queries';

/** Real wallets first; the sandbox exists only where no real one does (config.payment). */
const CHANNEL_ORDER: readonly PayChannelCode[] = ['WECHAT', 'ALIPAY', 'SANDBOX'];

function toPayQr(order: OrderRow, attempt: PaymentRow): PayQr {
  return {
    orderId: order.id,
    channel: attempt.channel as PayChannelCode,
    outTradeNo: attempt.outTradeNo,
    codeUrl: attempt.codeUrl,
    amountCents: attempt.amountCents,
    expiresAt: order.expiresAt.getTime(),
    subject: cutUtf8(order.title),
  };
}

/** The refusal for an order that cannot be paid now, or null. */
function unpayable(order: OrderRow, now: Date): AppError | null {
  const state = stateOf(order, now);
  if (state === 'PAID') return badRequest(COMMERCE_TEXTS.orderPaid);
  if (state === 'CANCELLED') return badRequest(COMMERCE_TEXTS.orderCancelled);
  if (state === 'EXPIRED') return badRequest(COMMERCE_TEXTS.orderExpired);
  return null;
}

export const paymentsRoutes: RouteGroup = ({ db, config, services }) => ({
  payChannels: {
    handler(request): PayChannelOption[] {
      // Every channel here is a QR code scanned from a desktop page; other terminals have their own flows.
      const terminal = request.headers['terminal-type'];
      if (terminal !== undefined && String(terminal).toUpperCase() !== TERMINAL_TYPE) return [];
      return CHANNEL_ORDER.filter((channel) => services.payments[channel]).map((channel) => ({ channel, ...PAY_CHANNEL_TEXTS[channel] }));
    },
  },

  unifiedPay: {
    auth: 'required',
    async handler(request): Promise<PayQr> {
      const { userId } = currentUser(request);
      const now = services.clock.now();
      const deps = { db, payments: services.payments, log: request.log };
      const order = await findOrder(db, userId, request.body.orderId);
      if (!order) throw notFound(COMMERCE_TEXTS.orderNotFound);
      const refusal = unpayable(order, now);
      if (refusal) throw refusal;
      const { channel } = request.body;
      const provider = services.payments[channel];
      if (!provider) throw badRequest(COMMERCE_TEXTS.channelUnavailable);

      // Every call gives a fresh QR code and closes the ones shown before (any channel): one order
      // is never payable twice, and a code the student gave up on the phone is never handed out again.
      if (await closeAttempts(deps, await openAttempts(db, order.id), now)) throw badRequest(COMMERCE_TEXTS.orderPaid);

      const outTradeNo = newOutTradeNo(order.orderNo, channel);
      let codeUrl: string;
      try {
        ({ codeUrl } = await provider.createQr({
          outTradeNo,
          amountCents: order.payCents,
          subject: cutUtf8(order.title),
          expiresAt: order.expiresAt,
          notifyUrl: noticeUrl(requestOrigin(config, request), channel),
        }));
      } catch (err) {
        request.log.error({ err, channel, orderId: order.id }, 'creating a payment QR failed');
        throw new AppError(502, COMMERCE_TEXTS.payUnavailable);
      }
      const attempt = await recordAttempt(db, { order, channel, outTradeNo, codeUrl }, now);
      if (attempt) return toPayQr(order, attempt);
      // A cancel, an expiry or a parallel request won: ours is closed at the vendor, the winner answers.
      await closeAtVendors(deps, [{ channel, outTradeNo }]);
      const fresh = (await findOrder(db, userId, order.id)) ?? order;
      const after = unpayable(fresh, now);
      if (after) throw after;
      const winner = (await openAttempts(db, order.id)).find((row) => row.channel === channel);
      if (!winner) throw new AppError(502, COMMERCE_TEXTS.payUnavailable);
      return toPayQr(fresh, winner);
    },
  },

  orderPayStatus: {
    auth: 'required',
    async handler(request): Promise<OrderPayStatus> {
      const { userId } = currentUser(request);
      const now = services.clock.now();
      let order = await findOrder(db, userId, request.params.id);
      if (!order) throw notFound(COMMERCE_TEXTS.orderNotFound);
      // The notice may be late (or lost): ask the wallet, also shortly after the expiry for a payment made just before it.
      if (order.status === 'PENDING' && order.expiresAt.getTime() + LATE_PAYMENT_GRACE_MS > now.getTime()) {
        await refreshFromVendors({ db, payments: services.payments, log: request.log }, await openAttempts(db, order.id), now);
        order = (await findOrder(db, userId, order.id)) ?? order;
      }
      return {
        orderId: order.id,
        status: stateOf(order, now),
        paidAt: order.paidAt?.getTime() ?? null,
        expiresAt: order.expiresAt.getTime(),
        serverNow: now.getTime(),
      };
    },
  },

  orderCancel: {
    auth: 'required',
    async handler(request): Promise<OrderDetail> {
      const { userId } = currentUser(request);
      const now = services.clock.now();
      const deps = { db, payments: services.payments, log: request.log };
      const order = await findOrder(db, userId, request.params.id);
      if (!order) throw notFound(COMMERCE_TEXTS.orderNotFound);
      const state = stateOf(order, now);
      if (state === 'PAID') throw badRequest(COMMERCE_TEXTS.orderNotCancellable);
      if (state === 'EXPIRED') throw badRequest(COMMERCE_TEXTS.orderExpired);
      if (state === 'PENDING') {
        const open = await openAttempts(db, order.id);
        // Paid a moment ago: the answer is the order as it now is (PAID), not a cancel.
        if (!(await closeAttempts(deps, open, now))) {
          const closedInBooks = await cancelPendingOrder(db, userId, order.id, now);
          const known = new Set(open.map((attempt) => attempt.id));
          if (closedInBooks)
            await closeAtVendors(
              deps,
              closedInBooks.filter((attempt) => !known.has(attempt.id)),
            );
        }
      }
      const fresh = (await findOrder(db, userId, order.id)) ?? order;
      if (stateOf(fresh, now) === 'EXPIRED') throw badRequest(COMMERCE_TEXTS.orderExpired);
      return orderDetail(db, fresh, now);
    },
  },
});
