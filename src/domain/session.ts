import { SESSION_EXPIRY_MARGIN_MS, SITE_VERSION } from './constants';

/** The token cookie ends 2 hours before the server session does; null when that is already past. */
export function tokenCookieExpiry(expirationTimestamp: number, now: number = Date.now()): Date | null {
  const at = expirationTimestamp - SESSION_EXPIRY_MARGIN_MS;
  return at > now ? new Date(at) : null;
}

/** A stored site version that differs from the running one means stale UI keys must go. */
export function needsVersionReset(storedVersion: string | null, currentVersion: string = SITE_VERSION): boolean {
  return storedVersion !== null && storedVersion !== currentVersion;
}

/** Masks the middle of a full mobile number (11 digits): 13800138000 → 138****8000; anything else is shown as is. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
