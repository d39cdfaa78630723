/** The address form's calls: the regions under a code (provinces without one) and saving the address. */
import type { Address, AddressFields, Region } from '../../domain/commerce/addresses.contract';
import { getRegionChildren, saveAddress } from './address.api';

export function loadRegions(parentCode: string | null): Promise<Region[]> {
  return getRegionChildren(parentCode);
}

export function createAddress(fields: AddressFields): Promise<Address> {
  return saveAddress(fields);
}
