/**
 * Password login (the card's second tab): mobile + password + agreement → the password is
 * RSA-encrypted (jsencrypt loaded on demand) → loginByPwd. Wrong password and lock-out texts come
 * from the server as 400 messages and are toasted by the client. States: see login/loginForm.ts.
 */
import { passwordLoginErrors } from '../domain/account/forms';
import { normalizePasswordInput, normalizePhoneInput } from '../domain/account/validation';
import { loginWithPassword } from '../services/api/login.api';
import { createLoginFormMachine } from './login/loginForm';

export const passwordLoginMachine = createLoginFormMachine({
  id: 'passwordLogin',
  initialValues: { mobile: '', password: '' },
  normalize: { mobile: normalizePhoneInput, password: normalizePasswordInput },
  validate: passwordLoginErrors,
  login: loginWithPassword,
});
