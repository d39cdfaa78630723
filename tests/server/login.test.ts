/** Logging in: the RSA key, password (lockout, no enumeration), SMS code (registration), temp codes and per-IP limits. */
import { eq, sql } from 'drizzle-orm';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { DEFAULT_AVATARS } from '../../src/domain/account/avatar';
import { PASSWORD_LOCK_MINUTES, PASSWORD_MAX_FAILURES, TEMP_CODE_TTL_SECONDS } from '../../src/domain/account/limits';
import { ACCOUNT_TEXTS, lockedText, MESSAGES } from '../../src/domain/account/texts';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import { LOGIN_ATTEMPTS_PER_IP } from '../../server/accounts/limits';
import { hashPassword } from '../../server/accounts/password';
import { SESSION_TTL_MS } from '../../server/shared/session';
import { serverSecrets, tempCodes, users } from '../../server/db/schema';
import { rsaDecrypt } from '../../server/shared/rsa';
import { getSecrets } from '../../server/shared/secrets';
import { call, encryptPwd, freshIp, freshMobile, smsCodeFor } from './accounts-helpers';
import { createTestApp, createUser, loginAs, secondServer, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { captchaMode: 'test' } });
});
afterAll(() => t.close());

const PASSWORD = 'abc123!';

async function userWithPassword(password = PASSWORD) {
  return createUser(t.db, { mobile: freshMobile(), passwordHash: await hashPassword(password) });
}

async function loginByPwd(mobile: string, password: string, ip = freshIp()) {
  return call(t, 'loginByPwd', { ip, body: { mobile, pwd: await encryptPwd(t, password) } });
}

