/**
 * The input check of the address and region calls (server side: see shared/input.ts). The bounds
 * only keep junk out; the form rules (./addresses.ts) then answer in the words the form uses.
 * Named apart from ./inputs.ts, which holds the other commerce calls' checks.
 */
import { Bool, type CallInput, Fields, Id, NO_INPUT, Nullable, Optional, Text } from '../shared/input';
import type { CommerceCallName } from './calls';

const regionCode = (label: string) => Text({ max: 6, label });
const addressFields = {
  name: Text({ max: 100, label: '收货人' }),
  mobile: Text({ max: 20, label: '手机号码' }),
  provinceCode: regionCode('省份'),
  cityCode: regionCode('城市'),
  districtCode: regionCode('区县'),
  detail: Text({ max: 500, label: '详细地址' }),
  isDefault: Optional(Bool()),
};

export const ADDRESS_INPUTS = {
  addressList: NO_INPUT,
  addressDetail: { params: Fields({ id: Id() }) },
  // DELETE carries the id in the query string: bodies on DELETE are dropped by some proxies.
  addressDelete: { querystring: Fields({ id: Id() }) },
  addressUpdate: { body: Fields({ id: Id(), ...addressFields }) },
  addressSave: { body: Fields(addressFields) },
  regionListByParent: { body: Fields({ parentCode: Optional(Nullable(Text({ max: 6, label: '上级地区' }))) }) },
} as const satisfies { [N in CommerceCallName]?: CallInput };
