/** Account settings: profile, password change, bound mobile, forgotten password, project — each only on the caller's own account. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATARS } from '../../src/domain/account/avatar';
import { NICKNAME_MAX_LENGTH } from '../../src/domain/account/limits';
import { ACCOUNT_TEXTS, MESSAGES } from '../../src/domain/account/texts';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import { MOBILE_CHANGES_PER_USER } from '../../server/accounts/limits';
import { hashPassword, verifyPassword } from '../../server/accounts/password';
import { classes, uploads, users } from '../../server/db/schema';
import { call, encryptPwd, freshIp, freshMobile, smsCodeFor } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
let projectId: number;
beforeAll(async () => {
  t = await createTestApp({ config: { captchaMode: 'test' } });
  const [category] = await t.db.insert(classes).values({ code: 'cat', name: '建筑工程', level: 1 }).returning();
  const [project] = await t.db.insert(classes).values({ code: 'proj', name: '一级建造师', level: 2, parentId: category!.id }).returning();
  await t.db.insert(classes).values({ code: 'subj', name: '法规', level: 3, parentId: project!.id });
  projectId = project!.id;
});
afterAll(() => t.close());

async function userRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function newUser(password?: string) {
  const user = await createUser(t.db, { mobile: freshMobile(), ...(password ? { passwordHash: await hashPassword(password) } : {}) });
  return { user, token: await loginAs(t.db, user.id) };
}

const status = async (token: string) => (await call(t, 'getUserInfo', { token })).statusCode;

describe('auth on account calls', () => {
  it('answers 401 for a missing, forged or logged-out token', async () => {
    const { token } = await newUser();
    await call(t, 'logout', { token });
    for (const bad of [undefined, 'D'.repeat(43), token]) {
      for (const name of ['updateBasicInfo', 'updatePwd', 'updateBindMobile', 'bindProject', 'getWeChatBindStatus', 'createTempCode'] as const) {
        const res = await call(t, name, { token: bad, body: {} });
        expect(res.statusCode, `${name} ${bad}`).toBe(401);
      }
    }
  });
});

describe('updateBasicInfo', () => {
  it('changes nickname (trimmed) and gender and answers the UserInfo', async () => {
    const { user, token } = await newUser();
    const res = await call(t, 'updateBasicInfo', { token, body: { nickname: '  小红  ', gender: 'FEMALE' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, nickname: '小红', gender: 'FEMALE', avatar: DEFAULT_AVATARS.FEMALE });
    expect(await userRow(user.id)).toMatchObject({ nickname: '小红', gender: 'FEMALE' });
  });

  it('checks nickname, gender and avatar', async () => {
    const { token } = await newUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ nickname: '   ' }, ACCOUNT_TEXTS.nicknameRequired],
      [{ nickname: '字'.repeat(NICKNAME_MAX_LENGTH + 1) }, ACCOUNT_TEXTS.nicknameTooLong],
      [{ gender: 'OTHER' }, '参数 gender 取值无效'],
      [{ avatar: 'https://evil.example/a.png' }, '参数 avatar 取值无效'],
      [{ avatar: '/static/uploads/2026/01/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png' }, '参数 avatar 取值无效'],
    ];
    for (const [body, msg] of cases) {
      const res = await call(t, 'updateBasicInfo', { token, body });
      expect(res.statusCode, msg).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    // Emoji count as one character each.
    expect((await call(t, 'updateBasicInfo', { token, body: { nickname: '😀'.repeat(NICKNAME_MAX_LENGTH) } })).statusCode).toBe(200);
  });

  it('takes an avatar the user uploaded, a default avatar or null', async () => {
    const { user, token } = await newUser();
    const url = '/static/uploads/2026/01/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.png';
    await t.db.insert(uploads).values({ userId: user.id, url, kind: 'image', contentType: 'image/png', sizeBytes: 10, width: 1, height: 1 });
    expect((await call(t, 'updateBasicInfo', { token, body: { avatar: url } })).json().data.avatar).toBe(url);
    // Sending the current avatar back with other changes is fine.
    expect((await call(t, 'updateBasicInfo', { token, body: { avatar: url, nickname: 'x' } })).statusCode).toBe(200);
    expect((await call(t, 'updateBasicInfo', { token, body: { avatar: DEFAULT_AVATARS.MALE, gender: 'MALE' } })).json().data.avatar).toBe(DEFAULT_AVATARS.MALE);
    expect((await userRow(user.id)).avatar).toBeNull();
    expect((await call(t, 'updateBasicInfo', { token, body: { avatar: null } })).json().data.avatar).toBe(DEFAULT_AVATARS.MALE);
  });

  it("never changes another user's data, whatever the body says", async () => {
    const a = await newUser();
    const b = await newUser();
    const res = await call(t, 'updateBasicInfo', { token: a.token, body: { nickname: '改名', id: b.user.id, userId: b.user.id, mobile: b.user.mobile } });
    expect(res.json().data.id).toBe(a.user.id);
    expect((await userRow(b.user.id)).nickname).toBe(b.user.nickname);
    expect((await userRow(a.user.id)).mobile).toBe(a.user.mobile);
    // B cannot borrow A's upload as an avatar.
    const url = '/static/uploads/2026/01/CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC.png';
    await t.db.insert(uploads).values({ userId: a.user.id, url, kind: 'image', contentType: 'image/png', sizeBytes: 10, width: 1, height: 1 });
    expect((await call(t, 'updateBasicInfo', { token: b.token, body: { avatar: url } })).json().msg).toBe('参数 avatar 取值无效');
  });
});

describe('updatePwd', () => {
  it('sets a first password without oldPwd', async () => {
    const { user, token } = await newUser();
    const res = await call(t, 'updatePwd', { token, body: { newPwd: await encryptPwd(t, 'first1pw') } });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    expect(await verifyPassword('first1pw', (await userRow(user.id)).passwordHash)).toBe(true);
  });

  it('needs the right old password, applies the rule, and logs out every other session', async () => {
    const { user, token } = await newUser('old1pass');
    const other = await loginAs(t.db, user.id);
    const stranger = await newUser('old1pass');
    const newPwd = await encryptPwd(t, 'new2pass!');
    expect((await call(t, 'updatePwd', { token, body: { newPwd } })).json().msg).toBe('原密码不能为空');
    expect((await call(t, 'updatePwd', { token, body: { oldPwd: await encryptPwd(t, 'nope1234'), newPwd } })).json().msg).toBe(ACCOUNT_TEXTS.oldPasswordWrong);
    for (const weak of ['abcdefg', '123456789', 'ab1', 'a'.repeat(5) + '1 中文']) {
      const res = await call(t, 'updatePwd', { token, body: { oldPwd: await encryptPwd(t, 'old1pass'), newPwd: await encryptPwd(t, weak) } });
      expect(res.json().msg, weak).toBe(MESSAGES.newPasswordRule);
    }
    expect((await call(t, 'updatePwd', { token, body: { oldPwd: await encryptPwd(t, 'old1pass') } })).json().msg).toBe('新密码不能为空');
    expect(await status(other)).toBe(200);

    const ok = await call(t, 'updatePwd', { token, body: { oldPwd: await encryptPwd(t, 'old1pass'), newPwd } });
    expect(ok.statusCode).toBe(200);
    expect(await status(token)).toBe(200);
    expect(await status(other)).toBe(401);
    expect(await status(stranger.token)).toBe(200);
    expect(await verifyPassword('new2pass!', (await userRow(user.id)).passwordHash)).toBe(true);
    expect(await verifyPassword('old1pass', (await userRow(stranger.user.id)).passwordHash)).toBe(true);
  });
});

describe('updateBindMobile', () => {
  it('moves the account to a new mobile proved by SMS', async () => {
    const { user, token } = await newUser();
    const mobile = freshMobile();
    const code = await smsCodeFor(t, mobile, 'BINDPHONE');
    const res = await call(t, 'updateBindMobile', { token, ip: freshIp(), body: { mobile, code, requestType: 'BINDPHONE' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, mobile, bindMobile: true });
  });

  it("refuses another user's mobile, a wrong code and bad payloads", async () => {
    const { token } = await newUser();
    const taken = await newUser();
    const code = await smsCodeFor(t, taken.user.mobile!, 'BINDPHONE');
    const res = await call(t, 'updateBindMobile', { token, body: { mobile: taken.user.mobile, code, requestType: 'BINDPHONE' } });
    expect(res.json()).toEqual({ code: 400, msg: ACCOUNT_TEXTS.mobileTaken, data: null });
    const mobile = freshMobile();
    const right = await smsCodeFor(t, mobile, 'BINDPHONE');
    const wrong = right === '000000' ? '111111' : '000000';
    expect((await call(t, 'updateBindMobile', { token, body: { mobile, code: wrong, requestType: 'BINDPHONE' } })).json().msg).toBe(ACCOUNT_TEXTS.smsCodeWrong);
    expect((await call(t, 'updateBindMobile', { token, body: { mobile, code: right, requestType: 'REGISTER' } })).json().msg).toBe('参数 requestType 取值无效');
    expect((await call(t, 'updateBindMobile', { token, body: { mobile: '2' + mobile.slice(1), code: right, requestType: 'BINDPHONE' } })).json().msg).toBe(
      MESSAGES.phoneInvalid,
    );
  });
});

describe('updateBindMobile does not tell who owns a mobile', () => {
  it('checks the code before anything about the mobile: a wrong code for a registered mobile answers "wrong code", not "taken"', async () => {
    const { token } = await newUser();
    const taken = await newUser();
    const right = await smsCodeFor(t, taken.user.mobile!, 'BINDPHONE');
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await call(t, 'updateBindMobile', { token, body: { mobile: taken.user.mobile, code: wrong, requestType: 'BINDPHONE' } });
    expect(res.json()).toEqual({ code: 400, msg: ACCOUNT_TEXTS.smsCodeWrong, data: null });
    // A mobile nobody has, without any code sent, answers the same "expired" as a registered one.
    const unknown = await call(t, 'updateBindMobile', { token, body: { mobile: freshMobile(), code: '123456', requestType: 'BINDPHONE' } });
    const registered = await call(t, 'updateBindMobile', { token, body: { mobile: (await newUser()).user.mobile, code: '123456', requestType: 'BINDPHONE' } });
    expect(unknown.json()).toEqual({ code: 400, msg: ACCOUNT_TEXTS.smsCodeExpired, data: null });
    expect(registered.json()).toEqual(unknown.json());
  });

  it(`is limited to ${MOBILE_CHANGES_PER_USER.limit} tries an hour per user, from any address`, async () => {
    const { token } = await newUser();
    for (let i = 0; i < MOBILE_CHANGES_PER_USER.limit; i++) {
      const res = await call(t, 'updateBindMobile', { token, ip: freshIp(), body: { mobile: freshMobile(), code: '123456', requestType: 'BINDPHONE' } });
      expect(res.statusCode, `try ${i + 1}`).toBe(400);
    }
    const blocked = await call(t, 'updateBindMobile', { token, ip: freshIp(), body: { mobile: freshMobile(), code: '123456', requestType: 'BINDPHONE' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: 429, msg: TOO_MANY_REQUESTS_TEXT, data: null });
  });
});

describe('forgetPwd', () => {
  it('sets the password, clears the lock and logs out every session', async () => {
    const { user, token } = await newUser('old1pass');
    await t.db
      .update(users)
      .set({ loginFailures: 3, lockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(users.id, user.id));
    const code = await smsCodeFor(t, user.mobile!, 'FORGETPWD');
    const body = { mobile: user.mobile, code, newPwd: await encryptPwd(t, 'reset3pw'), requestType: 'FORGETPWD' };
    const res = await call(t, 'forgetPwd', { body, ip: freshIp() });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: null });
    expect(await status(token)).toBe(401);
    expect(await userRow(user.id)).toMatchObject({ loginFailures: 0, lockedUntil: null });
    const login = await call(t, 'loginByPwd', { ip: freshIp(), body: { mobile: user.mobile, pwd: await encryptPwd(t, 'reset3pw') } });
    expect(login.statusCode).toBe(200);
  });

  it('checks the password rule before using the code, and refuses unknown mobiles', async () => {
    const { user } = await newUser('old1pass');
    const code = await smsCodeFor(t, user.mobile!, 'FORGETPWD');
    const weak = await call(t, 'forgetPwd', { body: { mobile: user.mobile, code, newPwd: await encryptPwd(t, 'abcdef'), requestType: 'FORGETPWD' } });
    expect(weak.json().msg).toBe(MESSAGES.newPasswordRule);
    const ok = await call(t, 'forgetPwd', { body: { mobile: user.mobile, code, newPwd: await encryptPwd(t, 'abc123'), requestType: 'FORGETPWD' } });
    expect(ok.statusCode).toBe(200);
    const unknown = await call(t, 'forgetPwd', { body: { mobile: freshMobile(), code, newPwd: await encryptPwd(t, 'abc123'), requestType: 'FORGETPWD' } });
    expect(unknown.json().msg).toBe(ACCOUNT_TEXTS.mobileNotRegistered);
    expect((await call(t, 'forgetPwd', { body: { mobile: user.mobile, code, requestType: 'FORGETPWD' } })).json().msg).toBe('新密码不能为空');
  });
});

describe('bindProject', () => {
  it('stores a level-2 class as the project, with its own name', async () => {
    const { user, token } = await newUser();
    const res = await call(t, 'bindProject', { token, body: { projectId, projectName: '随便写' } });
    expect(res.json().data).toMatchObject({ id: user.id, projectId, projectName: '一级建造师' });
    const [subject] = await t.db.select().from(classes).where(eq(classes.code, 'subj'));
    for (const bad of [subject!.id, 999_999]) {
      expect((await call(t, 'bindProject', { token, body: { projectId: bad, projectName: 'x' } })).json().msg).toBe('参数 projectId 取值无效');
    }
    expect((await call(t, 'bindProject', { token, body: { projectName: 'x' } })).json().msg).toBe('参数 projectId 不能为空');
  });

  it("only ever changes the caller's project", async () => {
    const a = await newUser();
    const b = await newUser();
    await call(t, 'bindProject', { token: a.token, body: { projectId, projectName: 'x', userId: b.user.id } });
    expect((await userRow(b.user.id)).projectId).toBeNull();
    expect((await userRow(a.user.id)).projectId).toBe(projectId);
  });
});
