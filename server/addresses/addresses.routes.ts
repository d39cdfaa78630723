/**
 * address/*: a student's delivery addresses. Only the session's user id is ever used: an id from
 * the request is looked up within that user's addresses, so another student's id is a 404.
 */
import type { AddressFields } from '../../src/domain/commerce/addresses.contract';
import { normalizeAddress, validateAddress } from '../../src/domain/commerce/addresses';
import { ADDRESS_TEXTS } from '../../src/domain/commerce/addressTexts';
import { currentUser } from '../shared/auth';
import { badRequest, notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { type AddressValues, deleteAddress, findAddress, insertAddress, listAddresses, toAddress, updateAddress } from './addresses.queries';
import { resolveAddressRegions } from './regions';

/** The form rules, then the region check; the values to store with the region names filled in. */
function checkedValues(fields: AddressFields): AddressValues {
  const problem = validateAddress(fields);
  if (problem) throw badRequest(problem);
  const { name, mobile, provinceCode, cityCode, districtCode, detail } = normalizeAddress(fields);
  const regions = resolveAddressRegions(provinceCode, cityCode, districtCode);
  if (!regions) throw badRequest(ADDRESS_TEXTS.regionInvalid);
  return {
    name,
    mobile,
    provinceCode,
    provinceName: regions.province.name,
    cityCode,
    cityName: regions.city.name,
    districtCode,
    districtName: regions.district.name,
    detail,
  };
}

export const addressesRoutes: RouteGroup = ({ db }) => ({
  addressList: {
    auth: 'required',
    handler: (request) => listAddresses(db, currentUser(request).userId),
  },

  addressDetail: {
    auth: 'required',
    async handler(request) {
      const row = await findAddress(db, currentUser(request).userId, request.params.id);
      if (!row) throw notFound(ADDRESS_TEXTS.notFound);
      return toAddress(row);
    },
  },

  addressSave: {
    auth: 'required',
    async handler(request) {
      return insertAddress(db, currentUser(request).userId, checkedValues(request.body), request.body.isDefault === true);
    },
  },

  addressUpdate: {
    auth: 'required',
    async handler(request) {
      return updateAddress(db, currentUser(request).userId, request.body.id, checkedValues(request.body), request.body.isDefault === true);
    },
  },

  addressDelete: {
    auth: 'required',
    async handler(request) {
      await deleteAddress(db, currentUser(request).userId, request.query.id);
      return null;
    },
  },
});
