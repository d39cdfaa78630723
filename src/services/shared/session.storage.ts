/** Where the session lives in the browser: the token cookie, the stored user, the refresh marker. */
import Cookies from 'js-cookie';
import type { UserInfo } from '../../domain/account/contract';
import { USER_INFO_REFRESH_DAYS } from '../../domain/account/limits';
import { tokenCookieExpiry } from '../../domain/account/tokenCookie';
import { STORAGE_KEYS } from '../../domain/shared/constants';

const cookieAttrs = { path: '/', sameSite: 'Lax' } as const;

export function readToken(): string | null {
  return Cookies.get(STORAGE_KEYS.tokenCookie) ?? null;
}

/** Returns false when the session would already be expired on arrival. */
export function writeToken(token: string, expirationTimestamp: number): boolean {
  const expires = tokenCookieExpiry(expirationTimestamp);
  if (!expires) return false;
  Cookies.set(STORAGE_KEYS.tokenCookie, token, { ...cookieAttrs, expires });
  return true;
}

export function readStoredUser(): UserInfo | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    return raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: UserInfo): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function isUserInfoFresh(): boolean {
  return Cookies.get(STORAGE_KEYS.userInfoRefreshCookie) !== undefined;
}

export function markUserInfoFresh(): void {
  Cookies.set(STORAGE_KEYS.userInfoRefreshCookie, '1', { ...cookieAttrs, expires: USER_INFO_REFRESH_DAYS });
}

export function clearStoredSession(): void {
  Cookies.remove(STORAGE_KEYS.tokenCookie, { path: '/' });
  Cookies.remove(STORAGE_KEYS.userInfoRefreshCookie, { path: '/' });
  localStorage.removeItem(STORAGE_KEYS.user);
}
