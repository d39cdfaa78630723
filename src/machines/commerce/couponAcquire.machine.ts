import type { ClaimableCoupon } from '../../domain/commerce/contract';
import { getClaimableCoupons } from '../../services/commerce/commerce.api';
import { createCouponClaimMachine } from './couponClaim';

/** /coupon-acquire: the coupons anyone may claim, each with 领取 (couponClaim.ts). */
export const couponAcquireMachine = createCouponClaimMachine<ClaimableCoupon[]>({
  id: 'couponAcquire',
  load: () => getClaimableCoupons(),
  coupons: (list) => list,
  withCoupons: (_list, coupons) => coupons,
});
