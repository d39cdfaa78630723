/**
 * 我的优惠券 (/uc/my-coupon): one page of the user's coupons in the state of the URL (the view starts
 * a new flow when the state or page changes), as a pageData load: loaded | empty | failed (RETRY).
 */
import { COMMERCE_EXTRA_CALLS } from '../../domain/commerce/calls';
import type { CouponListQuery } from '../../domain/commerce/coupons.texts';
import { COMMERCE_PAGE_DEFAULT_SIZE } from '../../domain/commerce/limits';
import { call } from '../../services/shared/http/client';
import { createPageDataMachine } from '../shared/pageData';

export const myCouponsMachine = createPageDataMachine({
  id: 'myCoupons',
  load: (query: CouponListQuery) =>
    call(COMMERCE_EXTRA_CALLS.myCouponList, { body: { state: query.state, current: query.page, size: COMMERCE_PAGE_DEFAULT_SIZE } }),
  outcomes: { empty: (page) => page.records.length === 0 && page.total === 0 },
});
