/**
 * /usercenter/front/api login calls: the RSA key for password fields, SMS codes (behind the slider
 * captcha), and logging in by password, SMS code or a temporary code from the native app.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { CAPTCHA_FAILED_DATA, CAPTCHA_SCENES } from '../../src/domain/account/captcha';
import type { PasswordLoginRequest, RsaPublicKey, SendSmsAnswer, SendSmsRequest, SmsLoginRequest, TempCode } from '../../src/domain/account/contract';
import { PASSWORD_LOCK_MINUTES, PASSWORD_MAX_FAILURES, SMS_PER_IP_DAILY_LIMIT, SMS_PER_IP_HOURLY_LIMIT, SMS_PER_MOBILE_DAILY_LIMIT, SMS_PER_MOBILE_INTERVAL_SECONDS, TEMP_CODE_TTL_SECONDS } from '../../src/domain/account/limits';
import { ACCOUNT_TEXTS, lockedText } from '../../src/domain/account/texts';
import { validateSmsCode } from '../../src/domain/account/validation';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import { LOGIN_ATTEMPTS_PER_IP, SMS_CODE_CHECKS_PER_IP } from '../accounts/limits';
import { encryptedProp, mobileProp, requestTypeProp, smsCodeProp } from '../accounts/schemas';
import { checkPhone, clientIp, findOrRegister, findUserByMobile, loginResult } from '../accounts/users';
import { hashPassword, verifyPassword } from '../auth/password';
import { verifyCaptcha } from '../captcha/challenge';
import type { Db } from '../db/client';
import { tempCodes, users } from '../db/schema';
import { currentUser } from '../http/auth';
import { AppError, badRequest } from '../http/envelope';
import { enforceRateLimit } from '../security/rateLimit';
import { decryptPassword } from '../security/rsa';
import { getSecrets } from '../security/secrets';
import { issueSmsCode, verifySmsCode, voidSmsCode } from '../sms/codes';
import { type Area, defineRoute } from './lib/routes';

const DAY = 24 * 60 * 60;
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Checked against for unknown mobiles, so "no such user" takes as long as "wrong password". */
let dummyHash: Promise<string> | null = null;
const getDummyHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export function loginAttemptLimit(db: Db, ip: string): Promise<void> {
  return enforceRateLimit(db, `login:ip:${ip}`, LOGIN_ATTEMPTS_PER_IP.limit, LOGIN_ATTEMPTS_PER_IP.windowSeconds, TOO_MANY_REQUESTS_TEXT);
}

/** An SMS code check: the shared rule on the input, a per-IP cap, then the code itself. */
export async function checkSmsCode(db: Db, ip: string, mobile: string, requestType: SendSmsRequest['requestType'], code: string): Promise<void> {
  const error = validateSmsCode(code);
  if (error) throw badRequest(error);
  await enforceRateLimit(db, `smscheck:ip:${ip}`, SMS_CODE_CHECKS_PER_IP.limit, SMS_CODE_CHECKS_PER_IP.windowSeconds, TOO_MANY_REQUESTS_TEXT);
  await verifySmsCode(db, mobile, requestType, code);
}

