/**
 * The login calls of product-spec §7 (payloads and answers from domain/account/contract.ts), and the
 * few steps that combine them: encrypting a password before it is sent, building the SMS request
 * from a slider solution, checking WeChat's state before exchanging its code.
 * Failures toast through the HTTP client (§8) and reject with ApiError.
 */
import { ACCOUNT_CALLS } from '../../domain/account/calls';
import { CAPTCHA_SCENES, type CaptchaSolution, encodeCaptchaSolution } from '../../domain/account/captcha';
import {
  type BindMobileByWxRequest,
  type ForgetPwdRequest,
  type LoginResult,
  needsMobileBinding,
  type PasswordLoginRequest,
  type SendSmsAnswer,
  type SendSmsRequest,
  type SmsLoginRequest,
  type SmsRequestType,
  type WxConfig,
  type WxLoginAnswer,
} from '../../domain/account/contract';
import { type WxLoginState, wxStateMatches } from '../../domain/account/login';
import { call } from '../shared/http/client';
import { encryptPassword } from './passwordCrypto';
import { readWxLoginState } from './wxLoginState';

export function sendSmsCode(request: SendSmsRequest): Promise<SendSmsAnswer> {
  return call<SendSmsAnswer>(ACCOUNT_CALLS.sendMobileCode, { body: request });
}

export function loginBySms(request: SmsLoginRequest): Promise<LoginResult> {
  return call<LoginResult>(ACCOUNT_CALLS.loginBySms, { body: request });
}

export function loginByPwd(request: PasswordLoginRequest): Promise<LoginResult> {
  return call<LoginResult>(ACCOUNT_CALLS.loginByPwd, { body: request });
}

/** `state` is optional for the server; sent, it is checked there too (used up once). */
export function loginByWx(code: string, state?: string): Promise<WxLoginAnswer> {
  return call<WxLoginAnswer>(ACCOUNT_CALLS.loginByWx, { query: { code, state } });
}

export function getWxConfig(purpose: 'login' | 'bind'): Promise<WxConfig> {
  return call<WxConfig>(ACCOUNT_CALLS.wxConfig, { query: { purpose } });
}

export function bindMobileByWxCode(request: BindMobileByWxRequest): Promise<LoginResult> {
  return call<LoginResult>(ACCOUNT_CALLS.bindMobileByWxCode, { body: request });
}

export function forgetPwd(request: ForgetPwdRequest): Promise<unknown> {
  return call<unknown>(ACCOUNT_CALLS.forgetPwd, { body: request });
}

// ---- combined steps (what the machines invoke) ------------------------------------------------

export interface SmsCodeRequest {
  mobile: string;
  requestType: SmsRequestType;
  solution: CaptchaSolution;
}

/** The slider solution travels as captchaVerifyParam; data 400 means the slider did not pass. */
export function requestSmsCode({ mobile, requestType, solution }: SmsCodeRequest): Promise<SendSmsAnswer> {
  return sendSmsCode({ mobile, requestType, sceneId: CAPTCHA_SCENES.sms, captchaVerifyParam: encodeCaptchaSolution(solution) });
}

export async function loginWithPassword({ mobile, password }: { mobile: string; password: string }): Promise<LoginResult> {
  return loginByPwd({ mobile, pwd: await encryptPassword(password) });
}

export async function resetPassword({ mobile, code, password }: { mobile: string; code: string; password: string }): Promise<void> {
  await forgetPwd({ mobile, code, newPwd: await encryptPassword(password), requestType: 'FORGETPWD' });
}

export type WxExchangeOutcome =
  | { kind: 'stateMismatch' }
  | { kind: 'loggedIn'; result: LoginResult; stored: WxLoginState }
  | { kind: 'bindRequired'; sessionKey: string; stored: WxLoginState };

const exchanges = new Map<string, Promise<WxExchangeOutcome>>();

/**
 * Checks WeChat's `state` against the one this tab showed, then exchanges the one-time code.
 * One exchange at a time per code: React StrictMode (development) starts the login view's actor
 * twice, and a second loginByWx with the same one-time code would fail.
 */
export function exchangeWxCode(code: string, state: string): Promise<WxExchangeOutcome> {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = (async (): Promise<WxExchangeOutcome> => {
      const stored = readWxLoginState();
      if (!wxStateMatches(stored, state)) return { kind: 'stateMismatch' };
      const answer = await loginByWx(code, state);
      return needsMobileBinding(answer) ? { kind: 'bindRequired', sessionKey: answer.sessionKey, stored } : { kind: 'loggedIn', result: answer, stored };
    })().finally(() => exchanges.delete(code));
    exchanges.set(code, pending);
  }
  return pending;
}
