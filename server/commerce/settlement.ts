/**
 * Turning a vendor's word that a trade is paid into a paid order, exactly once. Whether the word
 * comes from a notice, from the pay page's polling (queryTrade) or both at the same moment, one
 * transaction locks the payment and the order rows, checks the amount, and moves the order
 * PENDING → PAID with a conditional UPDATE: the second caller finds it PAID and grants nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CourseType } from '../../src/domain/catalog/contract';
import type { Db } from '../db/client';
import { courses, orders, payments } from '../db/schema';
import type { PaidTrade, PayChannel } from '../providers/payment/provider';
import { markCouponUsed } from './coupons.queries';
import { orderLines } from './orders.queries';
import { grantWithPack, startOfAccess } from './ownership.queries';

/** PAID: this call paid the order; DUPLICATE: it was settled before (acknowledge, do nothing); REFUSED: not ours or wrong amount. */
export type SettleResult = 'PAID' | 'DUPLICATE' | 'REFUSED';

export async function settlePaidTrade(db: Db, channel: PayChannel, trade: PaidTrade, log: FastifyBaseLogger, now: Date): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.outTradeNo, trade.outTradeNo)).for('update');
    if (!payment || payment.channel !== channel) {
      log.warn({ channel, outTradeNo: trade.outTradeNo }, 'payment notice for an unknown trade: refused');
      return 'REFUSED';
    }
    const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId)).for('update');
    if (!order) return 'REFUSED';
    if (trade.amountCents !== payment.amountCents || trade.amountCents !== order.payCents) {
      log.error(
        { channel, outTradeNo: trade.outTradeNo, orderId: order.id, expectedCents: order.payCents, paidCents: trade.amountCents },
        'payment notice amount differs from the order: refused',
      );
      return 'REFUSED';
    }
    if (payment.status !== 'PAID') {
      await tx
        .update(payments)
        .set({ status: 'PAID', transactionId: trade.transactionId.slice(0, 64), paidAt: trade.paidAt })
        .where(eq(payments.id, payment.id));
    }
    const [paid] = await tx
      .update(orders)
      .set({ status: 'PAID', paidAt: trade.paidAt, payChannel: channel })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'PENDING')))
      .returning();
    if (!paid) {
      // The money is recorded on the payment row; a second attempt paid, or a payment after a cancel, needs a refund by hand.
      if (payment.status !== 'PAID') {
        log.error(
          { channel, outTradeNo: trade.outTradeNo, orderId: order.id, orderStatus: order.status },
          'payment for an order already settled: refund needed',
        );
      }
      return 'DUPLICATE';
    }
    for (const line of await orderLines(tx, paid.id)) {
      await grantWithPack(tx, {
        userId: paid.userId,
        courseId: line.courseId,
        courseType: line.courseType as CourseType,
        source: 'ORDER',
        start: startOfAccess(now, line.startsAt),
        validDays: line.validDays,
        orderId: paid.id,
      });
      await tx
        .update(courses)
        .set({ salesCount: sql`${courses.salesCount} + 1` })
        .where(eq(courses.id, line.courseId));
    }
    if (paid.userCouponId !== null && !(await markCouponUsed(tx, paid.userId, paid.userCouponId, paid.id, now))) {
      log.warn({ orderId: paid.id, couponId: paid.userCouponId }, 'paid order whose coupon was used meanwhile (late notice after expiry)');
    }
    return 'PAID';
  });
}
