/** Checks several accounts calls run before they act: the shared phone and SMS code rules, and the per-IP caps. */
import type { SmsRequestType } from '../../src/domain/account/contract';
import { validatePhone, validateSmsCode } from '../../src/domain/account/validation';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import type { Db } from '../db/client';
import { badRequest } from '../shared/envelope';
import { enforceRateLimit } from '../shared/rateLimit';
import { LOGIN_ATTEMPTS_PER_IP, SMS_CODE_CHECKS_PER_IP } from './limits';
import { verifySmsCode } from './smsCodes.queries';

/** The §5 phone rule with its exact messages ('手机号码不能为空', '手机号码格式不正确'). */
export function checkPhone(mobile: string): string {
  const error = validatePhone(mobile);
  if (error) throw badRequest(error);
  return mobile;
}

export function loginAttemptLimit(db: Db, ip: string): Promise<void> {
  return enforceRateLimit(db, `login:ip:${ip}`, LOGIN_ATTEMPTS_PER_IP.limit, LOGIN_ATTEMPTS_PER_IP.windowSeconds, TOO_MANY_REQUESTS_TEXT);
}

/** An SMS code check: the shared rule on the input, a per-IP cap, then the code itself. */
export async function checkSmsCode(db: Db, ip: string, mobile: string, requestType: SmsRequestType, code: string): Promise<void> {
  const error = validateSmsCode(code);
  if (error) throw badRequest(error);
  await enforceRateLimit(db, `smscheck:ip:${ip}`, SMS_CODE_CHECKS_PER_IP.limit, SMS_CODE_CHECKS_PER_IP.windowSeconds, TOO_MANY_REQUESTS_TEXT);
  await verifySmsCode(db, mobile, requestType, code);
}
