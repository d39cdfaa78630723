/**
 * The commerce contract: SKUs, ownership, orders, payment QR codes, coupons, the course activity
 * and redeem codes, as the API answers them. Money is integer fen (`…Cents`) everywhere — the
 * server alone computes it; times are epoch milliseconds.
 */
import type { CampStagePlan, CourseType } from '../catalog/contract';

/** The pay channels (the server's payment providers use the same codes). */
export const PAY_CHANNEL_CODES = ['SANDBOX', 'WECHAT', 'ALIPAY'] as const;
export type PayChannelCode = (typeof PAY_CHANNEL_CODES)[number];

/** One offer of payChannels for the caller's Terminal-Type. */
export interface PayChannelOption {
  channel: PayChannelCode;
  name: string;
  /** A line under the name, e.g. 使用微信扫码支付. */
  hint: string;
}

// ---- SKUs (courseSkuList) ----------------------------------------------------------------------

export interface CourseSku {
  id: number;
  name: string;
  priceCents: number;
  /** Days of access a purchase adds. */
  validDays: number;
  /** Printed material is posted: an order with it needs a delivery address. */
  shipsMaterial: boolean;
  /** EXP: the cohort's start (开营); access counts from it. Null for other types. */
  startsAt: number | null;
  /** EXP: after this the cohort takes no one (null: always open). */
  enrolEndsAt: number | null;
}

/** An add-on course (ADD) offered with the course, at its add-on price. */
export interface AddOnOffer {
  courseId: number;
  title: string;
  cover: string;
  skuId: number;
  skuName: string;
  priceCents: number;
  validDays: number;
  shipsMaterial: boolean;
}

export interface CourseRef {
  courseId: number;
  title: string;
}

export interface CourseSkuList {
  courseId: number;
  courseType: CourseType;
  title: string;
  /** Empty for FREE courses (activated, never sold) and courses off the shelf. */
  skus: CourseSku[];
  addOns: AddOnOffer[];
  /** EXP only: the stages every cohort follows, in days from its start (datedCampStages in src/domain/catalog/camp.ts gives a SKU's dates). */
  stages: CampStagePlan[];
  /** ADD only: the courses it extends; it is sold to their owners (or with them). */
  extends: CourseRef[];
}

// ---- ownership (userproduct) -------------------------------------------------------------------

export const OWNERSHIP_SOURCES = ['ORDER', 'FREE', 'REDEEM', 'GIFT'] as const;
export type OwnershipSource = (typeof OWNERSHIP_SOURCES)[number];

/** userProductStatus: does the session's user own the course, and until when. */
export interface UserProductStatus {
  courseId: number;
  /** True while the access lasts (a camp not started yet counts: the place is taken). */
  status: boolean;
  validFrom: number | null;
  validUntil: number | null;
  source: OwnershipSource | null;
}

export const USER_PRODUCT_STATES = ['VALID', 'EXPIRED'] as const;
export type UserProductState = (typeof USER_PRODUCT_STATES)[number];

export interface UserProductQuery {
  current?: number;
  size?: number;
  type?: CourseType | CourseType[] | null;
  state?: UserProductState | null;
}

export interface UserProductItem {
  courseId: number;
  courseType: CourseType;
  title: string;
  cover: string;
  validFrom: number;
  validUntil: number;
  expired: boolean;
  source: OwnershipSource;
  /** Granted as part of this pack (PACK purchase). */
  viaPackId: number | null;
  viaPackTitle: string | null;
}

// ---- coupons ------------------------------------------------------------------------------------

