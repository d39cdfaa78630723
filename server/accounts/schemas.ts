/**
 * JSON-schema pieces of the accounts payloads. Labels make ajv's messages the §5 texts
 * ('手机号码不能为空', '短信验证码不能为空', '密码不能为空'); the handlers then apply the shared rules
 * of src/domain/account/validation.ts, so client and server refuse the same values with the same words.
 */
import { SMS_REQUEST_TYPES } from '../../src/domain/account/contract';

export const mobileProp = { type: 'string', label: '手机号码', maxLength: 20 } as const;
export const smsCodeProp = { type: 'string', label: '短信验证码', maxLength: 20 } as const;
/** Ciphertext of a 2048-bit key is 344 base64 characters; a little slack for line breaks. */
export const encryptedProp = (label: string) => ({ type: 'string', label, maxLength: 1024 }) as const;
export const requestTypeProp = (...types: (typeof SMS_REQUEST_TYPES)[number][]) =>
  ({ type: 'string', enum: types.length ? types : [...SMS_REQUEST_TYPES] }) as const;
