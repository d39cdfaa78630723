/**
 * The commerce calls of product-spec §7: paying, what a student bought, delivery addresses, sales;
 * and the ones our services add. Typed from ./contract.ts and ./addresses.contract.ts.
 */
import type { SalesQrcode } from '../catalog/resources';
import type { Page } from '../shared/envelope';
import { API_PREFIX, defineCall as def, defineStateChangingGet as changingGet, type ApiCallDef, type ById, type EmptyBody } from '../shared/api';
import type { Address, AddressFields, AddressUpdate, Region, RegionListQuery } from './addresses.contract';
import type {
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
  RedeemRequest,
  RedeemResult,
  UnifiedPayRequest,
  UserCoupon,
  UserProductItem,
  UserProductQuery,
} from './contract';

const UC = API_PREFIX.usercenter;
const PRODUCTS = API_PREFIX.products;

export const COMMERCE_CALLS = {
  // The default first.
  addressList: def<{ answer: Address[] }>('GET', `${UC}/address/getList`),
  addressDetail: def<{ answer: Address; params: ById }>('GET', `${UC}/address/detail/:id`),
  // The id in the query string: bodies on DELETE are dropped by some proxies. Deleting the default makes another one the default.
  addressDelete: def<{ answer: null; query: { id: number } }>('DELETE', `${UC}/address/delete`),
  addressUpdate: def<{ answer: Address; body: AddressUpdate }>('PUT', `${UC}/address/update`),
  // Answers the address as stored (region names filled in, default decided).
  addressSave: def<{ answer: Address; body: AddressFields }>('POST', `${UC}/address/save`),
  regionListByParent: def<{ answer: Region[]; body: RegionListQuery }>('POST', `${API_PREFIX.sys}/region/getListByParent`),
  userProductPageList: def<{ answer: Page<UserProductItem>; body: UserProductQuery }>('POST', `${UC}/userproduct/getPageList`),
  payChannels: def<{ answer: PayChannelOption[] }>('GET', '/payment/front/api/payChannelWay/getListByTerminal'),
  // A fresh QR code for the order on `channel` (earlier codes of the order are closed).
  unifiedPay: def<{ answer: PayQr; body: UnifiedPayRequest }>('POST', `${PRODUCTS}/unifiedPay/pay`),
  // The sales advisor of a project (else the general one); null when there is none.
  salesQrcode: def<{ answer: SalesQrcode | null; body: { projectId?: number } }>('POST', '/crm/front/api/sales/getQrcode'),
} as const satisfies Record<string, ApiCallDef>;

/**
 * Calls the spec does not show but a school that sells needs (docs/commerce.md): orders from
 * preview to cancel, the pay page's polling, coupons, the course activity and redeem codes.
 */
export const COMMERCE_EXTRA_CALLS = {
  // What the server would charge; omit couponId for the best coupon, null for none.
  orderPreview: def<{ answer: OrderPreview; body: OrderPreviewRequest }>('POST', `${PRODUCTS}/order/preview`),
  orderCreate: def<{ answer: OrderCreated; body: OrderCreateRequest }>('POST', `${PRODUCTS}/order/create`),
  orderDetail: def<{ answer: OrderDetail; params: ById }>('GET', `${PRODUCTS}/order/getDetail/:id`),
  orderPageList: def<{ answer: Page<OrderSummary>; body: OrderPageQuery }>('POST', `${PRODUCTS}/order/getPageList`),
  // Answers the order as it now is: CANCELLED, or PAID when the payment went through a moment before.
  orderCancel: def<{ answer: OrderDetail; body: EmptyBody; params: ById }>('PUT', `${PRODUCTS}/order/cancel/:id`),
  // Settles the order when the wallet says it is paid but its notice is late: a GET that changes state.
  orderPayStatus: changingGet<{ answer: OrderPayStatus; params: ById }>(`${PRODUCTS}/order/getPayStatus/:id`),
  myCouponList: def<{ answer: Page<UserCoupon>; body: MyCouponQuery }>('POST', `${PRODUCTS}/coupon/getMyPageList`),
  claimableCoupons: def<{ answer: ClaimableCoupon[] }>('GET', `${PRODUCTS}/coupon/getClaimableList`),
  claimCoupon: def<{ answer: UserCoupon; body: EmptyBody; params: ById }>('POST', `${PRODUCTS}/coupon/claim/:id`),
  // Without an id: the activity running now (else the latest one; 404 when there is none).
  couponActivity: def<{ answer: CouponActivity; params: { id?: number } }>('GET', `${PRODUCTS}/activity/getDetail/:id?`),
  // Wrong, used and expired codes fail with a clear message.
  redeemCode: def<{ answer: RedeemResult; body: RedeemRequest }>('POST', `${PRODUCTS}/redeemCode/exchange`),
} as const satisfies Record<string, ApiCallDef>;

export type CommerceCallName = keyof typeof COMMERCE_CALLS | keyof typeof COMMERCE_EXTRA_CALLS;
