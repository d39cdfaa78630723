/** Coupons: the user's own (unused / used / expired), those on offer (/coupon-acquire), claiming one, and the course activity (/coupon-active). */
import type { ClaimableCoupon, CouponActivity, UserCoupon } from '../../src/domain/commerce/contract';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import type { Page } from '../../src/domain/shared/envelope';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import { currentUser } from '../shared/auth';
import { notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { enforceRateLimit } from '../shared/rateLimit';
import { findActivity } from './activities.queries';
import { claimCoupon, listClaimable, listMyCoupons } from './coupons.queries';
import { COUPON_CLAIMS_PER_USER } from './limits';

export const couponsRoutes: RouteGroup = ({ db, services }) => ({
  myCouponList: {
    auth: 'required',
    handler(request): Promise<Page<UserCoupon>> {
      return listMyCoupons(db, currentUser(request).userId, request.body, services.clock.now());
    },
  },

  claimableCoupons: {
    // Visitors see the offer; a logged-in user also sees what is already claimed.
    auth: 'optional',
    handler(request): Promise<ClaimableCoupon[]> {
      return listClaimable(db, request.auth?.userId ?? null, services.clock.now());
    },
  },

  claimCoupon: {
    auth: 'required',
    async handler(request): Promise<UserCoupon> {
      const { userId } = currentUser(request);
      const { limit, windowSeconds } = COUPON_CLAIMS_PER_USER;
      await enforceRateLimit(db, `coupon-claim:user:${userId}`, limit, windowSeconds, TOO_MANY_REQUESTS_TEXT);
      return claimCoupon(db, userId, request.params.id, services.clock.now());
    },
  },

  couponActivity: {
    auth: 'optional',
    async handler(request): Promise<CouponActivity> {
      const activity = await findActivity(db, request.params.id, request.auth?.userId ?? null, services.clock.now());
      if (!activity) throw notFound(COMMERCE_TEXTS.activityNotFound);
      return activity;
    },
  },
});
