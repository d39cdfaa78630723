/** Sessions, requireUser, checkStatus, getUserInfo and logout. */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATARS } from '../../src/domain/account/avatar';
import { API_CALLS } from '../../src/domain/calls';
import { createSession, hashToken, resolveSession, revokeAllForUser, revokeSession, SESSION_TTL_MS } from '../../server/shared/session';
import { sessions, users } from '../../server/db/schema';
import { currentUser } from '../../server/shared/auth';
import { toUserInfo, type UserRow } from '../../server/accounts/userInfo';
import { bearer, createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
const UNAUTHORIZED = { code: 401, msg: '登录已失效，请重新登录', data: null };

beforeAll(async () => {
  t = await createTestApp();
  // A route guarded like a user-scoped call: proves requireUser + currentUser on any route.
  t.app.get('/usercenter/front/api/__test/me', { preHandler: t.app.requireUser }, async (request) => ({
    code: 200,
    msg: 'success',
    data: currentUser(request).userId,
  }));
});
afterAll(() => t.close());

const getUserInfo = (headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: API_CALLS.getUserInfo.path, headers });
const checkStatus = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: API_CALLS.checkStatus.path, headers });
const logout = (headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: API_CALLS.logout.path, headers });

describe('session store', () => {
  it('stores only the SHA-256 of a 32-byte base64url token, for 7 days', async () => {
    const user = await createUser(t.db);
    // The session's clock is given, so its expiry is exactly 7 days after it (no wall-clock window).
    const now = new Date();
    const created = await createSession(t.db, user.id, { ip: '10.0.0.1', userAgent: 'ua' }, now);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.expirationTimestamp).toBe(now.getTime() + SESSION_TTL_MS);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, created.sessionId));
    expect(row?.tokenHash).toBe(hashToken(created.token));
    expect(row?.expiresAt.getTime()).toBe(created.expirationTimestamp);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(await resolveSession(t.db, created.token)).toEqual({ userId: user.id, sessionId: created.sessionId });
  });

  it('resolves nothing for malformed, unknown, expired or revoked tokens', async () => {
    const user = await createUser(t.db);
    expect(await resolveSession(t.db, undefined)).toBeNull();
    expect(await resolveSession(t.db, 'short')).toBeNull();
    expect(await resolveSession(t.db, 'A'.repeat(43))).toBeNull();
    const token = await loginAs(t.db, user.id);
    expect(await revokeSession(t.db, token)).toBe(true);
    expect(await revokeSession(t.db, token)).toBe(false);
    expect(await resolveSession(t.db, token)).toBeNull();
  });

  it('revokes every session of one user, optionally keeping one', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const a = await createSession(t.db, user.id);
    const b = await createSession(t.db, user.id);
    const c = await loginAs(t.db, other.id);
    expect(await revokeAllForUser(t.db, user.id, a.sessionId)).toBe(1);
    expect(await resolveSession(t.db, a.token)).not.toBeNull();
    expect(await resolveSession(t.db, b.token)).toBeNull();
    expect(await revokeAllForUser(t.db, user.id)).toBe(1);
    expect(await resolveSession(t.db, a.token)).toBeNull();
    expect(await resolveSession(t.db, c)).not.toBeNull();
  });
});

describe('checkStatus', () => {
  it('answers data true for a live session and false otherwise, always with code 200', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.db, user.id);
    expect((await checkStatus(bearer(token))).json()).toEqual({ code: 200, msg: 'success', data: true });
    for (const headers of [{}, bearer('forged-token'), bearer('B'.repeat(43)), { authorization: 'Basic abc' }]) {
      const res = await checkStatus(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 200, msg: 'success', data: false });
    }
    await logout(bearer(token));
    expect((await checkStatus(bearer(token))).json().data).toBe(false);
  });
});

