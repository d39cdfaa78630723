/** sendMobileCodeCaptchaVerify: payload rules, limits, and the life of a code (expiry, reuse, wrong tries). */
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  SMS_CODE_MAX_WRONG_TRIES,
  SMS_CODE_TTL_SECONDS,
  SMS_PER_IP_DAILY_LIMIT,
  SMS_PER_IP_HOURLY_LIMIT,
  SMS_PER_MOBILE_DAILY_LIMIT,
} from '../../src/domain/account/limits';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { smsCodes, smsOutbox } from '../../server/db/schema';
import { rateCounters } from '../../server/db/unlogged';
import { counterKey } from '../../server/shared/rateLimit';
import { verifySmsCode } from '../../server/accounts/smsCodes.queries';
import { call, freshIp, freshMobile, latestOutboxCode, latestSmsRow, sendSms, skipSmsInterval } from './accounts-helpers';
import { createTestApp, createUser, secondServer, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { captchaMode: 'test' } });
});
afterAll(() => t.close());

const expectError = (res: { statusCode: number; json(): unknown }, status: number, msg: string): void => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ code: status, msg, data: null });
};

const skipInterval = (mobile: string): Promise<void> => skipSmsInterval(t, mobile);

describe('sendMobileCode payload', () => {
  it('answers data true and puts a 6-digit code in the outbox', async () => {
    const mobile = freshMobile();
    const res = await sendSms(t, mobile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: true });
    expect(await latestOutboxCode(t, mobile)).toMatch(/^\d{6}$/);
    const row = await latestSmsRow(t, mobile, 'REGISTER');
    // Only a keyed hash is stored, never the code.
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(await latestOutboxCode(t, mobile));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan((SMS_CODE_TTL_SECONDS - 5) * 1000);
  });

  it('refuses bad payloads with 400 naming the field', async () => {
    const base = { mobile: '13912345678', requestType: 'REGISTER', sceneId: 'SMS', captchaVerifyParam: 'test-pass' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, mobile: undefined }, '手机号码不能为空'],
      [{ ...base, mobile: '' }, '手机号码不能为空'],
      [{ ...base, mobile: '12345678901' }, '手机号码格式不正确'],
      [{ ...base, mobile: '1391234567' }, '手机号码格式不正确'],
      [{ ...base, requestType: 'LOGIN' }, '参数 requestType 取值无效'],
      [{ ...base, requestType: undefined }, '参数 requestType 不能为空'],
      [{ ...base, captchaVerifyParam: undefined }, '参数 captchaVerifyParam 不能为空'],
    ];
    for (const [body, msg] of cases) expectError(await call(t, 'sendMobileCode', { body, ip: freshIp() }), 400, msg);
  });

  it('answers code 200 with data 400 when the captcha does not pass, and sends nothing', async () => {
    const mobile = freshMobile();
    for (const captcha of ['wrong', '', 'dGVzdC1wYXNz']) {
      const res = await sendSms(t, mobile, 'REGISTER', freshIp(), captcha);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 200, msg: 'success', data: 400 });
    }
    const other = await call(t, 'sendMobileCode', { body: { mobile, requestType: 'REGISTER', sceneId: 'OTHER', captchaVerifyParam: 'test-pass' } });
    expect(other.json().data).toBe(400);
    expect(await t.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile))).toEqual([]);
  });

  it('needs a registered mobile for FORGETPWD', async () => {
    expectError(await sendSms(t, freshMobile(), 'FORGETPWD'), 400, ACCOUNT_TEXTS.mobileNotRegistered);
    const user = await createUser(t.db, { mobile: freshMobile() });
    expect((await sendSms(t, user.mobile!, 'FORGETPWD')).json().data).toBe(true);
  });
});

