/**
 * The app bridge's rules (product-spec §1): what the app's 'userLogin' message asks for and how the
 * page answers. The bridge itself is src/services/account/jsBridge.ts; whether the page runs in the app is appWebView.ts.
 */
export const USER_LOGIN_HANDLER = 'userLogin';

/** iOS webviews get the bridge by loading a marker URL; Android's fires 'WebViewJavascriptBridgeReady'. */
export function isIosUserAgent(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent);
}

export type UserLoginRequest = { kind: 'login'; code: string } | { kind: 'logout' };

/** What the page answers to the app's callback. */
export interface BridgeResponse {
  success: boolean;
  message?: string;
}

/**
 * 'userLogin' data: `{ code }` logs in with a temporary code; no code (or `{ logout: true }`)
 * clears the login. Android's bridge passes JSON as a string, and a bare string is the code itself.
 */
export function parseUserLoginData(data: unknown): UserLoginRequest {
  let value: unknown = data;
  if (typeof data === 'string') {
    const text = data.trim();
    try {
      value = text ? JSON.parse(text) : null;
    } catch {
      return { kind: 'login', code: text };
    }
    if (typeof value === 'string' || typeof value === 'number') value = { code: String(value) };
  }
  if (!value || typeof value !== 'object') return { kind: 'logout' };
  const { code, logout } = value as { code?: unknown; logout?: unknown };
  if (logout === true) return { kind: 'logout' };
  return typeof code === 'string' && code.trim() ? { kind: 'login', code: code.trim() } : { kind: 'logout' };
}
