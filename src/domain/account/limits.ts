/** Account limits: the server enforces them, the client shows them (product-spec §5, §9). */

export const SMS_CODE_TTL_SECONDS = 5 * 60;

export const SMS_CODE_MAX_WRONG_TRIES = 5;

export const SMS_PER_MOBILE_INTERVAL_SECONDS = 60;

export const SMS_PER_MOBILE_DAILY_LIMIT = 10;

export const SMS_PER_IP_HOURLY_LIMIT = 30;

export const SMS_PER_IP_DAILY_LIMIT = 100;

export const SMS_COUNTDOWN_SECONDS = 60;

export const PASSWORD_MAX_FAILURES = 5;

export const PASSWORD_LOCK_MINUTES = 15;

export const WECHAT_SESSION_KEY_TTL_SECONDS = 10 * 60;

/** A WeChat QR code stops working after five minutes; the panel then offers a fresh one. */
export const WX_QR_TTL_MS = 5 * 60 * 1000;

export const TEMP_CODE_TTL_SECONDS = 60;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const NICKNAME_MAX_LENGTH = 20;

export const PHONE_LENGTH = 11;

export const SMS_CODE_LENGTH = 6;

export const PASSWORD_MIN_LENGTH = 6;

export const PASSWORD_MAX_LENGTH = 18;

/** The token cookie expires this long before the server's expirationTimestamp. */
export const SESSION_EXPIRY_MARGIN_MS = 2 * 60 * 60 * 1000;

export const USER_INFO_REFRESH_DAYS = 7;

export const INTENDED_PROJECT_COOKIE_DAYS = 365;

/** The client waits this long after a password reset before logging in with the new password. */
export const FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS = 800;
