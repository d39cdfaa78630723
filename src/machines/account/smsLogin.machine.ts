/**
 * SMS-code login (the card's first tab): mobile + code + agreement → loginBySms. A new mobile is
 * registered by the same call (requestType REGISTER), so this tab is also 免费注册. The get-code
 * link is the invoked smsSender (REGISTER). States and events: see form/formFlow.ts.
 */
import { ACCOUNT_CALLS } from '../../domain/account/calls';
import type { LoginResult } from '../../domain/account/contract';
import { smsFormErrors } from '../../domain/account/forms';
import { normalizePhoneInput, normalizeSmsCodeInput } from '../../domain/account/validation';
import { call } from '../../services/shared/http/client';
import { createFormFlow } from './form/formFlow';
import { loggedIn } from './loginOutcome';

export const smsLoginMachine = createFormFlow({
  id: 'smsLogin',
  initialValues: { mobile: '', code: '' },
  normalize: { mobile: normalizePhoneInput, code: normalizeSmsCodeInput },
  validate: smsFormErrors,
  submitId: 'login',
  submit: ({ mobile, code }): Promise<LoginResult> => call(ACCOUNT_CALLS.loginBySms, { body: { mobile, code, requestType: 'REGISTER' } }),
  smsRequestType: 'REGISTER',
  agreement: true,
  outcome: (result, { target }) => loggedIn(result, target),
});
