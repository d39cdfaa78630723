/**
 * The device limit (issue 24): a login beyond account.deviceLimit ends the oldest live sessions of
 * the account, on one server and across two (two processes on one database), whatever the order
 * of concurrent logins; the ended device's calls answer the 401 with 您的账号已在其他设备登录 (the
 * login check too). 登录设备: the list shows only the caller's live sessions, signing one out
 * works, another user's id is 404. The last-seen time is written in the background.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceSession } from '../../src/domain/account/contract';
import { DEVICE_TEXTS } from '../../src/domain/account/devices.texts';
import { SITE_SETTING_KEYS } from '../../src/domain/site/settings';
import { hashPassword } from '../../server/accounts/password';
import { sessions } from '../../server/db/schema';
import { sessionSeen } from '../../server/db/unlogged';
import { hashToken, recordSeen, SEEN_EVERY_MS } from '../../server/shared/session';
import { md5Hex } from '../../server/shared/signedRequest';
import { SITE_CALLS } from '../../src/domain/site/calls';
import { signParams } from '../../src/domain/shared/signature';
import { call, encryptPwd, freshIp, freshMobile } from './accounts-helpers';
import { createTestApp, createUser, loginAs, secondServer, type TestApp } from './harness';

const PASSWORD = 'abc123!';
const REPLACED = { code: 401, msg: DEVICE_TEXTS.replaced, data: null };
const UNAUTHORIZED = { code: 401, msg: '登录已失效，请重新登录', data: null };

const UA = {
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iPhoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  app: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 XuetuApp/3.2',
} as const;

let t: TestApp;
let other: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { captchaMode: 'test' } });
  await t.app.ready();
  other = await secondServer(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

async function student() {
  return createUser(t.db, { mobile: freshMobile(), passwordHash: await hashPassword(PASSWORD) });
}

/** A password login on `app` from a fresh address (per-IP limits stay out of the way); answers the token. */
async function login(app: TestApp, mobile: string, userAgent: string = UA.windowsChrome, ip = freshIp()): Promise<string> {
  const res = await call(app, 'loginByPwd', { ip, headers: { 'user-agent': userAgent }, body: { mobile, pwd: await encryptPwd(app, PASSWORD) } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.token as string;
}

const userInfo = (app: TestApp, token: string) => call(app, 'getUserInfo', { token, body: {} });
const checkStatus = (app: TestApp, token?: string) => call(app, 'checkStatus', token ? { token } : {});

/** Sets a site setting as an operator would, through the developer route of `app` (its cache at once, the other's by the change feed). */
async function setSetting(app: TestApp, key: string, value: string): Promise<void> {
  const res = await app.app.inject({ method: 'PUT', url: `/dev/site-params/${key}`, payload: { value } });
  expect(res.statusCode, res.body).toBe(200);
}

async function liveSessionIds(userId: number): Promise<number[]> {
  const rows = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(sessions.id);
  return rows.map((r) => r.id);
}

async function sessionOf(token: string) {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row!;
}

/**
 * Polls until `read` gives `expected`: what another server learns from the change feed comes a
 * moment after the commit. Bounded far below the cache's own 5-minute expiry, so an answer that
 * turns right within it was refreshed by the feed.
 */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (JSON.stringify(value) === JSON.stringify(expected) || Date.now() - started > 30_000) {
      expect(value).toEqual(expected);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the device limit (default 2, web and app together)', () => {
  it('a third login ends the first: its calls and its login check answer the 401 with the message; the others go on', async () => {
    const user = await student();
    const first = await login(t, user.mobile!);
    expect((await userInfo(t, first)).statusCode).toBe(200);
    const second = await login(t, user.mobile!);
    const third = await login(t, user.mobile!);

    const refused = await userInfo(t, first);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(REPLACED);
    const check = await checkStatus(t, first);
    expect(check.statusCode).toBe(401);
    expect(check.json()).toEqual(REPLACED);
    // Any signed-in call: the session list too.
    expect((await call(t, 'sessionList', { token: first })).json()).toEqual(REPLACED);

    for (const token of [second, third]) {
      expect((await userInfo(t, token)).json().data.id).toBe(user.id);
      expect((await checkStatus(t, token)).json()).toEqual({ code: 200, msg: 'success', data: true });
    }
    expect(await sessionOf(first)).toMatchObject({ revokedReason: 'DEVICE_LIMIT' });
    expect((await sessionOf(second)).revokedAt).toBeNull();
  });

  it('the signed calls (feedback) and the WeChat bind say it too', async () => {
    const user = await student();
    const first = await login(t, user.mobile!);
    await login(t, user.mobile!);
    await login(t, user.mobile!);
    const bind = await call(t, 'wxConfig', { query: { purpose: 'bind' }, token: first });
    expect(bind.statusCode).toBe(401);
    expect(bind.json()).toEqual(REPLACED);
    const fields = {
      type: 1,
      content: '播放页打不开，换了几个浏览器都一样',
      images: '',
      appId: 'xuetu-pc-test',
      timestamp: Date.now(),
      token: first,
      nonce: user.id.toString(16).padStart(16, '0'),
    };
    const feedback = await t.app.inject({
      method: 'POST',
      url: SITE_CALLS.feedbackSave.path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'terminal-type': 'PC' },
      payload: new URLSearchParams({
        ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
        sign: signParams(fields, md5Hex),
      }).toString(),
    });
    expect(feedback.json()).toEqual(REPLACED);
  });

  it('across two servers: a login on one ends a session the other holds in its cache', async () => {
    const user = await student();
    const first = await login(t, user.mobile!);
    // The first server now keeps the session in its cache.
    expect((await userInfo(t, first)).statusCode).toBe(200);
    expect((await userInfo(t, first)).statusCode).toBe(200);
    await login(other, user.mobile!);
    const third = await login(other, user.mobile!);

    await eventually(async () => (await userInfo(t, first)).json(), REPLACED);
    expect((await checkStatus(t, first)).json()).toEqual(REPLACED);
    expect((await userInfo(other, first)).json()).toEqual(REPLACED);
    expect((await userInfo(t, third)).statusCode).toBe(200);
  });

  it('concurrent logins on two servers never leave more than the limit live: the last two logins stay', async () => {
    const user = await student();
    // One-time login codes (the app's), all made first by a session of a tool; six logins then race.
    const tool = await loginAs(t.db, user.id);
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) codes.push((await call(t, 'createTempCode', { token: tool })).json().data.code as string);
    const logins = await Promise.all(codes.map((code, i) => call(i % 2 === 0 ? t : other, 'loginByTempCode', { ip: freshIp(), params: { code }, body: {} })));
    const tokens = logins.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.token as string;
    });
    const live = await liveSessionIds(user.id);
    expect(live).toHaveLength(2);
    // The logins took turns on the user's row: the two newest sessions are the live ones.
    const all = (await Promise.all(tokens.map(sessionOf))).map((row) => row.id).sort((a, b) => a - b);
    expect(live).toEqual(all.slice(-2));
    const ended = await t.db.select({ reason: sessions.revokedReason }).from(sessions).where(eq(sessions.userId, user.id));
    expect(ended.filter((row) => row.reason === 'DEVICE_LIMIT')).toHaveLength(5);
  });

  it('sessions made without a login (tests, tools) are not limited, but the next login counts them', async () => {
    const user = await student();
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push(await loginAs(t.db, user.id));
    for (const token of made) expect((await userInfo(t, token)).statusCode).toBe(200);
    const fresh = await login(t, user.mobile!);
    expect(await liveSessionIds(user.id)).toHaveLength(2);
    expect((await userInfo(t, fresh)).statusCode).toBe(200);
    expect((await userInfo(t, made[3]!)).statusCode).toBe(200);
    expect((await userInfo(t, made[0]!)).json()).toEqual(REPLACED);
  });

  it('a visitor and a session ended otherwise (退出登录) still get the quiet answers', async () => {
    expect((await checkStatus(t)).json()).toEqual({ code: 200, msg: 'success', data: false });
    const user = await student();
    const token = await login(t, user.mobile!);
    await call(t, 'logout', { token, body: {} });
    expect(await sessionOf(token)).toMatchObject({ revokedReason: 'LOGOUT' });
    expect((await checkStatus(t, token)).json()).toEqual({ code: 200, msg: 'success', data: false });
    expect((await userInfo(t, token)).json()).toEqual(UNAUTHORIZED);
  });
});

