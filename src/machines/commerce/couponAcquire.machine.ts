import { COMMERCE_EXTRA_CALLS } from '../../domain/commerce/calls';
import type { ClaimableCoupon } from '../../domain/commerce/contract';
import { call } from '../../services/shared/http/client';
import { createCouponClaimMachine } from './couponClaim';

/** /coupon-acquire: the coupons anyone may claim, each with 领取 (couponClaim.ts). */
export const couponAcquireMachine = createCouponClaimMachine<ClaimableCoupon[]>({
  id: 'couponAcquire',
  load: () => call(COMMERCE_EXTRA_CALLS.claimableCoupons),
  coupons: (list) => list,
  withCoupons: (_list, coupons) => coupons,
});
