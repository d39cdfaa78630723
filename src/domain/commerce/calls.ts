/** The commerce calls of product-spec §7: paying, what a student bought, delivery addresses, sales; and the ones our services add. */
import { API_PREFIX, defineCall as def, defineStateChangingGet as changingGet, type ApiCallDef } from '../shared/api';

const UC = API_PREFIX.usercenter;
const PRODUCTS = API_PREFIX.products;

export const COMMERCE_CALLS = {
  addressList: def('GET', `${UC}/address/getList`),
  addressDetail: def('GET', `${UC}/address/detail/:id`),
  addressDelete: def('DELETE', `${UC}/address/delete`),
  addressUpdate: def('PUT', `${UC}/address/update`),
  addressSave: def('POST', `${UC}/address/save`),
  regionListByParent: def('POST', `${API_PREFIX.sys}/region/getListByParent`),
  userProductPageList: def('POST', `${UC}/userproduct/getPageList`),
  payChannels: def('GET', '/payment/front/api/payChannelWay/getListByTerminal'),
  unifiedPay: def('POST', `${PRODUCTS}/unifiedPay/pay`),
  salesQrcode: def('POST', '/crm/front/api/sales/getQrcode'),
} as const satisfies Record<string, ApiCallDef>;

/**
 * Calls the spec does not show but a school that sells needs (docs/commerce.md): orders from
 * preview to cancel, the pay page's polling, coupons, the course activity and redeem codes.
 */
export const COMMERCE_EXTRA_CALLS = {
  orderPreview: def('POST', `${PRODUCTS}/order/preview`),
  orderCreate: def('POST', `${PRODUCTS}/order/create`),
  orderDetail: def('GET', `${PRODUCTS}/order/getDetail/:id`),
  orderPageList: def('POST', `${PRODUCTS}/order/getPageList`),
  orderCancel: def('PUT', `${PRODUCTS}/order/cancel/:id`),
  // Settles the order when the wallet says it is paid but its notice is late: a GET that changes state.
  orderPayStatus: changingGet(`${PRODUCTS}/order/getPayStatus/:id`),
  myCouponList: def('POST', `${PRODUCTS}/coupon/getMyPageList`),
  claimableCoupons: def('GET', `${PRODUCTS}/coupon/getClaimableList`),
  claimCoupon: def('POST', `${PRODUCTS}/coupon/claim/:id`),
  // Without an id: the activity running now (else the latest one).
  couponActivity: def('GET', `${PRODUCTS}/activity/getDetail/:id?`),
  redeemCode: def('POST', `${PRODUCTS}/redeemCode/exchange`),
} as const satisfies Record<string, ApiCallDef>;

export type CommerceCallName = keyof typeof COMMERCE_CALLS | keyof typeof COMMERCE_EXTRA_CALLS;
