/**
 * Server-only commerce limits, counted with hitRateLimit (atomic, shared by every process). Redeem
 * codes carry about 60 bits, so guessing is hopeless anyway; these caps keep scripts from trying.
 */

/** Redeem attempts (right or wrong) per user: a student with a card types a few. */
export const REDEEM_ATTEMPTS_PER_USER = { limit: 10, windowSeconds: 60 * 60 } as const;

/** Redeem attempts per IP across accounts: stops one script spread over many accounts. */
export const REDEEM_ATTEMPTS_PER_IP = { limit: 30, windowSeconds: 60 * 60 } as const;

/** Coupon claims per user: a page of coupons is claimed in a minute; this is for scripts. */
export const COUPON_CLAIMS_PER_USER = { limit: 60, windowSeconds: 60 * 60 } as const;
