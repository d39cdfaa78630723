/**
 * The login steps that do more than one call of product-spec §7 (typed in domain/account/calls.ts):
 * encrypting a password before it is sent, building the SMS request from a slider solution,
 * checking WeChat's state before exchanging its code. The plain calls are made where they are
 * needed (`call(ACCOUNT_CALLS.loginBySms, { body })`). Failures toast through the HTTP client (§8)
 * and reject with ApiError.
 */
import { ACCOUNT_CALLS } from '../../domain/account/calls';
import { CAPTCHA_SCENES, type CaptchaSolution, encodeCaptchaSolution } from '../../domain/account/captcha';
import { type LoginResult, needsMobileBinding, type SendSmsAnswer, type SmsRequestType } from '../../domain/account/contract';
import { type WxLoginState, wxStateMatches } from '../../domain/account/login';
import { call } from '../shared/http/client';
import { encryptPassword } from './passwordCrypto';
import { readWxLoginState } from './wxLoginState';

// ---- combined steps (what the machines invoke) ------------------------------------------------

export interface SmsCodeRequest {
  mobile: string;
  requestType: SmsRequestType;
  solution: CaptchaSolution;
}

/** The slider solution travels as captchaVerifyParam; data 400 means the slider did not pass. */
export function requestSmsCode({ mobile, requestType, solution }: SmsCodeRequest): Promise<SendSmsAnswer> {
  const body = { mobile, requestType, sceneId: CAPTCHA_SCENES.sms, captchaVerifyParam: encodeCaptchaSolution(solution) };
  return call(ACCOUNT_CALLS.sendMobileCode, { body });
}

export async function loginWithPassword({ mobile, password }: { mobile: string; password: string }): Promise<LoginResult> {
  return call(ACCOUNT_CALLS.loginByPwd, { body: { mobile, pwd: await encryptPassword(password) } });
}

export async function resetPassword({ mobile, code, password }: { mobile: string; code: string; password: string }): Promise<void> {
  await call(ACCOUNT_CALLS.forgetPwd, { body: { mobile, code, newPwd: await encryptPassword(password), requestType: 'FORGETPWD' } });
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
      const answer = await call(ACCOUNT_CALLS.loginByWx, { query: { code, state } });
      return needsMobileBinding(answer) ? { kind: 'bindRequired', sessionKey: answer.sessionKey, stored } : { kind: 'loggedIn', result: answer, stored };
    })().finally(() => exchanges.delete(code));
    exchanges.set(code, pending);
  }
  return pending;
}
