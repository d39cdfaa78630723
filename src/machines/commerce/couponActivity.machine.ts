import { COMMERCE_EXTRA_CALLS } from '../../domain/commerce/calls';
import type { CouponActivity } from '../../domain/commerce/contract';
import { call } from '../../services/shared/http/client';
import { createCouponClaimMachine } from './couponClaim';

/** /coupon-active: the activity running now (else the latest), its coupons to claim (couponClaim.ts); `none` when there is no activity. */
export const couponActivityMachine = createCouponClaimMachine<CouponActivity>({
  id: 'couponActivity',
  load: () => call(COMMERCE_EXTRA_CALLS.couponActivity, { params: {} }),
  coupons: (activity) => activity.coupons,
  withCoupons: (activity, coupons) => ({ ...activity, coupons }),
});