export const loginArea: Area = {
  name: 'login',
  prefix: '/usercenter/front/api/',
  routes: ({ db, config, services }) => ({
    rsaPublicKey: defineRoute({
      async handler(): Promise<RsaPublicKey> {
        return { publicKey: (await getSecrets(db)).rsaPublicKeyPem };
      },
    }),

    sendMobileCode: defineRoute<{ Body: SendSmsRequest }>({
      schema: {
        body: {
          type: 'object',
          required: ['mobile', 'requestType', 'sceneId', 'captchaVerifyParam'],
          properties: {
            mobile: mobileProp,
            requestType: requestTypeProp(),
            sceneId: { type: 'string', maxLength: 40 },
            captchaVerifyParam: { type: 'string', maxLength: 100_000 },
          },
        },
      },
      async handler(request): Promise<SendSmsAnswer> {
        const { mobile, requestType, sceneId, captchaVerifyParam } = request.body;
        checkPhone(mobile);
        const ip = clientIp(request);
        // The captcha is checked (and used up) before anything else can be learnt from this call.
        const passed = sceneId === CAPTCHA_SCENES.sms && (await verifyCaptcha(db, config.captchaMode, CAPTCHA_SCENES.sms, captchaVerifyParam));
        if (!passed) return CAPTCHA_FAILED_DATA;
        if (requestType === 'FORGETPWD' && !(await findUserByMobile(db, mobile))) throw badRequest(ACCOUNT_TEXTS.mobileNotRegistered);

        // Cheapest refusals first; per-IP before per-mobile so a blocked IP cannot burn a mobile's quota.
        await enforceRateLimit(db, `sms:ip:${ip}`, SMS_PER_IP_HOURLY_LIMIT, 3600, ACCOUNT_TEXTS.smsTooFrequent);
        await enforceRateLimit(db, `sms:ip:${ip}`, SMS_PER_IP_DAILY_LIMIT, DAY, ACCOUNT_TEXTS.smsDailyLimit);
        await enforceRateLimit(db, `sms:mobile:${mobile}`, 1, SMS_PER_MOBILE_INTERVAL_SECONDS, ACCOUNT_TEXTS.smsTooFrequent);
        await enforceRateLimit(db, `sms:mobile:${mobile}`, SMS_PER_MOBILE_DAILY_LIMIT, DAY, ACCOUNT_TEXTS.smsDailyLimit);

        const issued = await issueSmsCode(db, mobile, requestType, ip);
        try {
          await services.sms.send(mobile, issued.code, requestType);
        } catch (err) {
          await voidSmsCode(db, issued.id);
          request.log.error({ err, provider: services.sms.name }, 'SMS not sent');
          throw new AppError(503);
        }
        return true;
      },
    }),

    loginBySms: defineRoute<{ Body: SmsLoginRequest }>({
      schema: {
        body: {
          type: 'object',
          required: ['mobile', 'code', 'requestType'],
          properties: { mobile: mobileProp, code: smsCodeProp, requestType: requestTypeProp('REGISTER') },
        },
      },
      async handler(request) {
        const ip = clientIp(request);
        await loginAttemptLimit(db, ip);
        const mobile = checkPhone(request.body.mobile);
        await checkSmsCode(db, ip, mobile, 'REGISTER', request.body.code);
        const { user } = await findOrRegister(db, mobile);
        return loginResult(db, user, request);
      },
    }),

    loginByPwd: defineRoute<{ Body: PasswordLoginRequest }>({
      schema: {
        body: { type: 'object', required: ['mobile', 'pwd'], properties: { mobile: mobileProp, pwd: encryptedProp('密码') } },
      },
      async handler(request) {
        await loginAttemptLimit(db, clientIp(request));
        const mobile = checkPhone(request.body.mobile);
        const password = await decryptPassword(db, request.body.pwd);
        const user = await findUserByMobile(db, mobile);
        if (!user) {
          await verifyPassword(password, await getDummyHash());
          throw badRequest(ACCOUNT_TEXTS.wrongPassword);
        }
        const now = Date.now();
        if (user.lockedUntil && user.lockedUntil.getTime() > now) throw badRequest(lockedText((user.lockedUntil.getTime() - now) / 60_000));
        if (!user.passwordHash) throw badRequest(ACCOUNT_TEXTS.noPasswordSet);
        if (!(await verifyPassword(password, user.passwordHash))) {
          // Counted in SQL, so parallel wrong guesses cannot all read the same old count.
          const [row] = await db
            .update(users)
            .set({ loginFailures: sql`${users.loginFailures} + 1` })
            .where(eq(users.id, user.id))
            .returning({ failures: users.loginFailures });
          if ((row?.failures ?? 0) >= PASSWORD_MAX_FAILURES) {
            // The count restarts, so after the lock the user gets the full number of tries again.
            await db
              .update(users)
              .set({ loginFailures: 0, lockedUntil: new Date(now + PASSWORD_LOCK_MINUTES * 60_000) })
              .where(eq(users.id, user.id));
            throw badRequest(lockedText(PASSWORD_LOCK_MINUTES));
          }
          throw badRequest(ACCOUNT_TEXTS.wrongPassword);
        }
        if (user.loginFailures !== 0 || user.lockedUntil) {
          await db.update(users).set({ loginFailures: 0, lockedUntil: null }).where(eq(users.id, user.id));
        }
        return loginResult(db, user, request);
      },
    }),

    createTempCode: defineRoute({
      auth: 'required',
      async handler(request): Promise<TempCode> {
        const { userId } = currentUser(request);
        const code = randomBytes(32).toString('base64url');
        const expiresAt = new Date(Date.now() + TEMP_CODE_TTL_SECONDS * 1000);
        await db.insert(tempCodes).values({ codeHash: sha256(code), userId, expiresAt });
        return { code, expiresAt: expiresAt.getTime() };
      },
    }),

    loginByTempCode: defineRoute<{ Params: { code: string } }>({
      schema: { params: { type: 'object', required: ['code'], properties: { code: { type: 'string', minLength: 1, maxLength: 128 } } } },
      async handler(request) {
        await loginAttemptLimit(db, clientIp(request));
        const now = new Date();
        const [used] = await db
          .update(tempCodes)
          .set({ usedAt: now })
          .where(and(eq(tempCodes.codeHash, sha256(request.params.code)), isNull(tempCodes.usedAt), gt(tempCodes.expiresAt, now)))
          .returning({ userId: tempCodes.userId });
        if (!used) throw badRequest(ACCOUNT_TEXTS.tempCodeInvalid);
        const [user] = await db.select().from(users).where(eq(users.id, used.userId)).limit(1);
        if (!user) throw badRequest(ACCOUNT_TEXTS.tempCodeInvalid);
        return loginResult(db, user, request);
      },
    }),
  }),
};