export const COUPON_KINDS = ['FIXED', 'PERCENT'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** What a coupon takes off, and on what. */
export interface CouponTerms {
  name: string;
  kind: CouponKind;
  /** FIXED: fen off. */
  amountCents: number;
  /** PERCENT: percent off, 1–99 (15 = 8.5折). */
  percentOff: number;
  /** PERCENT: the most it takes off; null = no cap. */
  maxDiscountCents: number | null;
  /** Usable when the applicable amount reaches this (0 = 无门槛). */
  thresholdCents: number;
  /** The courses it applies to; null = every course. */
  courseIds: number[] | null;
  /** 满500减50, 8.5折 最高减200… */
  summary: string;
}

export const USER_COUPON_STATES = ['UNUSED', 'USED', 'EXPIRED'] as const;
export type UserCouponState = (typeof USER_COUPON_STATES)[number];

/** A coupon the user holds. */
export interface UserCoupon extends CouponTerms {
  id: number;
  templateId: number;
  validFrom: number;
  validUntil: number;
  state: UserCouponState;
  /** Held by an unpaid order: released when that order is cancelled or expires. */
  locked: boolean;
  usedAt: number | null;
  usedOrderId: number | null;
}

export interface MyCouponQuery {
  state?: UserCouponState;
  current?: number;
  size?: number;
}

/** A coupon on /coupon-acquire or in an activity. */
export interface ClaimableCoupon extends CouponTerms {
  templateId: number;
  /** Valid this many days after claiming, or in a fixed window (validFrom…validUntil). */
  validDays: number | null;
  validFrom: number | null;
  validUntil: number | null;
  claimEndsAt: number | null;
  /** Left to claim; null = unlimited. */
  remaining: number | null;
  /** The session's user holds one already (false for visitors). */
  claimed: boolean;
}

// ---- orders -------------------------------------------------------------------------------------

export interface OrderPreviewRequest {
  /** The course of the order page (submit-order/{productId}); the SKU must belong to it. */
  courseId: number;
  skuId: number;
  /** SKUs of ADD courses offered with the course. */
  addOnSkuIds?: number[];
  /** Omitted: the best usable coupon; null: none; an id: that coupon, which must be usable. */
  couponId?: number | null;
}

export type OrderLineKind = 'MAIN' | 'ADD_ON';

export interface OrderLine {
  kind: OrderLineKind;
  courseId: number;
  courseType: CourseType;
  title: string;
  cover: string;
  skuId: number;
  skuName: string;
  priceCents: number;
  validDays: number;
  shipsMaterial: boolean;
  startsAt: number | null;
}

export interface OrderAmounts {
  totalCents: number;
  discountCents: number;
  payCents: number;
}

/** One of the user's unused coupons, judged against this order. */
export interface PreviewCoupon extends UserCoupon {
  usable: boolean;
  /** Why not, in Chinese (null when usable). */
  unusableReason: string | null;
  /** What it would take off this order. */
  discountCents: number;
}

export interface AddOnChoice extends AddOnOffer {
  selected: boolean;
  /** The user already has it (buying again extends it). */
  owned: boolean;
}

export interface OrderPreview extends OrderAmounts {
  lines: OrderLine[];
  addOns: AddOnChoice[];
  coupons: PreviewCoupon[];
  /** The coupon applied (the best one unless the request chose). */
  couponId: number | null;
  needsAddress: boolean;
  /** The main course's access after paying (extends what the user has). */
  validUntil: number;
  /** Minutes an unpaid order is kept. */
  payWithinMinutes: number;
}

/** A delivery address as the order keeps it (a copy: editing the address book later changes no order). */
export interface ShippingAddress {
  name: string;
  mobile: string;
  /** Province, city and district as one text, e.g. 北京市 北京市 海淀区. */
  region: string;
  detail: string;
}

export interface OrderCreateRequest extends OrderPreviewRequest {
  /** Required when the order needs one (printed material). */
  address?: ShippingAddress | null;
  remark?: string | null;
}

export interface OrderCreated {
  orderId: number;
  orderNo: string;
  payCents: number;
  expiresAt: number;
}

export const ORDER_STATES = ['PENDING', 'PAID', 'CANCELLED', 'EXPIRED'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export interface OrderSummary extends OrderAmounts {
  id: number;
  orderNo: string;
  status: OrderState;
  courseId: number;
  courseType: CourseType;
  title: string;
  cover: string;
  skuName: string;
  lineCount: number;
  createdAt: number;
  expiresAt: number;
  paidAt: number | null;
}

export interface OrderDetail extends OrderSummary {
  lines: OrderLine[];
  coupon: { id: number; name: string } | null;
  address: ShippingAddress | null;
  payChannel: PayChannelCode | null;
  cancelledAt: number | null;
  remark: string | null;
}

export interface OrderPageQuery {
  current?: number;
  size?: number;
  status?: OrderState | null;
}

/** What the pay page polls. */
export interface OrderPayStatus {
  orderId: number;
  status: OrderState;
  paidAt: number | null;
  expiresAt: number;
  /** The server's time: the pay page counts down to expiresAt on it, whatever the device's clock says. */
  serverNow: number;
}

export interface UnifiedPayRequest {
  orderId: number;
  channel: PayChannelCode;
}

/** What the pay page draws as a QR code. */
export interface PayQr {
  orderId: number;
  channel: PayChannelCode;
  outTradeNo: string;
  codeUrl: string;
  amountCents: number;
  expiresAt: number;
  subject: string;
}

// ---- the course activity (/coupon-active) ------------------------------------------------------

export const ACTIVITY_STATES = ['UPCOMING', 'ONGOING', 'ENDED'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

export interface ActivityCourse {
  courseId: number;
  courseType: CourseType;
  title: string;
  cover: string;
  priceCents: number;
  originalPriceCents: number | null;
  /** A ribbon such as 爆款 or 限时特惠. */
  tag: string | null;
}

export interface CouponActivity {
  id: number;
  title: string;
  subtitle: string;
  rules: string[];
  startsAt: number;
  endsAt: number;
  state: ActivityState;
  courses: ActivityCourse[];
  coupons: ClaimableCoupon[];
}

// ---- redeem codes (/course-exchange) -----------------------------------------------------------

export interface RedeemRequest {
  code: string;
}

export interface RedeemResult {
  courseId: number;
  courseType: CourseType;
  title: string;
  validUntil: number;
}
