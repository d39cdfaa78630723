/**
 * The screen texts of 我的优惠券, 领取优惠券, the course activity and 兑换课程, and the pure helpers
 * that format a coupon (value, threshold, scope, validity) and read the pages' URLs. Messages
 * the server sends stay in texts.ts (COMMERCE_TEXTS).
 */
import { formatDate } from '../shared/format';
import type { ActivityState, ClaimableCoupon, CouponTerms, UserCoupon, UserCouponState } from './contract';
import { USER_COUPON_STATES } from './contract';
import { percentLabel } from './rules';

export const COUPON_TEXTS = {
  myTitle: '我的优惠券',
  filterLabel: '按优惠券状态筛选',
  pager: '优惠券分页',
  emptyUnused: '暂无可用的优惠券',
  emptyUsed: '暂无已使用的优惠券',
  emptyExpired: '暂无已过期的优惠券',
  goAcquire: '去领券中心',
  locked: '被待支付订单占用',
  noThreshold: '无门槛',
  threshold: (yuan: string) => `满${yuan}可用`,
  allCourses: '全部课程可用',
  someCourses: (n: number) => `限${n}门指定课程可用`,
  validUntil: (date: string) => `有效期至 ${date}`,
  validWindow: (from: string, until: string) => `${from} 至 ${until}`,
  validDaysAfterClaim: (days: number) => `领取后${days}天内有效`,
  upTo: (yuan: string) => `最高减${yuan}`,
  usedAt: (date: string) => `使用于 ${date}`,
  acquireTitle: '领取优惠券',
  acquireLead: '领取后在提交订单时自动选用优惠最多的一张。',
  acquireEmpty: '暂时没有可领取的优惠券',
  claim: '领取',
  claiming: '领取中…',
  claimed: '已领取',
  soldOut: '已领完',
  remaining: (n: number) => `剩余${n}张`,
  claimEndsAt: (date: string) => `领取截止 ${date}`,
  toMyCoupons: '查看我的优惠券',
  activityTitle: '课程活动',
  activityNone: '暂无进行中的课程活动',
  activityCoupons: '活动优惠券',
  activityCourses: '活动课程',
  activityRules: '活动规则',
  activityWindow: (from: string, until: string) => `活动时间：${from} 至 ${until}`,
  activityEnded: '活动已结束，优惠券停止领取',
  activityUpcoming: '活动尚未开始，开始后即可领取',
  browseCourses: '去看看精品课程',
  exchangeTitle: '兑换课程',
  exchangeLead: '输入课程兑换码，兑换成功后课程放入"我的课程"。',
  codeLabel: '兑换码',
  codePlaceholder: '例如 XT27-XXXX-XXXX',
  codeHint: '字母和数字，不区分大小写，短横线和空格可省略',
  codeRequired: '请输入兑换码',
  exchange: '立即兑换',
  exchanging: '兑换中…',
  exchangedTitle: '兑换成功',
  exchangedCourse: (title: string) => `已获得课程《${title}》`,
  exchangedUntil: (date: string) => `有效期至 ${date}`,
  goStudy: '去学习',
  viewCourse: '查看课程',
  exchangeAnother: '继续兑换',
  loginFirst: '请先登录后再兑换',
} as const;

export const COUPON_STATE_NAMES: Record<UserCouponState, string> = { UNUSED: '未使用', USED: '已使用', EXPIRED: '已过期' };

export const COUPON_EMPTY_TEXTS: Record<UserCouponState, string> = {
  UNUSED: COUPON_TEXTS.emptyUnused,
  USED: COUPON_TEXTS.emptyUsed,
  EXPIRED: COUPON_TEXTS.emptyExpired,
};

export const ACTIVITY_STATE_NAMES: Record<ActivityState, string> = { UPCOMING: '未开始', ONGOING: '进行中', ENDED: '已结束' };

export interface CouponListQuery {
  state: UserCouponState;
  page: number;
}

/** ?state=USED&page=2; anything unknown → unused coupons, page 1. */
export function parseCouponListQuery(search: string): CouponListQuery {
  const params = new URLSearchParams(search);
  const state = USER_COUPON_STATES.find((s) => s === params.get('state')) ?? 'UNUSED';
  const page = Number(params.get('page'));
  return { state, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/** 5000 → '50', 1250 → '12.50' (no ¥: the view sets the sign apart). */
export function yuanFigure(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The big figure of a coupon: ¥ and the amount of a FIXED one, 8.5折 for a PERCENT one. */
export function couponValue(terms: Pick<CouponTerms, 'kind' | 'amountCents' | 'percentOff'>): { prefix: string; figure: string } {
  if (terms.kind === 'FIXED') return { prefix: '¥', figure: yuanFigure(terms.amountCents) };
  return { prefix: '', figure: percentLabel(terms.percentOff) };
}

/** 无门槛, 满¥500可用, plus the cap of a percentage coupon. */
export function couponCondition(terms: Pick<CouponTerms, 'kind' | 'thresholdCents' | 'maxDiscountCents'>): string {
  const threshold = terms.thresholdCents > 0 ? COUPON_TEXTS.threshold(`¥${yuanFigure(terms.thresholdCents)}`) : COUPON_TEXTS.noThreshold;
  if (terms.kind === 'PERCENT' && terms.maxDiscountCents !== null) return `${threshold} · ${COUPON_TEXTS.upTo(`¥${yuanFigure(terms.maxDiscountCents)}`)}`;
  return threshold;
}

export function couponScope(terms: Pick<CouponTerms, 'courseIds'>): string {
  return terms.courseIds === null ? COUPON_TEXTS.allCourses : COUPON_TEXTS.someCourses(terms.courseIds.length);
}

const day = (ms: number) => formatDate(new Date(ms));

/** A held coupon's validity: its window. */
export function heldCouponValidity(coupon: Pick<UserCoupon, 'validFrom' | 'validUntil'>): string {
  return COUPON_TEXTS.validWindow(day(coupon.validFrom), day(coupon.validUntil));
}

/** A claimable coupon's validity: days after the claim, or its fixed window. */
export function claimableCouponValidity(coupon: Pick<ClaimableCoupon, 'validDays' | 'validFrom' | 'validUntil'>): string {
  if (coupon.validDays !== null) return COUPON_TEXTS.validDaysAfterClaim(coupon.validDays);
  if (coupon.validFrom !== null && coupon.validUntil !== null) return COUPON_TEXTS.validWindow(day(coupon.validFrom), day(coupon.validUntil));
  if (coupon.validUntil !== null) return COUPON_TEXTS.validUntil(day(coupon.validUntil));
  return '';
}

/** Nothing left to claim. */
export function isSoldOut(coupon: Pick<ClaimableCoupon, 'remaining'>): boolean {
  return coupon.remaining !== null && coupon.remaining <= 0;
}
