/**
 * Password login (the card's second tab): mobile + password + agreement → the password is
 * RSA-encrypted (jsencrypt loaded on demand) → loginByPwd. Wrong password and lock-out texts come
 * from the server as 400 messages and are toasted by the client. States: see form/formFlow.ts.
 */
import type { LoginResult } from '../../domain/account/contract';
import { passwordLoginErrors } from '../../domain/account/forms';
import { normalizePasswordInput, normalizePhoneInput } from '../../domain/account/validation';
import { loginWithPassword } from '../../services/account/login.api';
import { createFormFlow } from './form/formFlow';
import { loggedIn } from './loginOutcome';

export const passwordLoginMachine = createFormFlow({
  id: 'passwordLogin',
  initialValues: { mobile: '', password: '' },
  normalize: { mobile: normalizePhoneInput, password: normalizePasswordInput },
  validate: passwordLoginErrors,
  submitId: 'login',
  submit: (values): Promise<LoginResult> => loginWithPassword(values),
  agreement: true,
  outcome: (result, { target }) => loggedIn(result, target),
});