describe('SMS limits', () => {
  it('allows one SMS per mobile per 60 s', async () => {
    const mobile = freshMobile();
    expect((await sendSms(t, mobile)).json().data).toBe(true);
    expectError(await sendSms(t, mobile), 429, ACCOUNT_TEXTS.smsTooFrequent);
    // Another purpose is still the same phone: still too soon.
    expectError(await sendSms(t, mobile, 'BINDPHONE'), 429, ACCOUNT_TEXTS.smsTooFrequent);
    await skipInterval(mobile);
    expect((await sendSms(t, mobile)).json().data).toBe(true);
  });

  it(`allows ${SMS_PER_MOBILE_DAILY_LIMIT} SMS per mobile a day`, async () => {
    const mobile = freshMobile();
    for (let i = 0; i < SMS_PER_MOBILE_DAILY_LIMIT; i++) {
      expect((await sendSms(t, mobile)).json().data, `SMS ${i + 1}`).toBe(true);
      await skipInterval(mobile);
    }
    expectError(await sendSms(t, mobile), 429, ACCOUNT_TEXTS.smsDailyLimit);
    const sent = await t.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile));
    expect(sent).toHaveLength(SMS_PER_MOBILE_DAILY_LIMIT);
  });

  it(`allows ${SMS_PER_IP_HOURLY_LIMIT} SMS per IP an hour and ${SMS_PER_IP_DAILY_LIMIT} a day`, async () => {
    const ip = freshIp();
    for (let i = 0; i < SMS_PER_IP_HOURLY_LIMIT; i++) {
      expect((await sendSms(t, freshMobile(), 'REGISTER', ip)).json().data, `SMS ${i + 1}`).toBe(true);
    }
    const blocked = freshMobile();
    expectError(await sendSms(t, blocked, 'REGISTER', ip), 429, ACCOUNT_TEXTS.smsTooFrequent);
    // The refused request did not use up the mobile's own quota.
    expect((await sendSms(t, blocked, 'REGISTER', freshIp())).json().data).toBe(true);

    // An hour later the hourly window is over, but the day's count stands.
    await t.db
      .update(rateCounters)
      .set({ windowStart: sql`${rateCounters.windowStart} - interval '61 minutes'` })
      .where(eq(rateCounters.key, counterKey(`sms:ip:${ip}`, 3600)));
    await t.db
      .update(rateCounters)
      .set({ count: SMS_PER_IP_DAILY_LIMIT })
      .where(eq(rateCounters.key, counterKey(`sms:ip:${ip}`, 86400)));
    expectError(await sendSms(t, freshMobile(), 'REGISTER', ip), 429, ACCOUNT_TEXTS.smsDailyLimit);
  });
});