describe('rsaPublicKey', () => {
  it('publishes one RSA-2048 public key, stored once, whose private half decrypts what the browser encrypts', async () => {
    const res = await call(t, 'rsaPublicKey');
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json().data;
    expect(publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    expect((forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey).n.bitLength()).toBe(2048);
    expect((await call(t, 'rsaPublicKey')).json().data.publicKey).toBe(publicKey);
    const rows = await t.db.select({ key: serverSecrets.key }).from(serverSecrets);
    expect(rows.map((r) => r.key).sort()).toEqual(['hmac_key', 'rsa_private_key', 'rsa_public_key']);
    // The browser side: JSEncrypt = UTF-8 bytes, PKCS#1 v1.5 padding, base64.
    const key = forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey;
    const cipher = forge.util.encode64(key.encrypt(forge.util.encodeUtf8('密码Ab1!'), 'RSAES-PKCS1-V1_5'));
    expect(rsaDecrypt((await getSecrets(t.db)).rsaPrivateKeyPem, cipher)).toBe('密码Ab1!');
  });
});

describe('loginByPwd', () => {
  it('logs in with the RSA-encrypted password and answers a LoginResult', async () => {
    const user = await userWithPassword();
    const before = Date.now();
    const res = await loginByPwd(user.mobile!, PASSWORD);
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['expirationTimestamp', 'token', 'userinfo']);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Seven days from the login, which happened within the request.
    expect(data.expirationTimestamp).toBeGreaterThanOrEqual(before + SESSION_TTL_MS);
    expect(data.expirationTimestamp).toBeLessThanOrEqual(after + SESSION_TTL_MS);
    expect(data.userinfo).toMatchObject({ id: user.id, mobile: user.mobile, bindMobile: true });
    expect((await call(t, 'getUserInfo', { token: data.token })).json().data.id).toBe(user.id);
  });

  it('strips whitespace from the decrypted password like the inputs do', async () => {
    const user = await userWithPassword();
    expect((await loginByPwd(user.mobile!, ` ${PASSWORD.slice(0, 3)} ${PASSWORD.slice(3)}\n`)).statusCode).toBe(200);
  });

  it('answers a wrong password, an unknown mobile and an account without a password the same way', async () => {
    const user = await userWithPassword();
    const noPassword = await createUser(t.db, { mobile: freshMobile() });
    const answers = [await loginByPwd(user.mobile!, 'wrong-1'), await loginByPwd(freshMobile(), PASSWORD), await loginByPwd(noPassword.mobile!, PASSWORD)];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: ACCOUNT_TEXTS.wrongPassword, data: null });
    }
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
  });

  it(`locks the account for ${PASSWORD_LOCK_MINUTES} minutes after ${PASSWORD_MAX_FAILURES} wrong passwords, then lets it in again`, async () => {
    const user = await userWithPassword();
    for (let i = 1; i < PASSWORD_MAX_FAILURES; i++) {
      expect((await loginByPwd(user.mobile!, `wrong-${i}`)).json().msg, `try ${i}`).toBe(ACCOUNT_TEXTS.wrongPassword);
    }
    const locking = await loginByPwd(user.mobile!, 'wrong-last');
    expect(locking.statusCode).toBe(400);
    expect(locking.json().msg).toBe(lockedText(PASSWORD_LOCK_MINUTES));
    expect(locking.json().msg).toBe(`密码错误次数过多，账号已锁定，请${PASSWORD_LOCK_MINUTES}分钟后再试`);
    // Locked: even the right password is refused, with the minutes left.
    expect((await loginByPwd(user.mobile!, PASSWORD)).json().msg).toBe(lockedText(PASSWORD_LOCK_MINUTES));
    await t.db
      .update(users)
      .set({ lockedUntil: sql`now() + interval '3 minutes'` })
      .where(eq(users.id, user.id));
    expect((await loginByPwd(user.mobile!, PASSWORD)).json().msg).toBe(lockedText(3));
    // The lock time passes.
    await t.db
      .update(users)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(users.id, user.id));
    expect((await loginByPwd(user.mobile!, PASSWORD)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ loginFailures: 0, lockedUntil: null });
  });

  it(`counts parallel guesses before judging them: 20 at once, over two servers, judge at most ${PASSWORD_MAX_FAILURES}, lock the account and refuse the right password after`, async () => {
    const user = await userWithPassword();
    const other = await secondServer(t);
    onTestFinished(() => other.close());
    const guessedFrom = Date.now();
    const guesses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) =>
        call(i % 2 ? other : t, 'loginByPwd', { ip: freshIp(), body: { mobile: user.mobile, pwd: await encryptPwd(t, `wrong-${i}`) } }),
      ),
    );
    const texts = guesses.map((r) => r.json().msg as string);
    expect(guesses.every((r) => r.statusCode === 400)).toBe(true);
    // Only a judged guess below the limit says "wrong"; the limit-reaching one and every refused one say "locked".
    expect(texts.filter((m) => m === ACCOUNT_TEXTS.wrongPassword).length).toBeLessThanOrEqual(PASSWORD_MAX_FAILURES - 1);
    expect(texts.filter((m) => m !== ACCOUNT_TEXTS.wrongPassword).every((m) => m === lockedText(PASSWORD_LOCK_MINUTES))).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    // Locked for PASSWORD_LOCK_MINUTES from the guess that reached the limit (one of these).
    expect(row!.lockedUntil!.getTime()).toBeGreaterThanOrEqual(guessedFrom + PASSWORD_LOCK_MINUTES * 60_000);
    expect(row!.lockedUntil!.getTime()).toBeLessThanOrEqual(Date.now() + PASSWORD_LOCK_MINUTES * 60_000);
    const right = await loginByPwd(user.mobile!, PASSWORD);
    expect(right.statusCode).toBe(400);
    expect(right.json().msg).toBe(lockedText(PASSWORD_LOCK_MINUTES));
  });

  it('resets the failure count on success', async () => {
    const user = await userWithPassword();
    for (let i = 1; i < PASSWORD_MAX_FAILURES; i++) await loginByPwd(user.mobile!, `wrong-${i}`);
    expect((await loginByPwd(user.mobile!, PASSWORD)).statusCode).toBe(200);
    for (let i = 1; i < PASSWORD_MAX_FAILURES; i++) {
      expect((await loginByPwd(user.mobile!, `wrong-${i}`)).json().msg).toBe(ACCOUNT_TEXTS.wrongPassword);
    }
  });

  it('refuses bad payloads with 400 naming the field', async () => {
    const pwd = await encryptPwd(t, PASSWORD);
    const cases: [Record<string, unknown>, string][] = [
      [{ pwd }, '手机号码不能为空'],
      [{ mobile: '1234', pwd }, '手机号码格式不正确'],
      [{ mobile: '13912345678' }, '密码不能为空'],
      [{ mobile: '13912345678', pwd: 'plain-text-password' }, ACCOUNT_TEXTS.passwordUndecryptable],
      [{ mobile: '13912345678', pwd: Buffer.alloc(256, 7).toString('base64') }, '密码格式不正确'],
      [{ mobile: '13912345678', pwd: await encryptPwd(t, '   ') }, MESSAGES.passwordRequired],
    ];
    for (const [body, msg] of cases) {
      const res = await call(t, 'loginByPwd', { body, ip: freshIp() });
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it(`limits login attempts to ${LOGIN_ATTEMPTS_PER_IP.limit} per IP, whatever the accounts`, async () => {
    const ip = freshIp();
    const pwd = await encryptPwd(t, 'whatever1');
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_IP.limit; i++) {
      const res = await call(t, 'loginByPwd', { ip, body: { mobile: freshMobile(), pwd } });
      expect(res.json().msg, `attempt ${i + 1}`).toBe(ACCOUNT_TEXTS.wrongPassword);
    }
    const user = await userWithPassword();
    const blocked = await loginByPwd(user.mobile!, PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 429, msg: TOO_MANY_REQUESTS_TEXT, data: null });
    // The same limit covers SMS and temp-code logins from that IP.
    expect((await call(t, 'loginBySms', { ip, body: { mobile: user.mobile, code: '123456', requestType: 'REGISTER' } })).statusCode).toBe(429);
    expect((await call(t, 'loginByTempCode', { ip, params: { code: 'x' } })).statusCode).toBe(429);
    expect((await loginByPwd(user.mobile!, PASSWORD)).statusCode).toBe(200);
  });
});

