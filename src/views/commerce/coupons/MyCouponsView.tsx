import { Link, useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import { USER_COUPON_STATES, type UserCoupon } from '../../../domain/commerce/contract';
import {
  COUPON_EMPTY_TEXTS,
  COUPON_STATE_NAMES,
  COUPON_TEXTS,
  type CouponListQuery,
  heldCouponValidity,
  parseCouponListQuery,
} from '../../../domain/commerce/coupons.texts';
import { ORDER_TEXTS, pageCount } from '../../../domain/commerce/orders.texts';
import type { Page } from '../../../domain/shared/envelope';
import { formatDate } from '../../../domain/shared/format';
import { myCouponsMachine } from '../../../machines/commerce/myCoupons.machine';
import { paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { EmptyState } from '../../shared/LoadState';
import { PageDataBody } from '../../shared/PageDataBody';
import { usePageTitle } from '../../shared/usePageTitle';
import UserCentreLayout from '../../shared/uc/UserCentreLayout';
import { CouponTicket } from './couponParts';
import './coupons.css';

/** /uc/my-coupon: the user's coupons by state (未使用 / 已使用 / 已过期), the state in the URL. */
export default function MyCouponsView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const query = parseCouponListQuery(useSearch());
  return (
    <UserCentreLayout title={COUPON_TEXTS.myTitle}>
      <div className="xt-coupons">
        <nav aria-label={COUPON_TEXTS.filterLabel}>
          <ul className="xt-coupons__filters">
            {USER_COUPON_STATES.map((state) => (
              <li key={state}>
                <Link
                  href={paths.myCoupons({ state: state === 'UNUSED' ? null : state })}
                  className="xt-coupons__filter"
                  aria-current={query.state === state ? 'page' : undefined}
                >
                  {COUPON_STATE_NAMES[state]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <CouponList key={`${query.state}:${query.page}`} query={query} />
      </div>
    </UserCentreLayout>
  );
}

function CouponList({ query }: { query: CouponListQuery }) {
  const [snapshot, send] = useFlow(myCouponsMachine, { input: query });
  const empty = (
    <EmptyState
      message={COUPON_EMPTY_TEXTS[query.state]}
      action={
        <Link href={paths.couponAcquire()} className="xt-btn xt-btn--primary">
          {COUPON_TEXTS.goAcquire}
        </Link>
      }
    />
  );
  return (
    <PageDataBody page={snapshot} onRetry={() => send({ type: 'RETRY' })} empty={empty}>
      {(page) => <CouponPage page={page} query={query} />}
    </PageDataBody>
  );
}

function CouponPage({ page, query }: { page: Page<UserCoupon>; query: CouponListQuery }) {
  const pages = pageCount(page.total, page.size);
  const state = query.state === 'UNUSED' ? null : query.state;
  return (
    <>
      <ul className="xt-coupons__list">
        {page.records.map((coupon) => (
          <li key={coupon.id}>
            <HeldCoupon coupon={coupon} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="xt-coupons__pager" aria-label={COUPON_TEXTS.pager}>
          {query.page > 1 && (
            <Link href={paths.myCoupons({ state, page: query.page - 1 })} className="xt-btn">
              {ORDER_TEXTS.prevPage}
            </Link>
          )}
          <span>{ORDER_TEXTS.pageOf(query.page, pages)}</span>
          {query.page < pages && (
            <Link href={paths.myCoupons({ state, page: query.page + 1 })} className="xt-btn">
              {ORDER_TEXTS.nextPage}
            </Link>
          )}
        </nav>
      )}
      <p className="xt-coupons__more">
        <Link href={paths.couponAcquire()}>{COUPON_TEXTS.goAcquire}</Link>
      </p>
    </>
  );
}

function HeldCoupon({ coupon }: { coupon: UserCoupon }) {
  const aside =
    coupon.state === 'UNUSED' ? (
      coupon.locked ? (
        <span className="xt-coupon__status xt-coupon__status--locked">{COUPON_TEXTS.locked}</span>
      ) : null
    ) : (
      <span className="xt-coupon__status">{COUPON_STATE_NAMES[coupon.state]}</span>
    );
  return (
    <CouponTicket terms={coupon} validity={heldCouponValidity(coupon)} muted={coupon.state !== 'UNUSED'} aside={aside}>
      {coupon.usedAt !== null && <span>{COUPON_TEXTS.usedAt(formatDate(new Date(coupon.usedAt)))}</span>}
    </CouponTicket>
  );
}
