/** Address limits: the server enforces them, the forms show them. */

export const ADDRESSES_PER_USER_MAX = 20;
export const ADDRESS_NAME_MAX_LENGTH = 20;
export const ADDRESS_DETAIL_MIN_LENGTH = 5;
export const ADDRESS_DETAIL_MAX_LENGTH = 100;
/** GB/T 2260 region codes are six digits. */
export const REGION_CODE_PATTERN = /^\d{6}$/;
