/**
 * The address form's rules, one definition for the client and the server (address/save and
 * address/update apply them after the input check), so both refuse the same values with the same
 * words. Lengths count code points after trimming, as a student counts characters.
 */
import { validatePhone } from '../account/validation';
import { ADDRESS_DETAIL_MAX_LENGTH, ADDRESS_DETAIL_MIN_LENGTH, ADDRESS_NAME_MAX_LENGTH, REGION_CODE_PATTERN } from './addressLimits';
import { ADDRESS_TEXTS } from './addressTexts';
import type { Address, AddressFields } from './addresses.contract';
import type { ShippingAddress } from './contract';

const length = (value: string) => [...value.trim()].length;

export function validateAddressName(value: string): string | null {
  if (length(value) === 0) return ADDRESS_TEXTS.nameRequired;
  return length(value) <= ADDRESS_NAME_MAX_LENGTH ? null : ADDRESS_TEXTS.nameTooLong;
}

export function validateAddressDetail(value: string): string | null {
  if (length(value) === 0) return ADDRESS_TEXTS.detailRequired;
  const n = length(value);
  return n >= ADDRESS_DETAIL_MIN_LENGTH && n <= ADDRESS_DETAIL_MAX_LENGTH ? null : ADDRESS_TEXTS.detailLength;
}

/** The three codes are present and shaped like region codes; whether they nest is the server's region check. */
export function validateRegionCodes(fields: Pick<AddressFields, 'provinceCode' | 'cityCode' | 'districtCode'>): string | null {
  const codes = [fields.provinceCode, fields.cityCode, fields.districtCode];
  if (codes.some((code) => !code)) return ADDRESS_TEXTS.regionRequired;
  return codes.every((code) => REGION_CODE_PATTERN.test(code)) ? null : ADDRESS_TEXTS.regionInvalid;
}

/** The first problem of a whole form, in the order the fields are shown; null when it can be sent. */
export function validateAddress(fields: AddressFields): string | null {
  return validateAddressName(fields.name) ?? validatePhone(fields.mobile.trim()) ?? validateRegionCodes(fields) ?? validateAddressDetail(fields.detail);
}

/** What is stored: names and detail trimmed, inner runs of whitespace in the detail kept as one space. */
export function normalizeAddress<T extends AddressFields>(fields: T): T {
  return { ...fields, name: fields.name.trim(), mobile: fields.mobile.trim(), detail: fields.detail.trim().replace(/\s+/g, ' ') };
}

/** The copy of an address an order keeps (editing the address book later changes no order). */
export function toShippingAddress(address: Address): ShippingAddress {
  return { name: address.name, mobile: address.mobile, region: `${address.provinceName} ${address.cityName} ${address.districtName}`, detail: address.detail };
}