describe('loginBySms', () => {
  it('registers a new mobile as 学员 + last 4 digits and logs it in', async () => {
    const mobile = freshMobile();
    const code = await smsCodeFor(t, mobile);
    const res = await call(t, 'loginBySms', { ip: freshIp(), body: { mobile, code, requestType: 'REGISTER' } });
    expect(res.statusCode).toBe(200);
    const { token, userinfo } = res.json().data;
    expect(userinfo).toMatchObject({ nickname: `学员${mobile.slice(-4)}`, gender: 'UNKNOWN', mobile, bindMobile: true, avatar: DEFAULT_AVATARS.UNKNOWN });
    expect(res.json().data.sessionKey).toBeUndefined();
    const [row] = await t.db.select().from(users).where(eq(users.mobile, mobile));
    expect(row!.passwordHash).toBeNull();
    expect((await call(t, 'getUserInfo', { token })).json().data.id).toBe(row!.id);
  });

  it('logs an existing user in without changing the account', async () => {
    const user = await createUser(t.db, { mobile: freshMobile(), nickname: '老学员' });
    const code = await smsCodeFor(t, user.mobile!);
    const res = await call(t, 'loginBySms', { ip: freshIp(), body: { mobile: user.mobile, code, requestType: 'REGISTER' } });
    expect(res.json().data.userinfo).toMatchObject({ id: user.id, nickname: '老学员' });
  });

  it('refuses a wrong code, a used code and a bad payload', async () => {
    const mobile = freshMobile();
    const code = await smsCodeFor(t, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await call(t, 'loginBySms', { body: { mobile, code: wrong, requestType: 'REGISTER' } })).json().msg).toBe(ACCOUNT_TEXTS.smsCodeWrong);
    expect((await call(t, 'loginBySms', { body: { mobile, code, requestType: 'REGISTER' } })).statusCode).toBe(200);
    expect((await call(t, 'loginBySms', { body: { mobile, code, requestType: 'REGISTER' } })).json().msg).toBe(ACCOUNT_TEXTS.smsCodeExpired);
    const cases: [Record<string, unknown>, string][] = [
      [{ code, requestType: 'REGISTER' }, '手机号码不能为空'],
      [{ mobile, requestType: 'REGISTER' }, '短信验证码不能为空'],
      [{ mobile, code: '', requestType: 'REGISTER' }, MESSAGES.smsCodeRequired],
      [{ mobile, code: '1234567', requestType: 'REGISTER' }, MESSAGES.smsCodeInvalid],
      [{ mobile, code, requestType: 'FORGETPWD' }, '参数 requestType 取值无效'],
    ];
    for (const [body, msg] of cases) expect((await call(t, 'loginBySms', { body, ip: freshIp() })).json().msg, msg).toBe(msg);
  });
});

describe('temp codes (app bridge)', () => {
  it('are minted for the session user and log in exactly once', async () => {
    const user = await createUser(t.db, { mobile: freshMobile() });
    expect((await call(t, 'createTempCode')).statusCode).toBe(401);
    const token = await loginAs(t.db, user.id);
    const mintedFrom = Date.now();
    const minted = await call(t, 'createTempCode', { token });
    const mintedBy = Date.now();
    expect(minted.statusCode).toBe(200);
    const { code, expiresAt } = minted.json().data;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // TEMP_CODE_TTL_SECONDS from the moment it was minted, within the request.
    expect(expiresAt).toBeGreaterThanOrEqual(mintedFrom + TEMP_CODE_TTL_SECONDS * 1000);
    expect(expiresAt).toBeLessThanOrEqual(mintedBy + TEMP_CODE_TTL_SECONDS * 1000);
    const first = await call(t, 'loginByTempCode', { params: { code }, ip: freshIp() });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.userinfo.id).toBe(user.id);
    const again = await call(t, 'loginByTempCode', { params: { code }, ip: freshIp() });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 400, msg: ACCOUNT_TEXTS.tempCodeInvalid, data: null });
  });

  it('expire, and unknown codes are refused alike', async () => {
    const user = await createUser(t.db, { mobile: freshMobile() });
    const { code } = (await call(t, 'createTempCode', { token: await loginAs(t.db, user.id) })).json().data;
    await t.db
      .update(tempCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(tempCodes.userId, user.id));
    expect((await call(t, 'loginByTempCode', { params: { code }, ip: freshIp() })).json().msg).toBe(ACCOUNT_TEXTS.tempCodeInvalid);
    expect((await call(t, 'loginByTempCode', { params: { code: 'made-up' }, ip: freshIp() })).json().msg).toBe(ACCOUNT_TEXTS.tempCodeInvalid);
  });
});
