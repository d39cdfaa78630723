/** Where a login leads (product-spec §4) and the WeChat QR-connect rules. */
import { paths } from '../../paths';
import { isSafeRedirect } from '../shared/routing';
import type { LoginResult, WxConfig } from './contract';

/** /uc/bindphone with the WeChat code, state and session key (and the redirect target, if any). */
export function bindPhonePath(p: { sessionKey: string; code?: string; state?: string; redirect?: string | null }): string {
  const redirect = p.redirect && p.redirect !== '/' && isSafeRedirect(p.redirect) ? p.redirect : undefined;
  return paths.bindPhone({ sessionKey: p.sessionKey, code: p.code, state: p.state, redirect });
}

/**
 * §4: after a login, an account with a bound mobile goes to the redirect target (already made safe
 * by `redirectTarget`); one without goes to bind phone with its session key.
 */
export function afterLoginPath(result: LoginResult, target: string): string {
  if (result.userinfo.bindMobile || !result.sessionKey) return target;
  return bindPhonePath({ sessionKey: result.sessionKey, redirect: target });
}

const WECHAT_QRCONNECT = 'https://open.weixin.qq.com/';

/** The QR-connect page framed by the login panel; WeChat's own page needs '#wechat_redirect'. */
export function wxQrConnectUrl(config: WxConfig): string {
  const url =
    `${config.qrconnectUrl}?appid=${encodeURIComponent(config.appId)}` +
    `&redirect_uri=${encodeURIComponent(config.redirectUrl)}` +
    `&response_type=code&scope=${config.scope}&state=${encodeURIComponent(config.state)}&style=${config.style}`;
  return config.qrconnectUrl.startsWith(WECHAT_QRCONNECT) ? `${url}#wechat_redirect` : url;
}

/** What the browser keeps between showing the QR code and WeChat sending it back. */
export interface WxLoginState {
  state: string;
  /** Where to go after the login. */
  redirect: string;
}

/** The `state` WeChat sends back must be the one this browser showed (CSRF protection). */
export function wxStateMatches(stored: WxLoginState | null, received: string | null | undefined): stored is WxLoginState {
  return !!stored && !!received && stored.state === received;
}
