/**
 * Typed calls of commerce for the views' machines: what is for sale, ownership, orders, paying,
 * coupons, the course activity and redeem codes (docs/commerce.md). Amounts are fen (`…Cents`):
 * show them with formatCents (src/domain/shared/format.ts). Failures toast through the client unless `silent`.
 */
import { CATALOG_CALLS } from '../../domain/catalog/calls';
import { COMMERCE_CALLS, COMMERCE_EXTRA_CALLS } from '../../domain/commerce/calls';
import type {
  CourseSkuList,
  ClaimableCoupon,
  CouponActivity,
  MyCouponQuery,
  OrderCreated,
  OrderCreateRequest,
  OrderDetail,
  OrderPageQuery,
  OrderPayStatus,
  OrderPreview,
  OrderPreviewRequest,
  OrderSummary,
  PayChannelOption,
  PayQr,
  RedeemResult,
  UnifiedPayRequest,
  UserCoupon,
  UserProductItem,
  UserProductQuery,
} from '../../domain/commerce/contract';
import type { Page } from '../../domain/shared/envelope';
import { call } from '../shared/http/client';

// ---- what is for sale, what the user owns -------------------------------------------------------

/** `silent`: a page that shows the failure itself (the course detail's not-found page) wants no toast. */

/** Visitors get `status: false`; silent, the course page shows its buy button either way. */
export function getUserProducts(query: UserProductQuery = {}): Promise<Page<UserProductItem>> {
  return call<Page<UserProductItem>>(COMMERCE_CALLS.userProductPageList, { body: query });
}

// ---- orders -------------------------------------------------------------------------------------

/** What the server would charge; omit couponId for the best coupon, null for none. */
export function previewOrder(request: OrderPreviewRequest): Promise<OrderPreview> {
  return call<OrderPreview>(COMMERCE_EXTRA_CALLS.orderPreview, { body: request });
}

export function createOrder(request: OrderCreateRequest): Promise<OrderCreated> {
  return call<OrderCreated>(COMMERCE_EXTRA_CALLS.orderCreate, { body: request });
}

export function getOrder(orderId: number): Promise<OrderDetail> {
  return call<OrderDetail>(COMMERCE_EXTRA_CALLS.orderDetail, { params: { id: orderId } });
}

export function getOrders(query: OrderPageQuery = {}): Promise<Page<OrderSummary>> {
  return call<Page<OrderSummary>>(COMMERCE_EXTRA_CALLS.orderPageList, { body: query });
}

/** Answers the order as it now is: CANCELLED, or PAID when the payment went through a moment before. */
export function cancelOrder(orderId: number): Promise<OrderDetail> {
  return call<OrderDetail>(COMMERCE_EXTRA_CALLS.orderCancel, { params: { id: orderId }, body: {} });
}

// ---- paying -------------------------------------------------------------------------------------

export function getPayChannels(): Promise<PayChannelOption[]> {
  return call<PayChannelOption[]>(COMMERCE_CALLS.payChannels);
}

/** A fresh QR code for the order on `channel` (earlier codes of the order are closed). */
export function unifiedPay(request: UnifiedPayRequest): Promise<PayQr> {
  return call<PayQr>(COMMERCE_CALLS.unifiedPay, { body: request });
}

/** The pay page's polling (every few seconds): silent, a missed poll is retried by the next. */
export function getPayStatus(orderId: number, signal?: AbortSignal): Promise<OrderPayStatus> {
  return call<OrderPayStatus>(COMMERCE_EXTRA_CALLS.orderPayStatus, { params: { id: orderId }, silent: true, ...(signal ? { signal } : {}) });
}

// ---- coupons, the activity, redeem codes -------------------------------------------------------

export function getMyCoupons(query: MyCouponQuery = {}): Promise<Page<UserCoupon>> {
  return call<Page<UserCoupon>>(COMMERCE_EXTRA_CALLS.myCouponList, { body: query });
}

export function getClaimableCoupons(): Promise<ClaimableCoupon[]> {
  return call<ClaimableCoupon[]>(COMMERCE_EXTRA_CALLS.claimableCoupons);
}

export function claimCoupon(templateId: number): Promise<UserCoupon> {
  return call<UserCoupon>(COMMERCE_EXTRA_CALLS.claimCoupon, { params: { id: templateId }, body: {} });
}

/** Without an id: the activity running now (404 when there is none). */
export function getCouponActivity(activityId?: number): Promise<CouponActivity> {
  return call<CouponActivity>(COMMERCE_EXTRA_CALLS.couponActivity, { params: { id: activityId } });
}

/** Wrong, used and expired codes fail with a clear message (shown by the client's toast). */
export function redeemCode(code: string): Promise<RedeemResult> {
  return call<RedeemResult>(COMMERCE_EXTRA_CALLS.redeemCode, { body: { code } });
}

/** What a course sells (SKUs, add-ons, a camp's stages), for the order page. */
export function getCourseSkus(courseId: number): Promise<CourseSkuList> {
  return call<CourseSkuList>(CATALOG_CALLS.courseSkuList, { params: { id: courseId }, body: {} });
}
