/** Address and region texts: the forms' messages and the server's answers, in one place. */
import { ADDRESS_DETAIL_MAX_LENGTH, ADDRESS_DETAIL_MIN_LENGTH, ADDRESS_NAME_MAX_LENGTH, ADDRESSES_PER_USER_MAX } from './addressLimits';

export const ADDRESS_TEXTS = {
  nameRequired: '收货人不能为空',
  nameTooLong: `收货人不能超过${ADDRESS_NAME_MAX_LENGTH}个字符`,
  regionRequired: '请选择所在地区',
  regionInvalid: '所在地区无效，请重新选择',
  detailRequired: '详细地址不能为空',
  detailLength: `详细地址须为${ADDRESS_DETAIL_MIN_LENGTH}-${ADDRESS_DETAIL_MAX_LENGTH}个字符`,
  tooMany: `最多只能保存${ADDRESSES_PER_USER_MAX}个收货地址`,
  notFound: '收货地址不存在',
  saved: '保存成功',
  deleted: '删除成功',
} as const;
