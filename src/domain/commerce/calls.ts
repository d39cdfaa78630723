/** The commerce calls of product-spec §7: paying, what a student bought, delivery addresses, sales. */
import { API_PREFIX, defineCall as def, type ApiCallDef } from '../shared/api';

const UC = API_PREFIX.usercenter;

export const COMMERCE_CALLS = {
  addressList: def('GET', `${UC}/address/getList`),
  addressDetail: def('GET', `${UC}/address/detail/:id`),
  addressDelete: def('DELETE', `${UC}/address/delete`),
  addressUpdate: def('PUT', `${UC}/address/update`),
  addressSave: def('POST', `${UC}/address/save`),
  regionListByParent: def('POST', `${API_PREFIX.sys}/region/getListByParent`),
  userProductPageList: def('POST', `${UC}/userproduct/getPageList`),
  payChannels: def('GET', '/payment/front/api/payChannelWay/getListByTerminal'),
  unifiedPay: def('POST', `${API_PREFIX.products}/unifiedPay/pay`),
  salesQrcode: def('POST', '/crm/front/api/sales/getQrcode'),
} as const satisfies Record<string, ApiCallDef>;

export type CommerceCallName = keyof typeof COMMERCE_CALLS;
