/**
 * order-pay/{orderId}: the pay page on the `checkout` statechart — channel, QR code, status polling,
 * the expiry countdown, cancel, and the result, then on to the course.
 */
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import { CHECKOUT_TEXTS } from '../../../domain/commerce/checkout.texts';
import { ORDER_TEXTS } from '../../../domain/commerce/orders.texts';
import { formatCountdown } from '../../../domain/shared/countdown';
import { formatCents } from '../../../domain/shared/format';
import { checkoutMachine } from '../../../machines/commerce/checkout.machine';
import { pages, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { usePageTitle } from '../../shared/usePageTitle';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { CheckoutFailed, CheckoutLoading, CheckoutNotFound } from './CheckoutState';
import './checkout.css';

/** The sandbox wallet's page is ours (same origin): a developer may open it beside the QR code. */
function isOwnPage(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

function Result({ title, hint, children }: { title: string; hint: string; children: React.ReactNode }) {
  return (
    <section className="xt-checkout__panel xt-checkout__result" aria-live="polite">
      <h2 className="xt-checkout__result-title">{title}</h2>
      <p className="xt-checkout__muted">{hint}</p>
      <div className="xt-checkout__actions">{children}</div>
    </section>
  );
}

export default function OrderPayView({ params }: RouteViewProps) {
  usePageTitle('订单支付');
  const orderId = pages.orderPay.parse(params)?.orderId ?? null;
  if (orderId === null)
    return <CheckoutNotFound title="订单支付" message={ORDER_TEXTS.notFoundTitle} back={{ href: paths.myOrders(), label: CHECKOUT_TEXTS.myOrders }} />;
  return <OrderPayPage orderId={orderId} />;
}

function OrderPayPage({ orderId }: { orderId: number }) {
  const [state, send] = useFlow(checkoutMachine, { input: { orderId } });
  const [, navigate] = useLocation();
  const { context } = state;
  const order = context.order;

  useEffect(() => {
    if (state.matches('continued') && order) navigate(paths.courseDetail(order.courseId), { replace: true });
  }, [state, order, navigate]);

  if (state.matches({ paying: 'loading' }) || state.matches('start')) return <CheckoutLoading title="订单支付" text="订单加载中…" />;
  if (state.matches({ paying: 'failed' }) || !order)
    return (
      <CheckoutFailed
        title="订单支付"
        error={context.error}
        onRetry={() => send({ type: 'RETRY' })}
        back={{ href: paths.myOrders(), label: CHECKOUT_TEXTS.myOrders }}
      />
    );

  const channelName = context.channels.find((c) => c.channel === context.channel)?.name ?? '';
  const active = state.matches({ paying: 'active' });
  return (
    <div className="xt-checkout">
      <h1 className="xt-checkout__title">订单支付</h1>
      <section className="xt-checkout__panel" aria-label="订单信息">
        <div className="xt-checkout__course">
          <img src={order.cover} alt="" width={160} height={90} className="xt-checkout__cover" />
          <div>
            <p className="xt-checkout__course-title">{order.title}</p>
            <p className="xt-checkout__muted">
              {order.skuName}
              {order.lineCount > 1 ? ` 等${order.lineCount}件` : ''} · 订单号 {order.orderNo}
            </p>
          </div>
          <p className="xt-checkout__due">
            应付 <span className="xt-price">{formatCents(order.payCents)}</span>
          </p>
        </div>
      </section>

      {state.matches('paid') || state.matches('continued') ? (
        <Result title={CHECKOUT_TEXTS.paid} hint={CHECKOUT_TEXTS.paidHint}>
          <Link href={paths.courseDetail(order.courseId)} className="xt-btn xt-btn--primary">
            {CHECKOUT_TEXTS.goStudy}
          </Link>
          <Link href={paths.myOrders()} className="xt-btn">
            {CHECKOUT_TEXTS.myOrders}
          </Link>
        </Result>
      ) : state.matches('expired') ? (
        <Result title={CHECKOUT_TEXTS.expired} hint={CHECKOUT_TEXTS.expiredHint}>
          <Link href={paths.submitOrder(order.courseId)} className="xt-btn xt-btn--primary">
            {CHECKOUT_TEXTS.reorder}
          </Link>
        </Result>
      ) : state.matches('cancelled') ? (
        <Result title={CHECKOUT_TEXTS.cancelled} hint={CHECKOUT_TEXTS.cancelledHint}>
          <Link href={paths.submitOrder(order.courseId)} className="xt-btn xt-btn--primary">
            {CHECKOUT_TEXTS.reorder}
          </Link>
        </Result>
      ) : (
        active && (
          <section className="xt-checkout__panel xt-checkout__paybox" aria-labelledby="xt-co-channel" data-keep-clear>
            <p className="xt-checkout__countdown" role="timer">
              {CHECKOUT_TEXTS.countdown(formatCountdown(context.remaining ?? 0))}
            </p>
            <fieldset className="xt-checkout__channels">
              <legend id="xt-co-channel">{CHECKOUT_TEXTS.chooseChannel}</legend>
              {context.channels.map((channel) => (
                <label key={channel.channel} className={`xt-checkout__choice${channel.channel === context.channel ? ' xt-checkout__choice--on' : ''}`}>
                  <input
                    type="radio"
                    name="channel"
                    checked={channel.channel === context.channel}
                    onChange={() => send({ type: 'CHOOSE_CHANNEL', channel: channel.channel })}
                  />
                  <span className="xt-checkout__choice-name">{channel.name}</span>
                  <span className="xt-checkout__muted">{channel.hint}</span>
                </label>
              ))}
            </fieldset>
            <div className="xt-checkout__qr">
              {state.matches({ paying: { active: { pay: 'requesting' } } }) && <p role="status">正在生成支付二维码…</p>}
              {state.matches({ paying: { active: { pay: 'qrFailed' } } }) && (
                <>
                  <p role="alert">{context.error}</p>
                  <button type="button" className="xt-btn" onClick={() => send({ type: 'RETRY' })}>
                    重新生成二维码
                  </button>
                </>
              )}
              {context.qr && (state.matches({ paying: { active: { pay: 'waiting' } } }) || state.matches({ paying: { active: { pay: 'polling' } } })) && (
                <>
                  <img src={`/static/qrcode?text=${encodeURIComponent(context.qr.codeUrl)}`} alt={`${channelName}支付二维码`} width={200} height={200} />
                  <p>{CHECKOUT_TEXTS.scanToPay(channelName)}</p>
                  <p className="xt-checkout__muted">{CHECKOUT_TEXTS.waiting}</p>
                  {isOwnPage(context.qr.codeUrl) && (
                    <a href={context.qr.codeUrl} target="_blank" rel="noopener" className="xt-checkout__sandbox">
                      {CHECKOUT_TEXTS.openSandbox}
                    </a>
                  )}
                </>
              )}
            </div>
            {context.error && !state.matches({ paying: { active: { pay: 'qrFailed' } } }) && (
              <p className="xt-checkout__error" role="alert">
                {context.error}
              </p>
            )}
            <div className="xt-checkout__actions">
              <button type="button" className="xt-btn" onClick={() => send({ type: 'CANCEL' })}>
                {CHECKOUT_TEXTS.cancel}
              </button>
            </div>
          </section>
        )
      )}

      {state.matches({ paying: { active: { cancel: 'confirming' } } }) || state.matches({ paying: { active: { cancel: 'cancelling' } } }) ? (
        <ConfirmDialog
          title={CHECKOUT_TEXTS.cancel}
          confirmLabel={CHECKOUT_TEXTS.cancel}
          cancelLabel={CHECKOUT_TEXTS.keepOrder}
          busy={state.matches({ paying: { active: { cancel: 'cancelling' } } })}
          onConfirm={() => send({ type: 'CONFIRM_CANCEL' })}
          onCancel={() => send({ type: 'KEEP_ORDER' })}
        >
          <p>{CHECKOUT_TEXTS.cancelConfirm}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
