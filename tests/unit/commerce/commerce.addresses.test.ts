/** The address form's rules (src/domain/commerce/addresses.ts): the same words on the client and the server. */
import { describe, expect, it } from 'vitest';
import { normalizeAddress, validateAddress, validateAddressDetail, validateAddressName, validateRegionCodes } from '../../../src/domain/commerce/addresses';
import type { AddressFields } from '../../../src/domain/commerce/addresses.contract';
import { ADDRESS_TEXTS } from '../../../src/domain/commerce/addressTexts';

const valid: AddressFields = {
  name: '张三',
  mobile: '13800138000',
  provinceCode: '110000',
  cityCode: '110100',
  districtCode: '110105',
  detail: '阜通东大街6号',
};

describe('address rules', () => {
  it('wants a consignee of 1–20 characters after trimming, counting an emoji once', () => {
    expect(validateAddressName('')).toBe(ADDRESS_TEXTS.nameRequired);
    expect(validateAddressName('  \t ')).toBe(ADDRESS_TEXTS.nameRequired);
    expect(validateAddressName('李')).toBeNull();
    expect(validateAddressName(` ${'名'.repeat(20)} `)).toBeNull();
    expect(validateAddressName('名'.repeat(21))).toBe(ADDRESS_TEXTS.nameTooLong);
    expect(validateAddressName('😀'.repeat(20))).toBeNull();
  });

  it('wants a detail of 5–100 characters after trimming', () => {
    expect(validateAddressDetail(' ')).toBe(ADDRESS_TEXTS.detailRequired);
    expect(validateAddressDetail('六号楼')).toBe(ADDRESS_TEXTS.detailLength);
    expect(validateAddressDetail('阜通东大街')).toBeNull();
    expect(validateAddressDetail('路'.repeat(100))).toBeNull();
    expect(validateAddressDetail('路'.repeat(101))).toBe(ADDRESS_TEXTS.detailLength);
  });

  it('wants three six-digit region codes', () => {
    expect(validateRegionCodes(valid)).toBeNull();
    expect(validateRegionCodes({ ...valid, cityCode: '' })).toBe(ADDRESS_TEXTS.regionRequired);
    expect(validateRegionCodes({ ...valid, districtCode: '11010' })).toBe(ADDRESS_TEXTS.regionInvalid);
    expect(validateRegionCodes({ ...valid, provinceCode: '11000a' })).toBe(ADDRESS_TEXTS.regionInvalid);
  });

  it('checks a whole form in the order the fields are shown, with the shared phone rule', () => {
    expect(validateAddress(valid)).toBeNull();
    expect(validateAddress({ ...valid, name: '', mobile: '' })).toBe(ADDRESS_TEXTS.nameRequired);
    expect(validateAddress({ ...valid, mobile: '' })).toBe('手机号码不能为空');
    expect(validateAddress({ ...valid, mobile: '23800138000' })).toBe('手机号码格式不正确');
    expect(validateAddress({ ...valid, mobile: ' 13800138000 ' })).toBeNull();
    expect(validateAddress({ ...valid, districtCode: '', detail: '' })).toBe(ADDRESS_TEXTS.regionRequired);
    expect(validateAddress({ ...valid, detail: '' })).toBe(ADDRESS_TEXTS.detailRequired);
  });

  it('stores trimmed values with inner whitespace runs as one space', () => {
    expect(normalizeAddress({ ...valid, name: ' 张三 ', mobile: ' 13800138000', detail: ' 阜通东大街 \n 6号 ' })).toEqual({
      ...valid,
      detail: '阜通东大街 6号',
    });
  });
});
