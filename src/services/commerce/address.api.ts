/** The address and region calls, typed (payloads in src/domain/commerce/addresses.contract.ts, described in docs/addresses.md). */
import type { Address, AddressFields, AddressUpdate, Region } from '../../domain/commerce/addresses.contract';
import { COMMERCE_CALLS } from '../../domain/commerce/calls';
import { call } from '../shared/http/client';

/** The student's addresses, the default first. */
export function getAddressList(): Promise<Address[]> {
  return call<Address[]>(COMMERCE_CALLS.addressList);
}

export function getAddressDetail(id: number): Promise<Address> {
  return call<Address>(COMMERCE_CALLS.addressDetail, { params: { id } });
}

/** Creates an address and answers it as stored (region names filled in, default decided). */
export function saveAddress(fields: AddressFields): Promise<Address> {
  return call<Address>(COMMERCE_CALLS.addressSave, { body: fields });
}

export function updateAddress(address: AddressUpdate): Promise<Address> {
  return call<Address>(COMMERCE_CALLS.addressUpdate, { body: address });
}

/** Deletes an address; when it was the default, the server makes another one the default. */
export function deleteAddress(id: number): Promise<null> {
  return call<null>(COMMERCE_CALLS.addressDelete, { query: { id } });
}

/** The children of a region: the provinces without a code, then cities, then districts. */
export function getRegionChildren(parentCode: string | null = null): Promise<Region[]> {
  return call<Region[]>(COMMERCE_CALLS.regionListByParent, { body: { parentCode } });
}
