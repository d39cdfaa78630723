import { Link, useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { OrderSummary } from '../../../domain/commerce/contract';
import { ORDER_FILTERS, ORDER_TEXTS, type OrderListQuery, pageCount, parseOrderListQuery } from '../../../domain/commerce/orders.texts';
import { ORDER_STATE_LABELS } from '../../../domain/commerce/texts';
import { formatCents, formatDateTime } from '../../../domain/shared/format';
import { myOrdersMachine } from '../../../machines/commerce/myOrders.machine';
import { paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { EmptyState, ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import UserCentreLayout from '../../shared/uc/UserCentreLayout';
import { OrderStateBadge, PendingActions, shownState, useNow } from './orderParts';
import './orders.css';

/** /uc/my-order: the user's orders, filtered by state and paged through the URL. */
export default function MyOrdersView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const search = useSearch();
  const query = parseOrderListQuery(search);
  return (
    <UserCentreLayout title={ORDER_TEXTS.listTitle}>
      <div className="xt-orders">
        {/* Links, not tabs: the state lives in the URL, so reload and back/forward show the same list. */}
        <nav aria-label={ORDER_TEXTS.filterLabel}>
          <ul className="xt-orders__filters">
            {ORDER_FILTERS.map((status) => (
              <li key={status ?? 'ALL'}>
                <Link href={paths.myOrders({ status })} className="xt-orders__filter" aria-current={query.status === status ? 'page' : undefined}>
                  {status ? ORDER_STATE_LABELS[status] : ORDER_TEXTS.all}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* A new query is a new flow: the list of another state or page loads from scratch. */}
        <OrderList key={`${query.status ?? ''}:${query.page}`} query={query} />
      </div>
    </UserCentreLayout>
  );
}

function OrderList({ query }: { query: OrderListQuery }) {
  const [snapshot, send] = useFlow(myOrdersMachine, { input: query });
  const { page, cancelling } = snapshot.context;
  const hasPending = page?.records.some((o) => o.status === 'PENDING') ?? false;
  const now = useNow(hasPending);
  if (snapshot.matches('failed')) return <ErrorState message={snapshot.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />;
  if (!snapshot.matches('loaded') || !page) return <LoadingState />;
  if (page.records.length === 0)
    return (
      <EmptyState
        message={query.status ? ORDER_TEXTS.emptyFiltered : ORDER_TEXTS.empty}
        action={
          <Link href={paths.proCourses()} className="xt-btn xt-btn--primary">
            {ORDER_TEXTS.browseCourses}
          </Link>
        }
      />
    );
  const asking = page.records.find((o) => o.id === cancelling);
  const pages = pageCount(page.total, page.size);
  return (
    <>
      <ul className="xt-orders__list">
        {page.records.map((order) => (
          <OrderRow key={order.id} order={order} now={now} busy={cancelling === order.id} onCancel={() => send({ type: 'CANCEL', orderId: order.id })} />
        ))}
      </ul>
      {pages > 1 && (
        <nav className="xt-orders__pager" aria-label={ORDER_TEXTS.pager}>
          {query.page > 1 && (
            <Link href={paths.myOrders({ status: query.status, page: query.page - 1 })} className="xt-btn">
              {ORDER_TEXTS.prevPage}
            </Link>
          )}
          <span>{ORDER_TEXTS.pageOf(query.page, pages)}</span>
          {query.page < pages && (
            <Link href={paths.myOrders({ status: query.status, page: query.page + 1 })} className="xt-btn">
              {ORDER_TEXTS.nextPage}
            </Link>
          )}
        </nav>
      )}
      {asking && !snapshot.matches({ loaded: 'idle' }) && (
        <ConfirmDialog
          title={ORDER_TEXTS.cancelTitle}
          confirmLabel={ORDER_TEXTS.cancelConfirm}
          cancelLabel={ORDER_TEXTS.cancelKeep}
          busy={snapshot.matches({ loaded: 'cancelling' })}
          onConfirm={() => send({ type: 'CONFIRM' })}
          onCancel={() => send({ type: 'DISMISS' })}
        >
          {ORDER_TEXTS.cancelQuestion(asking.orderNo)}
        </ConfirmDialog>
      )}
    </>
  );
}

function OrderRow({ order, now, busy, onCancel }: { order: OrderSummary; now: number; busy: boolean; onCancel: () => void }) {
  const state = shownState(order.status, order.expiresAt, now);
  return (
    <li>
      <article className="xt-orders__card" aria-label={`${ORDER_TEXTS.orderNo} ${order.orderNo}`} data-testid="order-row">
        <header className="xt-orders__card-head">
          <span className="xt-orders__no">
            {ORDER_TEXTS.orderNo} {order.orderNo}
          </span>
          <span className="xt-orders__time">{formatDateTime(new Date(order.createdAt))}</span>
          <OrderStateBadge state={state} />
        </header>
        <div className="xt-orders__body">
          <img src={order.cover} alt="" width={120} height={68} loading="lazy" className="xt-orders__cover" />
          <div className="xt-orders__text">
            <Link href={paths.myOrderDetail(order.id)} className="xt-orders__title">
              {order.title}
            </Link>
            <span className="xt-orders__sku">
              {order.skuName}
              {order.lineCount > 1 && ` · ${ORDER_TEXTS.lineCount(order.lineCount)}`}
            </span>
          </div>
          <div className="xt-orders__amount">
            <span className="xt-orders__amount-label">{ORDER_TEXTS.amount}</span>
            <strong>{formatCents(order.payCents)}</strong>
          </div>
        </div>
        {state === 'PENDING' ? (
          <PendingActions orderId={order.id} expiresAt={order.expiresAt} now={now} busy={busy} onCancel={onCancel} />
        ) : (
          <div className="xt-orders__actions">
            <Link href={paths.myOrderDetail(order.id)} className="xt-btn">
              {ORDER_TEXTS.viewDetail}
            </Link>
            {state === 'PAID' && (
              <Link href={paths.courseDetail(order.courseId)} className="xt-btn xt-btn--primary">
                {ORDER_TEXTS.study}
              </Link>
            )}
          </div>
        )}
      </article>
    </li>
  );
}
