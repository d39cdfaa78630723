/**
 * The WeChat QR login's `state` and redirect target, kept in sessionStorage between showing the
 * QR code and WeChat navigating this tab back to /uc/login?code&state (and on to bind phone).
 */
import type { WxLoginState } from '../../domain/account/login';

const KEY = 'xt_wx_login_state';

export function saveWxLoginState(value: WxLoginState): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Without storage the state check fails later and the user scans again.
  }
}

export function readWxLoginState(): WxLoginState | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Partial<WxLoginState>) : null;
    return value && typeof value.state === 'string' && typeof value.redirect === 'string' ? (value as WxLoginState) : null;
  } catch {
    return null;
  }
}

export function clearWxLoginState(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
