/** Which rules of validation.ts each account form applies. */
import { collectErrors, type FieldErrors } from '../shared/forms';
import { validateConfirmPassword, validateNewPassword, validatePassword, validatePhone, validateSmsCode } from './validation';

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
  return collectErrors({ mobile: validatePhone(v.mobile), code: validateSmsCode(v.code) });
}

export function passwordLoginErrors(v: PasswordLoginValues): FieldErrors<keyof PasswordLoginValues> {
  return collectErrors({ mobile: validatePhone(v.mobile), password: validatePassword(v.password) });
}

export function forgotPasswordErrors(v: ForgotPasswordValues): FieldErrors<keyof ForgotPasswordValues> {
  return collectErrors({
    mobile: validatePhone(v.mobile),
    code: validateSmsCode(v.code),
    password: validateNewPassword(v.password),
    confirm: validateConfirmPassword(v.confirm, v.password),
  });
}

export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * 修改密码 asks for the old password; 设置密码 (an account registered by SMS or WeChat has none)
 * does not, and its old-password field is neither shown nor checked.
 */
export function passwordChangeErrors(v: PasswordChangeValues, hasPassword: boolean): FieldErrors<keyof PasswordChangeValues> {
  const errors: FieldErrors<keyof PasswordChangeValues> = {};
  const oldError = hasPassword ? validatePassword(v.oldPassword) : null;
  const newError = validateNewPassword(v.newPassword);
  const confirmError = validateConfirmPassword(v.confirmPassword, v.newPassword);
  if (oldError) errors.oldPassword = oldError;
  if (newError) errors.newPassword = newError;
  if (confirmError) errors.confirmPassword = confirmError;
  return errors;
}
