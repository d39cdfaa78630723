/**
 * Logging in: the RSA key for password fields, and logging in by password, SMS code or a
 * temporary code from the native app.
 */
import { randomBytes } from 'node:crypto';
import type { RsaPublicKey, TempCode } from '../../src/domain/account/contract';
import { PASSWORD_LOCK_MINUTES, PASSWORD_MAX_FAILURES } from '../../src/domain/account/limits';
import { ACCOUNT_TEXTS, lockedText } from '../../src/domain/account/texts';
import { currentUser } from '../shared/auth';
import { badRequest } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { clientIp } from '../shared/request';
import { getSecrets } from '../shared/secrets';
import { checkPhone, checkSmsCode, loginAttemptLimit } from './checks';
import { loginResult } from './loginResult';
import { hashPassword, verifyPassword } from './password';
import { decryptPassword } from './rsa';
import { consumeTempCode, issueTempCode } from './tempCodes.queries';
import { claimPasswordTry, clearLoginFailures, findOrRegister, findUserById, findUserByMobile, lockedUntil, lockUser } from './users.queries';

/** Checked against for unknown mobiles, so "no such user" takes as long as "wrong password". */
let dummyHash: Promise<string> | null = null;
const getDummyHash = (): Promise<string> => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

export const loginRoutes: RouteGroup = ({ db, cache }) => ({
  rsaPublicKey: {
    async handler(): Promise<RsaPublicKey> {
      return { publicKey: (await getSecrets(db)).rsaPublicKeyPem };
    },
  },

  loginBySms: {
    async handler(request) {
      const ip = clientIp(request);
      await loginAttemptLimit(db, ip);
      const mobile = checkPhone(request.body.mobile);
      await checkSmsCode(db, ip, mobile, 'REGISTER', request.body.code);
      const { user } = await findOrRegister(db, mobile);
      return loginResult({ db, cache }, user, request);
    },
  },

  loginByPwd: {
    async handler(request) {
      await loginAttemptLimit(db, clientIp(request));
      const mobile = checkPhone(request.body.mobile);
      const password = await decryptPassword(db, request.body.pwd);
      const user = await findUserByMobile(db, mobile);
      // An unknown mobile and an account without a password answer as a wrong password does, after
      // as long a hash: the answer never tells who is registered (the form's help text points to SMS).
      if (!user?.passwordHash) {
        await verifyPassword(password, await getDummyHash());
        throw badRequest(ACCOUNT_TEXTS.wrongPassword);
      }
      const now = Date.now();
      if (user.lockedUntil && user.lockedUntil.getTime() > now) throw badRequest(lockedText((user.lockedUntil.getTime() - now) / 60_000));
      // The try is counted before the slow hash check: parallel guesses cannot outrun the limit.
      const claimed = await claimPasswordTry(db, user.id, new Date(now));
      if (!claimed) {
        const until = await lockedUntil(db, user.id);
        throw badRequest(lockedText(until && until.getTime() > now ? (until.getTime() - now) / 60_000 : PASSWORD_LOCK_MINUTES));
      }
      if (!(await verifyPassword(password, user.passwordHash))) {
        if (claimed.failures >= PASSWORD_MAX_FAILURES) {
          await lockUser(db, user.id, new Date(now + PASSWORD_LOCK_MINUTES * 60_000));
          throw badRequest(lockedText(PASSWORD_LOCK_MINUTES));
        }
        throw badRequest(ACCOUNT_TEXTS.wrongPassword);
      }
      await clearLoginFailures(db, user.id);
      return loginResult({ db, cache }, user, request);
    },
  },

  createTempCode: {
    auth: 'required',
    async handler(request): Promise<TempCode> {
      const { code, expiresAt } = await issueTempCode(db, currentUser(request).userId);
      return { code, expiresAt: expiresAt.getTime() };
    },
  },

  loginByTempCode: {
    async handler(request) {
      await loginAttemptLimit(db, clientIp(request));
      const userId = await consumeTempCode(db, request.params.code);
      if (userId === null) throw badRequest(ACCOUNT_TEXTS.tempCodeInvalid);
      const user = await findUserById(db, userId);
      if (!user) throw badRequest(ACCOUNT_TEXTS.tempCodeInvalid);
      return loginResult({ db, cache }, user, request);
    },
  },
});
