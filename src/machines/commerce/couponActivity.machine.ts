import type { CouponActivity } from '../../domain/commerce/contract';
import { getCouponActivity } from '../../services/commerce/commerce.api';
import { createCouponClaimMachine } from './couponClaim';

/** /coupon-active: the activity running now (else the latest), its coupons to claim (couponClaim.ts); `none` when there is no activity. */
export const couponActivityMachine = createCouponClaimMachine<CouponActivity>({
  id: 'couponActivity',
  load: () => getCouponActivity(),
  coupons: (activity) => activity.coupons,
  withCoupons: (activity, coupons) => ({ ...activity, coupons }),
});
