/** Payment attempts (one QR code on one channel) of an order, and cancelling an order in one transaction. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orders, payments } from '../db/schema';
import type { PayChannel } from '../providers/payment/provider';
import { releaseCoupon } from './coupons.queries';
import type { OrderRow } from './orders.queries';

export type PaymentRow = typeof payments.$inferSelect;

export async function openAttempts(db: Db, orderId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'PENDING')));
}

export async function markAttemptClosed(db: Db, paymentId: number, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'CLOSED', closedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING')));
}

export interface NewAttempt {
  order: OrderRow;
  channel: PayChannel;
  outTradeNo: string;
  codeUrl: string;
}

/**
 * Records a QR code the vendor made, under the order's row lock and only while the order can be
 * paid, so a cancel cannot slip between the check and the insert. Null when the order changed
 * meanwhile or another request opened this channel first (one open attempt per order and channel).
 */
export async function recordAttempt(db: Db, attempt: NewAttempt, now: Date): Promise<PaymentRow | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.order.id)).for('update');
    if (!order || order.status !== 'PENDING' || order.expiresAt.getTime() <= now.getTime()) return null;
    const [row] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        userId: order.userId,
        channel: attempt.channel,
        outTradeNo: attempt.outTradeNo,
        amountCents: order.payCents,
        codeUrl: attempt.codeUrl,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
}

/**
 * PENDING → CANCELLED for the user's own live order, closing its attempts and freeing its coupon.
 * Answers the attempts that were still open (the caller closes at the vendor any it has not yet),
 * or null when the order was no longer cancellable.
 */
export async function cancelPendingOrder(db: Db, userId: number, orderId: number, now: Date): Promise<PaymentRow[] | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!order || order.status !== 'PENDING' || order.expiresAt.getTime() <= now.getTime()) return null;
    await tx.update(orders).set({ status: 'CANCELLED', cancelledAt: now }).where(eq(orders.id, order.id));
    const closed = await tx
      .update(payments)
      .set({ status: 'CLOSED', closedAt: now })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'PENDING')))
      .returning();
    await releaseCoupon(tx, order.id);
    return closed;
  });
}
