import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { OrderState } from '../../../domain/commerce/contract';
import { formatRemaining, ORDER_TEXTS } from '../../../domain/commerce/orders.texts';
import { ORDER_STATE_LABELS } from '../../../domain/commerce/texts';
import { effectiveOrderState } from '../../../domain/commerce/rules';
import { paths } from '../../../paths';

/** The time now, again every second while `ticking` (a pending order's countdown). */
export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}

/** The state as the user sees it now: a pending order past its expiry is 已过期 even before a reload. */
export function shownState(status: OrderState, expiresAt: number, now: number): OrderState {
  return effectiveOrderState(status, expiresAt, now);
}

export function OrderStateBadge({ state }: { state: OrderState }) {
  return (
    <span className={`xt-orders__state xt-orders__state--${state.toLowerCase()}`} data-testid="order-state">
      {ORDER_STATE_LABELS[state]}
    </span>
  );
}

/** 剩余支付时间 mm:ss, 继续支付 and 取消订单 of a pending order. */
export function PendingActions({
  orderId,
  expiresAt,
  now,
  busy,
  onCancel,
}: {
  orderId: number;
  expiresAt: number;
  now: number;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="xt-orders__actions">
      <span className="xt-orders__remaining" data-testid="order-remaining">
        {ORDER_TEXTS.remaining(formatRemaining(expiresAt - now))}
      </span>
      <button type="button" className="xt-btn" onClick={onCancel} disabled={busy}>
        {ORDER_TEXTS.cancel}
      </button>
      <Link href={paths.orderPay(orderId)} className="xt-btn xt-btn--primary">
        {ORDER_TEXTS.pay}
      </Link>
    </div>
  );
}
