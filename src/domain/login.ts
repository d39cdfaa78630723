/**
 * Client rules of the login screens (product-spec §2, §4, §5) that are not part of the server
 * contract in account.ts: which checks each form runs, where a login leads, the WeChat QR URL.
 */
import type { LoginResult, WxConfig } from './account';
import { SMS_CODE_LENGTH } from './constants';
import { isSafeRedirect, redirectTarget } from './routing';
import { validateConfirmPassword, validateNewPassword, validatePassword, validatePhone, validateSmsCode } from './validation';

export const BIND_PHONE_PATH = '/uc/bindphone';
export const FORGOT_PASSWORD_PATH = '/uc/forgot-password';
export const USER_AGREEMENT_PATH = '/hc/user-agreement';
export const PRIVACY_POLICY_PATH = '/hc/privacy-policy';

/** A WeChat QR code stops working after five minutes; the panel then offers a fresh one. */
export const WX_QR_TTL_MS = 5 * 60 * 1000;

/** Texts of the login screens that the server never sends. */
export const LOGIN_TEXTS = {
  registerHint: '未注册的手机号验证后将自动创建账号',
  wxStateMismatch: '登录状态已失效，请重新扫码',
  wxQrExpired: '二维码已过期，点击刷新',
  wxQrFailed: '二维码加载失败，点击刷新',
  wxScanHint: '请使用微信扫描二维码登录',
  wxExchanging: '正在登录…',
  captchaTitle: '请完成安全验证',
  captchaHint: '向右拖动滑块填充拼图',
  captchaLoading: '加载中…',
  captchaVerifying: '验证中…',
  captchaLoadFailed: '验证码加载失败，请点击刷新',
  autoLoginFailed: '自动登录未成功，请使用新密码登录',
} as const;

// ---- forms: which rules of validation.ts each one applies ------------------------------------

/** Field name → message of the first failed rule; fields that pass are absent. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

function collect<F extends string>(checks: Record<F, string | null>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(checks) as F[]) {
    const message = checks[field];
    if (message) errors[field] = message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}

export interface SmsFormValues {
  mobile: string;
  code: string;
}
export interface PasswordLoginValues {
  mobile: string;
  password: string;
}
export interface ForgotPasswordValues extends SmsFormValues {
  password: string;
  confirm: string;
}

/** SMS login and bind phone: a mobile and its SMS code. */
export function smsFormErrors(v: SmsFormValues): FieldErrors<keyof SmsFormValues> {
  return collect({ mobile: validatePhone(v.mobile), code: validateSmsCode(v.code) });
}

export function passwordLoginErrors(v: PasswordLoginValues): FieldErrors<keyof PasswordLoginValues> {
  return collect({ mobile: validatePhone(v.mobile), password: validatePassword(v.password) });
}

export function forgotPasswordErrors(v: ForgotPasswordValues): FieldErrors<keyof ForgotPasswordValues> {
  return collect({
    mobile: validatePhone(v.mobile),
    code: validateSmsCode(v.code),
    password: validateNewPassword(v.password),
    confirm: validateConfirmPassword(v.confirm, v.password),
  });
}

/** SMS codes are typed or pasted: spaces go, at most SMS_CODE_LENGTH characters stay. */
export function normalizeSmsCodeInput(value: string): string {
  return value.replace(/\s+/g, '').slice(0, SMS_CODE_LENGTH);
}

// ---- where a login leads -----------------------------------------------------------------------

/** /uc/bindphone with the WeChat code, state and session key (and the redirect target, if any). */
export function bindPhonePath(p: { sessionKey: string; code?: string; state?: string; redirect?: string | null }): string {
  const q = new URLSearchParams();
  if (p.code) q.set('code', p.code);
  if (p.state) q.set('state', p.state);
  q.set('sessionKey', p.sessionKey);
  if (p.redirect && p.redirect !== '/' && isSafeRedirect(p.redirect)) q.set('redirect', p.redirect);
  return `${BIND_PHONE_PATH}?${q.toString()}`;
}

/**
 * §4: after a login, an account with a bound mobile goes to the redirect target (already made safe
 * by `redirectTarget`); one without goes to bind phone with its session key.
 */
export function afterLoginPath(result: LoginResult, target: string): string {
  if (result.userinfo.bindMobile || !result.sessionKey) return target;
  return bindPhonePath({ sessionKey: result.sessionKey, redirect: target });
}

// ---- WeChat ------------------------------------------------------------------------------------

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

/** A stored or passed-on target made safe by the same rule as the redirect param (else '/'). */
export function safeRedirect(target: string | null | undefined): string {
  return redirectTarget(new URLSearchParams({ redirect: target ?? '' }).toString());
}