describe('the device limit settings', () => {
  it('account.deviceLimit changes the number of devices', async () => {
    try {
      await setSetting(t, SITE_SETTING_KEYS.deviceLimit, '3');
      const user = await student();
      const tokens = [];
      for (let i = 0; i < 4; i++) tokens.push(await login(t, user.mobile!));
      expect(await liveSessionIds(user.id)).toHaveLength(3);
      expect((await userInfo(t, tokens[0]!)).json()).toEqual(REPLACED);
      expect((await userInfo(t, tokens[1]!)).statusCode).toBe(200);

      await setSetting(t, SITE_SETTING_KEYS.deviceLimit, '1');
      const last = await login(t, user.mobile!);
      expect(await liveSessionIds(user.id)).toEqual([(await sessionOf(last)).id]);
      // An unreadable value is the default (2), never "no limit".
      await setSetting(t, SITE_SETTING_KEYS.deviceLimit, 'many');
      await login(t, user.mobile!);
      await login(t, user.mobile!);
      expect(await liveSessionIds(user.id)).toHaveLength(2);
      // 0: the school does not limit devices; a later limit then ends the oldest beyond it at the next login.
      await setSetting(t, SITE_SETTING_KEYS.deviceLimit, '0');
      for (let i = 0; i < 3; i++) await login(t, user.mobile!);
      expect(await liveSessionIds(user.id)).toHaveLength(5);
      await setSetting(t, SITE_SETTING_KEYS.deviceLimit, '2');
      await login(t, user.mobile!);
      expect(await liveSessionIds(user.id)).toHaveLength(2);
    } finally {
      await setSetting(t, SITE_SETTING_KEYS.deviceLimit, '2');
    }
  });

  it("'separate' counts the app and the web apart; 'together' counts them as one", async () => {
    try {
      await setSetting(t, SITE_SETTING_KEYS.deviceLimit, '1');
      await setSetting(t, SITE_SETTING_KEYS.deviceLimitScope, 'separate');
      const user = await student();
      const web = await login(t, user.mobile!, UA.windowsChrome);
      const app = await login(t, user.mobile!, UA.app);
      expect((await sessionOf(app)).kind).toBe('app');
      expect((await sessionOf(web)).kind).toBe('web');
      expect((await userInfo(t, web)).statusCode).toBe(200);
      expect((await userInfo(t, app)).statusCode).toBe(200);
      // A second browser takes the web's place; the app stays.
      const web2 = await login(t, user.mobile!, UA.iPhoneSafari);
      expect((await userInfo(t, web)).json()).toEqual(REPLACED);
      expect((await userInfo(t, app)).statusCode).toBe(200);
      expect((await userInfo(t, web2)).statusCode).toBe(200);

      await setSetting(t, SITE_SETTING_KEYS.deviceLimitScope, 'together');
      const app2 = await login(t, user.mobile!, UA.app);
      expect((await userInfo(t, app)).json()).toEqual(REPLACED);
      expect((await userInfo(t, web2)).json()).toEqual(REPLACED);
      expect((await userInfo(t, app2)).statusCode).toBe(200);
    } finally {
      await setSetting(t, SITE_SETTING_KEYS.deviceLimit, '2');
      await setSetting(t, SITE_SETTING_KEYS.deviceLimitScope, 'together');
    }
  });
});

