/** Commerce screen texts and the messages the server sends for orders, payments, coupons and redeem codes. */
import { ORDER_TTL_MINUTES } from './limits';
import type { CouponRefusal, PurchaseRefusal } from './rules';

export const COMMERCE_TEXTS = {
  courseNotFound: '课程不存在或已下架',
  skuNotFound: '所选规格不存在，请刷新页面后重试',
  freeCourseNotSold: '免费课程无需购买，请直接领取',
  notFreeCourse: '该课程不是免费课程，请购买后学习',
  addressRequired: '该课程含纸质讲义，请填写收货地址',
  orderNotFound: '订单不存在',
  orderPaid: '订单已支付',
  orderCancelled: '订单已取消',
  orderExpired: `订单已超时关闭（${ORDER_TTL_MINUTES}分钟内未支付），请重新下单`,
  orderNotCancellable: '订单已支付，不能取消',
  orderCancelFailed: '订单取消失败，请稍后重试',
  channelUnavailable: '暂不支持该支付方式，请选择其他支付方式',
  payUnavailable: '支付服务暂时不可用，请稍后重试',
  couponNotFound: '优惠券不存在',
  couponUnavailable: '该优惠券不可用于本订单',
  couponLocked: '该优惠券已被其他待支付订单占用，请先取消该订单',
  couponClaimed: '您已领取过该优惠券',
  couponSoldOut: '优惠券已被领完',
  couponClaimClosed: '不在优惠券领取时间内',
  couponClaimSuccess: '领取成功',
  activityNotFound: '活动不存在或已结束',
  redeemCodeFormat: '兑换码格式不正确，请核对后重新输入',
  redeemCodeWrong: '兑换码不存在，请核对后重新输入',
  redeemCodeUsed: '该兑换码已被使用',
  redeemCodeExpired: '该兑换码已过期',
  redeemTooMany: '兑换尝试次数过多，请1小时后再试',
  redeemSuccess: '兑换成功，课程已放入"我的课程"',
  freeActivated: '领取成功，快去学习吧',
} as const;

export const COUPON_REFUSAL_TEXTS: Record<CouponRefusal, string> = {
  NOT_STARTED: '优惠券尚未生效',
  EXPIRED: '优惠券已过期',
  USED: '优惠券已使用',
  LOCKED: '优惠券已被其他待支付订单占用',
  NOT_APPLICABLE: '不适用于所选课程',
  UNDER_THRESHOLD: '未达到使用门槛',
};

export const PURCHASE_REFUSAL_TEXTS: Record<PurchaseRefusal, string> = {
  OFF_SHELF: COMMERCE_TEXTS.courseNotFound,
  FREE_COURSE: COMMERCE_TEXTS.freeCourseNotSold,
  CAMP_CLOSED: '该期训练营已停止报名，请选择其他期次',
  ADD_NEEDS_MAIN: '加购课仅对已购买主课程的学员开放，请先购买主课程',
  ADD_ON_NOT_OFFERED: '所选加购课不适用于该课程',
  ADD_ON_DUPLICATE: '加购课不能重复选择',
};

export const PAY_CHANNEL_TEXTS = {
  SANDBOX: { name: '模拟支付', hint: '本地沙箱：扫码后在页面上确认支付，不产生真实扣款' },
  WECHAT: { name: '微信支付', hint: '使用微信扫一扫完成支付' },
  ALIPAY: { name: '支付宝', hint: '使用支付宝扫一扫完成支付' },
} as const;

export const ORDER_STATE_LABELS = {
  PENDING: '待支付',
  PAID: '已支付',
  CANCELLED: '已取消',
  // An unpaid order past its 30 minutes (effectiveOrderState).
  EXPIRED: '已过期',
} as const;

export const COUPON_STATE_LABELS = {
  UNUSED: '未使用',
  USED: '已使用',
  EXPIRED: '已过期',
} as const;
