/**
 * Bind phone (/uc/bindphone, product-spec §2): after a WeChat scan whose account has no mobile.
 * The page's query brings WeChat's code, state and the sessionKey that loginByWx answered; without
 * a sessionKey (or once the server says it expired) there is nothing to bind: 微信授权已过期
 * (`unavailable`). mobile + SMS code (smsSender, BINDPHONE) → bindMobileByWxCode → LoginResult,
 * emitted as `session.loggedIn`. States and events: see form/formFlow.ts.
 */
import { ACCOUNT_CALLS } from '../../domain/account/calls';
import type { LoginResult } from '../../domain/account/contract';
import { smsFormErrors } from '../../domain/account/forms';
import { ACCOUNT_TEXTS } from '../../domain/account/texts';
import { normalizePhoneInput, normalizeSmsCodeInput } from '../../domain/account/validation';
import { call } from '../../services/shared/http/client';
import { clearWxLoginState } from '../../services/account/wxLoginState';
import { createFormFlow } from './form/formFlow';
import { loggedIn } from './loginOutcome';

export interface BindPhoneData {
  sessionKey: string | null;
}

export const bindPhoneMachine = createFormFlow({
  id: 'bindPhone',
  initialValues: { mobile: '', code: '' },
  normalize: { mobile: normalizePhoneInput, code: normalizeSmsCodeInput },
  validate: smsFormErrors,
  smsRequestType: 'BINDPHONE',
  available: ({ data }: { data?: BindPhoneData | undefined }) => !!data?.sessionKey,
  submitId: 'bind',
  submit: ({ mobile, code }, data: BindPhoneData): Promise<LoginResult> =>
    call(ACCOUNT_CALLS.bindMobileByWxCode, { body: { code, mobile, requestType: 'BINDPHONE', sessionKey: data.sessionKey ?? '' } }),
  unavailableError: (error) => error instanceof Error && error.message === ACCOUNT_TEXTS.wechatSessionExpired,
  // The WeChat round trip is over: its state and redirect target are no longer needed.
  onSubmitted: () => clearWxLoginState(),
  outcome: (result, { target }) => loggedIn(result, target),
});
