/**
 * The input rules of product-spec §5, one definition for the client and the server, so both refuse
 * the same values with the same words.
 */
import { AVATAR_MAX_BYTES, NICKNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_LENGTH, SMS_CODE_LENGTH } from './limits';
import { ACCOUNT_TEXTS, MESSAGES } from './texts';

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export const PASSWORD_CHARSET = /^[0-9A-Za-z!@#$%^&*._?]+$/;

export const INPUT_MAX_LENGTH = { phone: PHONE_LENGTH, smsCode: SMS_CODE_LENGTH, password: PASSWORD_MAX_LENGTH } as const;

/** A rule answers the error message, or null when the value passes. */
export type Rule = (value: string) => string | null;

export const validatePhone: Rule = (value) => {
  if (!value) return MESSAGES.phoneRequired;
  return PHONE_PATTERN.test(value) ? null : MESSAGES.phoneInvalid;
};

export const validateSmsCode: Rule = (value) => {
  if (!value) return MESSAGES.smsCodeRequired;
  return value.length <= SMS_CODE_LENGTH ? null : MESSAGES.smsCodeInvalid;
};

export const validatePassword: Rule = (value) => (value ? null : MESSAGES.passwordRequired);

/** 6-18 of digits, letters and !@#$%^&*._?, combining at least two of the three kinds. */
export const validateNewPassword: Rule = (value) => {
  if (!value) return MESSAGES.newPasswordRule;
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return MESSAGES.newPasswordRule;
  if (!PASSWORD_CHARSET.test(value)) return MESSAGES.newPasswordRule;
  const kinds = [/\d/, /[A-Za-z]/, /[!@#$%^&*._?]/].filter((re) => re.test(value)).length;
  return kinds >= 2 ? null : MESSAGES.newPasswordRule;
};

export function validateConfirmPassword(confirm: string, password: string): string | null {
  if (!confirm) return MESSAGES.confirmRequired;
  return confirm === password ? null : MESSAGES.confirmMismatch;
}

/**
 * Nickname: required after trimming, at most NICKNAME_MAX_LENGTH characters. Characters are
 * counted as code points so an emoji counts once, as a user would count it.
 */
export const validateNickname: Rule = (value) => {
  const trimmed = value.trim();
  if (!trimmed) return ACCOUNT_TEXTS.nicknameRequired;
  return [...trimmed].length <= NICKNAME_MAX_LENGTH ? null : ACCOUNT_TEXTS.nicknameTooLong;
};

/** The image types an avatar may have (the `accept` of the picker and the client-side check). */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** An avatar file is refused before upload when its type or size is wrong (the server checks again). */
export function validateAvatarFile(file: { type: string; size: number }): string | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return ACCOUNT_TEXTS.imageTypeInvalid;
  return file.size <= AVATAR_MAX_BYTES ? null : ACCOUNT_TEXTS.imageTooLarge;
}

/** Password inputs drop all whitespace and keep at most 18 characters. */
export function normalizePasswordInput(value: string): string {
  return value.replace(/\s+/g, '').slice(0, PASSWORD_MAX_LENGTH);
}

export function normalizePhoneInput(value: string): string {
  return value.replace(/\D+/g, '').slice(0, PHONE_LENGTH);
}

/** SMS codes are typed or pasted: spaces go, at most SMS_CODE_LENGTH characters stay. */
export function normalizeSmsCodeInput(value: string): string {
  return value.replace(/\s+/g, '').slice(0, SMS_CODE_LENGTH);
}
