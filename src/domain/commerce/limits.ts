/** Commerce constants the client shows and the server enforces. */

/** An unpaid order is kept this long, then it can no longer be paid and its coupon is free again. */
export const ORDER_TTL_MINUTES = 30;

/** The least an order can cost once it costs anything: both wallets refuse to take 0 fen. */
export const MIN_PAY_CENTS = 1;

/** Add-ons in one order. */
export const MAX_ADD_ONS = 10;

/** Page sizes of the commerce lists (my orders, my coupons, my courses). */
export const COMMERCE_PAGE_DEFAULT_SIZE = 10;
export const COMMERCE_PAGE_MAX_SIZE = 50;

/** Redeem codes are typed by hand: letters and digits, dashes and spaces ignored. */
export const REDEEM_CODE_MIN_LENGTH = 8;
export const REDEEM_CODE_MAX_LENGTH = 20;

export const DAY_MS = 24 * 60 * 60 * 1000;
