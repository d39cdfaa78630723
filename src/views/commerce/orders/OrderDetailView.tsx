import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { OrderDetail } from '../../../domain/commerce/contract';
import { ORDER_TEXTS } from '../../../domain/commerce/orders.texts';
import { formatCents, formatDateTime } from '../../../domain/shared/format';
import { orderDetailMachine } from '../../../machines/commerce/orderDetail.machine';
import { pages, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { EmptyState, ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import UserCentreLayout from '../../shared/uc/UserCentreLayout';
import { OrderStateBadge, PendingActions, shownState, useNow } from './orderParts';
import './orders.css';

const when = (ms: number | null) => (ms === null ? null : formatDateTime(new Date(ms)));

/** 订单不存在 (unknown to the server for this user, or no order id at all), with the way back to the list. */
function OrderNotFound() {
  return (
    <EmptyState
      message={`${ORDER_TEXTS.notFoundTitle}：${ORDER_TEXTS.notFoundBody}`}
      action={
        <Link href={paths.myOrders()} className="xt-btn xt-btn--primary">
          {ORDER_TEXTS.backToList}
        </Link>
      }
    />
  );
}

/** /uc/my-order/{orderId}: one order's lines, coupon, amounts, address and times; pay, cancel or study. */
export default function OrderDetailView({ route, params }: RouteViewProps) {
  usePageTitle(route.title);
  const orderId = pages.myOrderDetail.parse(params)?.orderId ?? null;
  // An id that is no id is not asked for.
  if (orderId === null)
    return (
      <UserCentreLayout title={ORDER_TEXTS.notFoundTitle}>
        <div className="xt-orders">
          <OrderNotFound />
        </div>
      </UserCentreLayout>
    );
  return <OrderDetailPage key={orderId} orderId={orderId} />;
}

function OrderDetailPage({ orderId }: { orderId: number }) {
  const [snapshot, send] = useFlow(orderDetailMachine, { input: { orderId } });
  const { order } = snapshot.context;
  const now = useNow(order?.status === 'PENDING');
  const body = () => {
    if (snapshot.matches('notFound')) return <OrderNotFound />;
    if (snapshot.matches('failed')) return <ErrorState message={snapshot.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />;
    if (!snapshot.matches('loaded') || !order) return <LoadingState />;
    return <OrderBody order={order} now={now} busy={!snapshot.matches({ loaded: 'idle' })} onCancel={() => send({ type: 'CANCEL', orderId: order.id })} />;
  };
  return (
    <UserCentreLayout title={snapshot.matches('notFound') ? ORDER_TEXTS.notFoundTitle : ORDER_TEXTS.detailTitle}>
      <div className="xt-orders">
        {body()}
        {order && !snapshot.matches({ loaded: 'idle' }) && snapshot.matches('loaded') && (
          <ConfirmDialog
            title={ORDER_TEXTS.cancelTitle}
            confirmLabel={ORDER_TEXTS.cancelConfirm}
            cancelLabel={ORDER_TEXTS.cancelKeep}
            busy={snapshot.matches({ loaded: 'cancelling' })}
            onConfirm={() => send({ type: 'CONFIRM' })}
            onCancel={() => send({ type: 'DISMISS' })}
          >
            {ORDER_TEXTS.cancelQuestion(order.orderNo)}
          </ConfirmDialog>
        )}
      </div>
    </UserCentreLayout>
  );
}

function OrderBody({ order, now, busy, onCancel }: { order: OrderDetail; now: number; busy: boolean; onCancel: () => void }) {
  const state = shownState(order.status, order.expiresAt, now);
  const address = order.address;
  const facts = (
    [
      [ORDER_TEXTS.coupon, order.coupon ? order.coupon.name : ORDER_TEXTS.noCoupon],
      [ORDER_TEXTS.totalLabel, formatCents(order.totalCents), 'order-total'],
      [ORDER_TEXTS.discountLabel, `-${formatCents(order.discountCents)}`, 'order-discount'],
      [ORDER_TEXTS.payLabel, <strong key="pay">{formatCents(order.payCents)}</strong>, 'order-pay'],
      [
        ORDER_TEXTS.address,
        address && (
          <span key="address">
            {address.name} {address.mobile}
            <br />
            {address.region} {address.detail}
          </span>
        ),
      ],
      [ORDER_TEXTS.remark, order.remark],
      [ORDER_TEXTS.createdAt, when(order.createdAt)],
      [ORDER_TEXTS.paidAt, when(order.paidAt)],
      [ORDER_TEXTS.cancelledAt, when(order.cancelledAt)],
      [ORDER_TEXTS.expiresAt, state === 'PENDING' || state === 'EXPIRED' ? when(order.expiresAt) : null],
    ] as [string, ReactNode, string?][]
  ).filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <article className="xt-orders__card" data-testid="order-detail">
      <header className="xt-orders__card-head">
        <span className="xt-orders__no">
          {ORDER_TEXTS.orderNo} {order.orderNo}
        </span>
        <OrderStateBadge state={state} />
      </header>

      <section aria-labelledby="order-lines">
        <h2 className="xt-orders__section-title" id="order-lines">
          {ORDER_TEXTS.lines}
        </h2>
        <ul className="xt-orders__lines">
          {order.lines.map((line) => (
            <li key={`${line.kind}-${line.skuId}`} className="xt-orders__body">
              <img src={line.cover} alt="" width={120} height={68} loading="lazy" className="xt-orders__cover" />
              <div className="xt-orders__text">
                <Link href={paths.courseDetail(line.courseId)} className="xt-orders__title">
                  {line.kind === 'ADD_ON' && <span className="xt-orders__tag">{ORDER_TEXTS.addOn}</span>}
                  {line.title}
                </Link>
                <span className="xt-orders__sku">
                  {line.skuName} · {ORDER_TEXTS.validDays(line.validDays)}
                </span>
              </div>
              <strong className="xt-orders__amount">{formatCents(line.priceCents)}</strong>
            </li>
          ))}
        </ul>
      </section>

      <dl className="xt-orders__facts">
        {facts.map(([label, value, testId]) => (
          <div key={label} className="xt-orders__fact">
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>

      {state === 'PENDING' && <PendingActions orderId={order.id} expiresAt={order.expiresAt} now={now} busy={busy} onCancel={onCancel} />}
      {state === 'PAID' && (
        <div className="xt-orders__actions">
          <Link href={paths.courseDetail(order.courseId)} className="xt-btn xt-btn--primary">
            {ORDER_TEXTS.study}
          </Link>
        </div>
      )}
    </article>
  );
}
