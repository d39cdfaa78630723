/**
 * Server-only limits (the ones the client also shows live in src/domain/account/limits.ts). Each is
 * counted with hitRateLimit; the numbers are generous for people and tight for scripts.
 */

/** Slider challenges one IP may fetch: a person needs a few per login, a solver farm needs thousands. */
export const CAPTCHA_CHALLENGES_PER_IP = { limit: 30, windowSeconds: 60 } as const;

/** Login attempts (password, SMS code, temp code) from one IP, whatever the account: stops spraying across accounts. */
export const LOGIN_ATTEMPTS_PER_IP = { limit: 30, windowSeconds: 10 * 60 } as const;

/** Wrong SMS codes stop at SMS_CODE_MAX_WRONG_TRIES per code; this caps code checks per IP across mobiles. */
export const SMS_CODE_CHECKS_PER_IP = { limit: 60, windowSeconds: 10 * 60 } as const;

/** Password changes (each checks the old password) per user. */
export const PASSWORD_CHANGES_PER_USER = { limit: 10, windowSeconds: 60 * 60 } as const;

/** Mobile changes (each checks an SMS code) per user: a person changes a number rarely. */
export const MOBILE_CHANGES_PER_USER = { limit: 10, windowSeconds: 60 * 60 } as const;

/** Uploads (images and files) per user. */
export const UPLOADS_PER_USER = { limit: 60, windowSeconds: 60 * 60 } as const;

/** wxConfig calls per IP: each stores a state row. */
export const WECHAT_STATES_PER_IP = { limit: 60, windowSeconds: 10 * 60 } as const;

/** How long a WeChat OAuth state stays usable. */
export const WECHAT_STATE_TTL_SECONDS = 10 * 60;