describe('登录设备: the session list', () => {
  it("lists only the caller's live sessions, this one first, as device, browser, masked place and times", async () => {
    const user = await student();
    const stranger = await student();
    const phone = await login(t, user.mobile!, UA.iPhoneSafari, '113.88.10.20');
    const before = Date.now();
    const desk = await login(t, user.mobile!, UA.windowsChrome, '2408:8207:2c:1::5');
    await login(t, stranger.mobile!);

    const res = await call(t, 'sessionList', { token: desk });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.json().data as DeviceSession[];
    expect(list.map(({ lastActiveAt: _l, signedInAt: _s, ...rest }) => rest)).toEqual([
      { id: (await sessionOf(desk)).id, kind: 'web', device: 'Windows 电脑', browser: 'Chrome 131', place: '2408:8207::*', current: true },
      { id: (await sessionOf(phone)).id, kind: 'web', device: 'iPhone', browser: 'Safari', place: '113.88.*.*', current: false },
    ]);
    expect(list[0]!.signedInAt).toBeGreaterThanOrEqual(before - 1000);
    expect(list[0]!.lastActiveAt).toBeGreaterThanOrEqual(list[0]!.signedInAt);
    // Nothing else of the login leaves the server: no user agent, no full address.
    expect(res.body).not.toContain('113.88.10.20');
    expect(res.body).not.toContain('Mozilla');
  });

  it('last active is when session_seen says, else the login', async () => {
    const user = await student();
    const a = await login(t, user.mobile!);
    const b = await login(t, user.mobile!);
    const idA = (await sessionOf(a)).id;
    const seenAt = new Date(Date.now() + 60_000);
    await t.db.insert(sessionSeen).values({ sessionId: idA, seenAt }).onConflictDoUpdate({ target: sessionSeen.sessionId, set: { seenAt } });
    const list = (await call(t, 'sessionList', { token: b })).json().data as DeviceSession[];
    expect(list.find((s) => s.id === idA)!.lastActiveAt).toBe(seenAt.getTime());
  });

  it('signs one out (its calls then answer the plain 401), and signing out this one ends this session', async () => {
    const user = await student();
    const a = await login(t, user.mobile!);
    const b = await login(t, user.mobile!);
    const idA = (await sessionOf(a)).id;
    const res = await call(t, 'signOutSession', { token: b, params: { id: idA }, body: {} });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    expect(await sessionOf(a)).toMatchObject({ revokedReason: 'SIGNED_OUT' });
    expect((await userInfo(t, a)).json()).toEqual(UNAUTHORIZED);
    expect((await checkStatus(t, a)).json().data).toBe(false);
    expect(((await call(t, 'sessionList', { token: b })).json().data as DeviceSession[]).map((s) => s.id)).toEqual([(await sessionOf(b)).id]);
    // Again: no such live session any more.
    expect((await call(t, 'signOutSession', { token: b, params: { id: idA }, body: {} })).statusCode).toBe(404);

    const idB = (await sessionOf(b)).id;
    expect((await call(t, 'signOutSession', { token: b, params: { id: idB }, body: {} })).statusCode).toBe(200);
    expect((await userInfo(t, b)).statusCode).toBe(401);
  });

  it("another user's session is 404, as an unknown id, and is left alone; a malformed id is 400", async () => {
    const user = await student();
    const stranger = await student();
    const mine = await login(t, user.mobile!);
    const theirs = await login(t, stranger.mobile!);
    const theirId = (await sessionOf(theirs)).id;
    for (const id of [theirId, theirId + 100_000]) {
      const res = await call(t, 'signOutSession', { token: mine, params: { id }, body: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(404);
    }
    expect((await userInfo(t, theirs)).statusCode).toBe(200);
    for (const id of ['abc', '0', '-1']) {
      expect((await call(t, 'signOutSession', { token: mine, params: { id }, body: {} })).statusCode).toBe(400);
    }
    expect((await call(t, 'sessionList')).statusCode).toBe(401);
    expect((await call(t, 'signOutSession', { params: { id: theirId }, body: {} })).statusCode).toBe(401);
  });
});

describe('last seen', () => {
  it('a signed-in call of a session older than the interval writes session_seen in the background; the list then shows it', async () => {
    const user = await student();
    const token = await login(t, user.mobile!);
    const id = (await sessionOf(token)).id;
    // A login of a while ago (its time alone says when it was active within the interval).
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '6 minutes'` })
      .where(eq(sessions.id, id));
    const signedInAt = (await sessionOf(token)).createdAt.getTime();
    expect((await userInfo(t, token)).statusCode).toBe(200);
    await eventually(async () => (await t.db.select({ id: sessionSeen.sessionId }).from(sessionSeen).where(eq(sessionSeen.sessionId, id))).length, 1);
    const [listed] = (await call(t, 'sessionList', { token })).json().data as DeviceSession[];
    expect(listed!.signedInAt).toBe(signedInAt);
    expect(listed!.lastActiveAt).toBeGreaterThan(signedInAt);
  });

  it('is written at most once per interval per session, none in the interval after the login, and again once it has passed', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.db, user.id);
    const sessionId = (await sessionOf(token)).id;
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    const signedInAt = 1_000_000_000_000;
    const session = { sessionId, signedInAt };
    expect(recordSeen(t.db, session, onError, signedInAt + SEEN_EVERY_MS - 1)).toBeNull();
    const start = signedInAt + SEEN_EVERY_MS;
    await recordSeen(t.db, session, onError, start);
    expect(await t.db.select().from(sessionSeen).where(eq(sessionSeen.sessionId, sessionId))).toHaveLength(1);
    expect(recordSeen(t.db, session, onError, start + SEEN_EVERY_MS - 1)).toBeNull();
    await expect(recordSeen(t.db, session, onError, start + SEEN_EVERY_MS)).resolves.toBeUndefined();
    expect(errors).toEqual([]);
    // A failed write (the session is gone) is reported, and tried again on the next call.
    await t.db.delete(sessions).where(eq(sessions.id, sessionId));
    const later = start + 3 * SEEN_EVERY_MS;
    await recordSeen(t.db, session, onError, later);
    expect(errors).toHaveLength(1);
    const retried = recordSeen(t.db, session, onError, later + 1);
    expect(retried).not.toBeNull();
    await retried;
    expect(errors).toHaveLength(2);
  });
});

describe('the developer route for site params', () => {
  it('reads and writes one param, refuses another site, and is absent in production', async () => {
    const key = 'test.devSiteParam';
    expect((await t.app.inject({ method: 'GET', url: `/dev/site-params/${key}` })).json()).toEqual({ code: 200, msg: 'success', data: { key, value: null } });
    await setSetting(t, key, 'on');
    expect((await t.app.inject({ method: 'GET', url: `/dev/site-params/${key}` })).json().data).toEqual({ key, value: 'on' });
    const crossSite = await t.app.inject({
      method: 'PUT',
      url: `/dev/site-params/${key}`,
      headers: { origin: 'https://evil.example' },
      payload: { value: 'x' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/dev/site-params/${key}`, payload: {} })).statusCode).toBe(400);

    const prod = await createTestApp({ config: { nodeEnv: 'production' } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: `/dev/site-params/${key}` })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'PUT', url: `/dev/site-params/${key}`, payload: { value: '50' } })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
