/** Which rules of validation.ts the account-settings forms apply (the rules themselves live there). */
import type { FieldErrors } from './login';
import { validateConfirmPassword, validateNewPassword, validatePassword } from './validation';

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
