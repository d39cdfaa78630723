/**
 * Delivery addresses (收货地址) and the administrative regions they are picked from. The spec shows
 * the calls (§7 address/*, region/getListByParent) but not their payloads: these are ours, described
 * in docs/addresses.md. Regions are named by their 6-digit GB/T 2260 codes (110000 北京市 → 110100
 * 北京市 → 110105 朝阳区); an address stores the three codes and, for display, the names the server
 * looked up from them (a client cannot make an address say 上海 under Beijing's code).
 */

export type RegionLevel = 1 | 2 | 3;

export interface Region {
  /** Six digits, e.g. '110105'. */
  code: string;
  name: string;
  /** Null for a province. */
  parentCode: string | null;
  /** 1 province (省/直辖市/自治区/特别行政区), 2 city (市/地区/州), 3 district (区/县/县级市). */
  level: RegionLevel;
  /** False for a district: the picker stops there. */
  hasChildren: boolean;
}

/** region/getListByParent: the children of a region; no code (or null / '' / '0') lists the provinces. */
export interface RegionListQuery {
  parentCode?: string | null;
}

/** What the student types and picks (address/save; address/update adds the id). */
export interface AddressFields {
  /** The consignee (收货人). */
  name: string;
  /** The consignee's mobile, by the shared phone rule of product-spec §5. */
  mobile: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  /** Street, building, room (详细地址). */
  detail: string;
  /** Make this the default address. Omitted: the first address becomes the default, others do not. */
  isDefault?: boolean;
}

export interface AddressUpdate extends AddressFields {
  id: number;
}

export interface Address {
  id: number;
  name: string;
  mobile: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  districtCode: string;
  districtName: string;
  detail: string;
  /** Exactly one of a student's addresses is the default, while they have any. */
  isDefault: boolean;
  /** ISO 8601. */
  createTime: string;
  updateTime: string;
}
