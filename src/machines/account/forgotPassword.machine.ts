/**
 * Forgot password (/uc/forgot-password, product-spec §4, §5): mobile + SMS code (smsSender,
 * FORGETPWD) + new password + confirmation → forgetPwd with the new password encrypted → toast
 * 密码重置成功 (`submitted`) → after FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS (0.8 s) the user is logged
 * in with the new password (`followingUp`) → emitted as `session.loggedIn`. If that login fails
 * (`followUpFailed`) the page offers the login page. States and events: see form/formFlow.ts.
 */
import type { LoginResult } from '../../domain/account/contract';
import { forgotPasswordErrors } from '../../domain/account/forms';
import { FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS } from '../../domain/account/limits';
import { ACCOUNT_TEXTS } from '../../domain/account/texts';
import { normalizePasswordInput, normalizePhoneInput, normalizeSmsCodeInput } from '../../domain/account/validation';
import { loginWithPassword, resetPassword } from '../../services/account/login.api';
import { showToast } from '../../services/shared/toast';
import { createFormFlow } from './form/formFlow';
import { loggedIn } from './loginOutcome';

export const forgotPasswordMachine = createFormFlow({
  id: 'forgotPassword',
  initialValues: { mobile: '', code: '', password: '', confirm: '' },
  normalize: { mobile: normalizePhoneInput, code: normalizeSmsCodeInput, password: normalizePasswordInput, confirm: normalizePasswordInput },
  validate: forgotPasswordErrors,
  smsRequestType: 'FORGETPWD',
  // Wrong or expired code, unknown mobile: the client toasted the server's text.
  submitId: 'resetPassword',
  submit: async (values): Promise<LoginResult | undefined> => {
    await resetPassword(values);
    return undefined;
  },
  onSubmitted: () => showToast(ACCOUNT_TEXTS.passwordReset, 'success'),
  followUp: { delayMs: FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS, id: 'login', run: loginWithPassword },
  outcome: (result, { target }) => loggedIn(result!, target),
});
