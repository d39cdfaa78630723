/**
 * SMS-code login (the card's first tab): mobile + code + agreement → loginBySms. A new mobile is
 * registered by the same call (requestType REGISTER), so this tab is also 免费注册. The get-code
 * link is the invoked smsSender (REGISTER). States and events: see login/loginForm.ts.
 */
import { smsFormErrors } from '../domain/account/forms';
import { normalizePhoneInput, normalizeSmsCodeInput } from '../domain/account/validation';
import { loginBySms } from '../services/api/login.api';
import { createLoginFormMachine } from './login/loginForm';

export const smsLoginMachine = createLoginFormMachine({
  id: 'smsLogin',
  initialValues: { mobile: '', code: '' },
  normalize: { mobile: normalizePhoneInput, code: normalizeSmsCodeInput },
  validate: smsFormErrors,
  login: ({ mobile, code }) => loginBySms({ mobile, code, requestType: 'REGISTER' }),
  smsRequestType: 'REGISTER',
});