describe('getUserInfo', () => {
  it('answers the UserInfo of the session user', async () => {
    const user = await createUser(t.db, { mobile: '13800138000', nickname: '小明', gender: 'FEMALE', projectId: 7, projectName: '一级建造师' });
    const res = await getUserInfo(bearer(await loginAs(t.db, user.id)));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 200,
      msg: 'success',
      data: {
        id: user.id,
        account: '138****8000',
        nickname: '小明',
        avatar: DEFAULT_AVATARS.FEMALE,
        headImg: DEFAULT_AVATARS.FEMALE,
        gender: 'FEMALE',
        mobile: '13800138000',
        bindMobile: true,
        projectId: 7,
        projectName: '一级建造师',
      },
    });
  });

  it('uses the nickname as account when no mobile is bound, and a custom avatar when set', async () => {
    const user = await createUser(t.db, { mobile: null, nickname: '微信用户', avatar: '/new/u/a.png', gender: 'whatever' });
    const data = (await getUserInfo(bearer(await loginAs(t.db, user.id)))).json().data;
    expect(data).toMatchObject({ account: '微信用户', avatar: '/new/u/a.png', headImg: '/new/u/a.png', gender: 'UNKNOWN', mobile: '', bindMobile: false });
  });

  it('accepts the xt_token cookie when there is no Authorization header', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.db, user.id);
    const res = await getUserInfo({ cookie: `xt_token=${token}` });
    expect(res.json().data.id).toBe(user.id);
  });

  it('answers HTTP 401 for a missing, forged, expired or revoked token', async () => {
    const user = await createUser(t.db);
    const expired = await createSession(t.db, user.id);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, expired.sessionId));
    const revoked = await loginAs(t.db, user.id);
    await logout(bearer(revoked));
    const cases: Record<string, Record<string, string>> = {
      missing: {},
      forged: bearer('C'.repeat(43)),
      garbage: { authorization: 'Bearer ' },
      expired: bearer(expired.token),
      revoked: bearer(revoked),
    };
    for (const [name, headers] of Object.entries(cases)) {
      const res = await getUserInfo(headers);
      expect(res.statusCode, name).toBe(401);
      expect(res.json(), name).toEqual(UNAUTHORIZED);
    }
  });

  it('answers 401 when the user behind a live session is gone', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.db, user.id);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await getUserInfo(bearer(token))).statusCode).toBe(401);
  });
});

describe('user isolation', () => {
  it('gives each token its own user and logout only ends the presented session', async () => {
    const alice = await createUser(t.db, { nickname: 'alice' });
    const bob = await createUser(t.db, { nickname: 'bob' });
    const aliceToken = await loginAs(t.db, alice.id);
    const aliceOther = await loginAs(t.db, alice.id);
    const bobToken = await loginAs(t.db, bob.id);
    expect((await getUserInfo(bearer(aliceToken))).json().data.nickname).toBe('alice');
    expect((await getUserInfo(bearer(bobToken))).json().data.nickname).toBe('bob');
    const me = await t.app.inject({ method: 'GET', url: '/usercenter/front/api/__test/me', headers: bearer(bobToken) });
    expect(me.json().data).toBe(bob.id);

    expect((await logout(bearer(aliceToken))).json()).toEqual({ code: 200, msg: 'success', data: null });
    expect((await getUserInfo(bearer(aliceToken))).statusCode).toBe(401);
    expect((await getUserInfo(bearer(aliceOther))).statusCode).toBe(200);
    expect((await getUserInfo(bearer(bobToken))).statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('is idempotent and succeeds without any token', async () => {
    const user = await createUser(t.db);
    const token = await loginAs(t.db, user.id);
    for (const headers of [bearer(token), bearer(token), {}, bearer('nonsense')]) {
      const res = await logout(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    }
  });
});

describe('UserInfo.account', () => {
  // The rule is maskMobile of src/domain/shared/format.ts, the one the user centre shows the mobile with.
  const row = (mobile: string | null): UserRow =>
    ({ id: 1, mobile, nickname: '学员8000', avatar: null, gender: 'UNKNOWN', projectId: null, projectName: null }) as unknown as UserRow;
  it('masks the middle four digits of a full mobile only', () => {
    expect(toUserInfo(row('13800138000')).account).toBe('138****8000');
    expect(toUserInfo(row('1380013')).account).toBe('1380013');
  });
});
