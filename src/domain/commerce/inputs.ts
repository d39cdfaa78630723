/**
 * The input check of every commerce call the server answers (server side: see shared/input.ts),
 * with the three §7 calls that live in other areas' lists but are commerce's to answer:
 * courseSkuList (catalog), userProductStatus and activeFreeCourse (learning).
 */
import type { CatalogCallName } from '../catalog/calls';
import { COURSE_TYPES } from '../catalog/contract';
import type { LearningCallName } from '../learning/calls';
import { type CallInput, Fields, Id, Int, List, NO_INPUT, Nullable, OneOf, Optional, Text } from '../shared/input';
import type { CommerceCallName } from './calls';
import { ORDER_STATES, PAY_CHANNEL_CODES, USER_COUPON_STATES, USER_PRODUCT_STATES } from './contract';
import { COMMERCE_PAGE_DEFAULT_SIZE, COMMERCE_PAGE_MAX_SIZE, MAX_ADD_ONS } from './limits';

const page = {
  current: Int({ min: 1, default: 1 }),
  size: Int({ min: 1, max: COMMERCE_PAGE_MAX_SIZE, default: COMMERCE_PAGE_DEFAULT_SIZE }),
};
const byId = { params: Fields({ id: Id() }) };

const orderChoice = {
  courseId: Id({ label: '课程' }),
  skuId: Id({ label: '课程规格' }),
  addOnSkuIds: Optional(List(Id(), MAX_ADD_ONS)),
  couponId: Optional(Nullable(Id())),
};

const address = Fields({
  name: Text({ min: 1, max: 20, label: '收货人' }),
  mobile: Text({ max: 11, pattern: '^1[3-9]\\d{9}$', label: '收货人手机号', invalidText: '收货人手机号格式不正确' }),
  region: Text({ min: 1, max: 60, label: '所在地区' }),
  detail: Text({ min: 1, max: 120, label: '详细地址' }),
});

type AnsweredByCommerce = CommerceCallName | Extract<CatalogCallName, 'courseSkuList'> | Extract<LearningCallName, 'userProductStatus' | 'activeFreeCourse'>;

export const COMMERCE_INPUTS = {
  courseSkuList: { params: Fields({ id: Id() }), body: Fields({}) },
  userProductStatus: byId,
  activeFreeCourse: byId,
  userProductPageList: {
    body: Fields({
      ...page,
      // A single type is coerced to a one-element list by Fastify's ajv (coerceTypes: 'array').
      type: Optional(Nullable(List(OneOf(COURSE_TYPES), COURSE_TYPES.length))),
      state: Optional(Nullable(OneOf(USER_PRODUCT_STATES))),
    }),
  },
  payChannels: NO_INPUT,
  unifiedPay: { body: Fields({ orderId: Id({ label: '订单' }), channel: OneOf(PAY_CHANNEL_CODES, { label: '支付方式' }) }) },
  orderPreview: { body: Fields(orderChoice) },
  orderCreate: {
    body: Fields({
      ...orderChoice,
      address: Optional(Nullable(address)),
      remark: Optional(Nullable(Text({ max: 100, label: '订单备注' }))),
    }),
  },
  orderDetail: byId,
  orderPageList: { body: Fields({ ...page, status: Optional(Nullable(OneOf(ORDER_STATES))) }) },
  orderCancel: { params: Fields({ id: Id() }), body: Fields({}) },
  orderPayStatus: byId,
  myCouponList: { body: Fields({ ...page, state: OneOf(USER_COUPON_STATES, { default: 'UNUSED' }) }) },
  claimableCoupons: NO_INPUT,
  claimCoupon: { params: Fields({ id: Id() }), body: Fields({}) },
  couponActivity: { params: Fields({ id: Optional(Id()) }) },
  // The format rule (normalizeRedeemCode) runs in the handler, after the attempt is counted.
  redeemCode: { body: Fields({ code: Text({ min: 1, max: 40, label: '兑换码' }) }) },
} as const satisfies { [N in AnsweredByCommerce]?: CallInput };
