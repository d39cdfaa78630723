import { Link } from 'wouter';
import { useFlow, useIsLoggedIn } from '../../../app/AppContext';
import { COUPON_TEXTS } from '../../../domain/commerce/coupons.texts';
import { couponAcquireMachine } from '../../../machines/commerce/couponAcquire.machine';
import { paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { EmptyState, ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { ClaimableCouponList, useClaim } from './couponParts';
import './coupons.css';

/** /coupon-acquire: 领取优惠券, the coupons anyone may claim. */
export default function CouponAcquireView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const [snapshot, send] = useFlow(couponAcquireMachine);
  const claim = useClaim(send);
  const loggedIn = useIsLoggedIn();
  const { data } = snapshot.context;
  const body = () => {
    if (snapshot.matches('failed')) return <ErrorState message={snapshot.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />;
    // The list answered 404 (no coupon centre on this site): nothing to claim, said as such.
    if (snapshot.matches('none')) return <EmptyState message={COUPON_TEXTS.acquireEmpty} />;
    if (!snapshot.matches('loaded') || !data) return <LoadingState />;
    if (data.length === 0) return <EmptyState message={COUPON_TEXTS.acquireEmpty} />;
    return <ClaimableCouponList coupons={data} context={snapshot.context} onClaim={claim} />;
  };
  return (
    <div className="xt-coupons xt-coupons--page">
      <header className="xt-coupons__head">
        <h1 className="xt-coupons__title">{COUPON_TEXTS.acquireTitle}</h1>
        <p className="xt-coupons__lead">{COUPON_TEXTS.acquireLead}</p>
        {loggedIn && <Link href={paths.myCoupons()}>{COUPON_TEXTS.toMyCoupons}</Link>}
      </header>
      {body()}
    </div>
  );
}