describe('SMS codes', () => {
  it('are single use', async () => {
    const mobile = freshMobile();
    await sendSms(t, mobile);
    const code = await latestOutboxCode(t, mobile);
    await verifySmsCode(t.db, mobile, 'REGISTER', code);
    await expect(verifySmsCode(t.db, mobile, 'REGISTER', code)).rejects.toMatchObject({ statusCode: 400, message: ACCOUNT_TEXTS.smsCodeExpired });
  });

  it('belong to one purpose', async () => {
    const mobile = freshMobile();
    await sendSms(t, mobile, 'BINDPHONE');
    const code = await latestOutboxCode(t, mobile);
    await expect(verifySmsCode(t.db, mobile, 'REGISTER', code)).rejects.toMatchObject({ message: ACCOUNT_TEXTS.smsCodeExpired });
    await verifySmsCode(t.db, mobile, 'BINDPHONE', code);
  });

  it('expire after the TTL', async () => {
    const mobile = freshMobile();
    await sendSms(t, mobile);
    const code = await latestOutboxCode(t, mobile);
    await t.db
      .update(smsCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(smsCodes.mobile, mobile));
    await expect(verifySmsCode(t.db, mobile, 'REGISTER', code)).rejects.toMatchObject({ message: ACCOUNT_TEXTS.smsCodeExpired });
  });

  it(`die after ${SMS_CODE_MAX_WRONG_TRIES} wrong tries, even for the right code`, async () => {
    const mobile = freshMobile();
    await sendSms(t, mobile);
    const code = await latestOutboxCode(t, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_WRONG_TRIES; i++) {
      await expect(verifySmsCode(t.db, mobile, 'REGISTER', wrong)).rejects.toMatchObject({ message: ACCOUNT_TEXTS.smsCodeWrong });
    }
    await expect(verifySmsCode(t.db, mobile, 'REGISTER', code)).rejects.toMatchObject({ message: ACCOUNT_TEXTS.smsCodeExpired });
  });

  it(`count parallel guesses before judging them: 20 wrong codes at once, over two servers, judge at most ${SMS_CODE_MAX_WRONG_TRIES}, and the right code is refused after`, async () => {
    const mobile = freshMobile();
    await sendSms(t, mobile);
    const code = await latestOutboxCode(t, mobile);
    const other = await secondServer(t);
    onTestFinished(() => other.close());
    const login = (server: TestApp, guess: string) => call(server, 'loginBySms', { ip: freshIp(), body: { mobile, code: guess, requestType: 'REGISTER' } });
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(i % 2 ? other : t, String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'))),
    );
    expect(guesses.every((r) => r.statusCode === 400)).toBe(true);
    const texts = guesses.map((r) => r.json().msg as string);
    // A judged guess says "wrong"; a guess refused because the code's tries were used up says "expired".
    expect(texts.filter((m) => m === ACCOUNT_TEXTS.smsCodeWrong).length).toBeLessThanOrEqual(SMS_CODE_MAX_WRONG_TRIES);
    expect(texts.filter((m) => m !== ACCOUNT_TEXTS.smsCodeWrong).every((m) => m === ACCOUNT_TEXTS.smsCodeExpired)).toBe(true);
    expect((await latestSmsRow(t, mobile, 'REGISTER'))!.wrongTries).toBe(SMS_CODE_MAX_WRONG_TRIES);
    expectError(await login(t, code), 400, ACCOUNT_TEXTS.smsCodeExpired);
  });

  it('keep working after fewer wrong tries', async () => {
    const mobile = freshMobile();
    await sendSms(t, mobile);
    const code = await latestOutboxCode(t, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_WRONG_TRIES - 1; i++) {
      await expect(verifySmsCode(t.db, mobile, 'REGISTER', wrong)).rejects.toMatchObject({ message: ACCOUNT_TEXTS.smsCodeWrong });
    }
    await verifySmsCode(t.db, mobile, 'REGISTER', code);
  });

  it('are replaced by a newer code for the same mobile and purpose', async () => {
    const mobile = freshMobile();
    await sendSms(t, mobile);
    const first = await latestOutboxCode(t, mobile);
    await skipInterval(mobile);
    await sendSms(t, mobile);
    const second = await latestOutboxCode(t, mobile);
    if (first !== second) {
      await expect(verifySmsCode(t.db, mobile, 'REGISTER', first)).rejects.toMatchObject({ message: ACCOUNT_TEXTS.smsCodeWrong });
    }
    await verifySmsCode(t.db, mobile, 'REGISTER', second);
    const live = await t.db
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), like(smsCodes.requestType, 'REGISTER')));
    expect(live.every((row) => row.usedAt !== null)).toBe(true);
  });
});

describe('GET /dev/sms-outbox', () => {
  it('lists the codes sent to a mobile, newest first', async () => {
    const mobile = freshMobile();
    await sendSms(t, mobile);
    await skipInterval(mobile);
    await sendSms(t, mobile, 'BINDPHONE');
    const res = await t.app.inject({ method: 'GET', url: `/dev/sms-outbox?mobile=${mobile}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: 'success' });
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toEqual({ mobile, code: expect.stringMatching(/^\d{6}$/), requestType: 'BINDPHONE', sentAt: expect.any(Number) });
    expect(body.data[1].requestType).toBe('REGISTER');
    expect(body.data[0].sentAt).toBeGreaterThanOrEqual(body.data[1].sentAt);
    expect((await t.app.inject({ method: 'GET', url: '/dev/sms-outbox' })).json().msg).toBe('参数 mobile 不能为空');
  });
});
