import { SESSION_EXPIRY_MARGIN_MS } from './limits';

/** The token cookie ends 2 hours before the server session does; null when that is already past. */
export function tokenCookieExpiry(expirationTimestamp: number, now: number = Date.now()): Date | null {
  const at = expirationTimestamp - SESSION_EXPIRY_MARGIN_MS;
  return at > now ? new Date(at) : null;
}
