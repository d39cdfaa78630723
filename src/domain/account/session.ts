/** Session rules: when the token cookie ends, how a mobile number is shown. */
import { SESSION_EXPIRY_MARGIN_MS } from './limits';

/** The token cookie ends 2 hours before the server session does; null when that is already past. */
export function tokenCookieExpiry(expirationTimestamp: number, now: number = Date.now()): Date | null {
  const at = expirationTimestamp - SESSION_EXPIRY_MARGIN_MS;
  return at > now ? new Date(at) : null;
}

/** Masks the middle of a mobile number: 13800138000 → 138****8000. */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
