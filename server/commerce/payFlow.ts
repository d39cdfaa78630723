/**
 * Where orders meet the wallets: closing QR codes before another channel's or a cancel, and asking
 * the vendor when a notice is late. A vendor that is down never leaves an order half-done: a QR
 * code is closed at the vendor before our books say so, and a close the vendor refuses because
 * the trade was just paid settles the order instead.
 */
import type { FastifyBaseLogger } from 'fastify';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import type { Db } from '../db/client';
import type { PaymentProviders } from '../providers/services';
import { AppError } from '../shared/envelope';
import { hitRateLimit } from '../shared/rateLimit';
import { markAttemptClosed, type PaymentRow } from './payments.queries';
import { settlePaidTrade } from './settlement';

/** How often the pay page's polling may ask the vendor about one trade. */
export const TRADE_QUERY_EVERY_SECONDS = 3;
/** A notice may come this long after the order's expiry for a payment made just before it. */
export const LATE_PAYMENT_GRACE_MS = 10 * 60 * 1000;

export interface PayFlowDeps {
  db: Db;
  payments: PaymentProviders;
  log: FastifyBaseLogger;
}

/**
 * Closes the attempts at their vendors, then in our books. Answers true when one of them turned out
 * to be paid (the order is then settled and nothing more is closed); throws 502 when a vendor can
 * neither close nor say the trade is paid.
 */
export async function closeAttempts(deps: PayFlowDeps, attempts: readonly PaymentRow[], now: Date): Promise<boolean> {
  for (const attempt of attempts) {
    const channel = attempt.channel as keyof PaymentProviders;
    const provider = deps.payments[channel];
    if (provider) {
      try {
        await provider.closeTrade(attempt.outTradeNo);
      } catch (err) {
        const trade = await provider.queryTrade(attempt.outTradeNo).catch(() => null);
        if (trade) {
          await settlePaidTrade(deps.db, channel, trade, deps.log, now);
          return true;
        }
        deps.log.error({ err, outTradeNo: attempt.outTradeNo, channel }, 'closing a trade failed');
        throw new AppError(502, COMMERCE_TEXTS.orderCancelFailed);
      }
    } else {
      deps.log.warn({ outTradeNo: attempt.outTradeNo, channel }, 'open attempt on a channel no longer configured');
    }
    await markAttemptClosed(deps.db, attempt.id, now);
  }
  return false;
}

/** After our books closed attempts a concurrent request had opened: close them at the vendor too (best effort, logged). */
export async function closeAtVendors(deps: PayFlowDeps, attempts: readonly Pick<PaymentRow, 'channel' | 'outTradeNo'>[]): Promise<void> {
  for (const attempt of attempts) {
    await deps.payments[attempt.channel as keyof PaymentProviders]?.closeTrade(attempt.outTradeNo).catch((err: unknown) => {
      deps.log.error({ err, outTradeNo: attempt.outTradeNo }, 'closing a trade after a cancel failed: check it by hand');
    });
  }
}

/**
 * The polling fallback: asks the vendor about each open attempt (at most every few seconds per
 * trade) and settles a paid one. A slow or failing vendor only means "not yet".
 */
export async function refreshFromVendors(deps: PayFlowDeps, attempts: readonly PaymentRow[], now: Date): Promise<void> {
  for (const attempt of attempts) {
    const channel = attempt.channel as keyof PaymentProviders;
    const provider = deps.payments[channel];
    if (!provider) continue;
    const { allowed } = await hitRateLimit(deps.db, `trade-query:${attempt.outTradeNo}`, 1, TRADE_QUERY_EVERY_SECONDS);
    if (!allowed) continue;
    try {
      const trade = await provider.queryTrade(attempt.outTradeNo);
      if (trade) await settlePaidTrade(deps.db, channel, trade, deps.log, now);
    } catch (err) {
      deps.log.warn({ err, outTradeNo: attempt.outTradeNo, channel }, 'querying a trade failed');
    }
  }
}
