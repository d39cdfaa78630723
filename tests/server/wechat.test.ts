/** WeChat QR login through the sandbox, end to end over HTTP, plus binding and unbinding WeChat. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { uploads, users } from '../../server/db/schema';
import { sandboxAvatarUrl, sandboxOpenId } from '../../server/providers/wechat/sandbox';
import { SANDBOX_AVATAR_SIZE } from '../../server/providers/wechat/sandboxAvatar';
import { call, freshIp, freshMobile, skipSmsInterval, smsCodeFor } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { captchaMode: 'test' } });
});
afterAll(() => t.close());

const ORIGIN = 'http://xuetu.test:5173';
const host = { host: 'xuetu.test:5173' };

async function wxConfig(purpose: 'login' | 'bind', token?: string) {
  const res = await call(t, 'wxConfig', { query: { purpose }, headers: host, ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { appId: string; redirectUrl: string; scope: string; style: string; state: string; qrconnectUrl: string };
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: host });

/** What a person does: open the framed QR page, "scan" it, confirm on the phone; answers the code WeChat would redirect with. */
async function scan(config: Awaited<ReturnType<typeof wxConfig>>, nickname: string): Promise<string> {
  const query = new URLSearchParams({
    appid: config.appId,
    redirect_uri: config.redirectUrl,
    response_type: 'code',
    scope: config.scope,
    state: config.state,
    style: config.style,
  });
  const page = await get(`${new URL(config.qrconnectUrl).pathname}?${query.toString()}`);
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.body).toContain('请使用微信扫一扫登录');
  expect(page.body).toContain('沙箱：在新窗口打开授权页');
  const link = /id="wx-authorize-link" href="([^"]+)"/.exec(page.body)![1]!.replace(/&#38;/g, '&');
  expect(link.startsWith(`${ORIGIN}/dev/wechat/authorize?ticket=`)).toBe(true);
  expect(page.body).toContain(`src="/static/qrcode?text=${encodeURIComponent(link)}"`);
  // The page's script is a file (no inline script under the CSP), fed by <body>'s data-* attributes.
  expect(page.body).toContain('<script src="/dev/wechat/qrconnect.js"></script>');
  expect(page.body).toContain(`data-state="${config.state}"`);
  expect((await get('/dev/wechat/qrconnect.js')).body).toContain('window.top.location.href');
  const ticket = new URL(link).searchParams.get('ticket')!;

  expect((await get(`/dev/wechat/ticket/${ticket}`)).json()).toEqual({ code: 200, msg: 'success', data: { status: 'WAITING', code: null } });
  const phone = await get(new URL(link).pathname + new URL(link).search);
  expect(phone.statusCode).toBe(200);
  expect(phone.body).toMatch(/id="wx-nickname" maxlength="20" value="微信用户\d{4}"/);
  expect(phone.body).toContain('确认登录');

  const confirm = await t.app.inject({ method: 'POST', url: '/dev/wechat/confirm', headers: host, payload: { ticket, nickname } });
  expect(confirm.json()).toEqual({ code: 200, msg: 'success', data: { status: 'CONFIRMED' } });
  const again = await t.app.inject({ method: 'POST', url: '/dev/wechat/confirm', headers: host, payload: { ticket, nickname } });
  expect(again.statusCode).toBe(400);
  const status = (await get(`/dev/wechat/ticket/${ticket}`)).json().data;
  expect(status.status).toBe('CONFIRMED');
  return status.code as string;
}

describe('WeChat sandbox login', () => {
  it('wxConfig answers the sandbox config with a fresh state and the login redirect', async () => {
    const config = await wxConfig('login');
    expect(config).toEqual({
      appId: 'wx_sandbox_xuetu',
      redirectUrl: `${ORIGIN}/new/uc/login`,
      scope: 'snsapi_login',
      style: 'black',
      state: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      qrconnectUrl: `${ORIGIN}/dev/wechat/qrconnect`,
    });
    expect((await wxConfig('login')).state).not.toBe(config.state);
  });

  it('goes scan → bind required → bindMobileByWxCode → logged in; the same nickname then logs straight in', async () => {
    const nickname = `沙箱${freshMobile().slice(-4)}`;
    const config = await wxConfig('login');
    const code = await scan(config, nickname);

    const first = await call(t, 'loginByWx', { query: { code, state: config.state }, ip: freshIp() });
    expect(first.statusCode).toBe(200);
    const bind = first.json().data;
    expect(bind).toEqual({
      bindMobile: false,
      sessionKey: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      wechatNickname: nickname,
      wechatAvatar: sandboxAvatarUrl(sandboxOpenId(nickname), nickname),
    });
    const picture = await get(bind.wechatAvatar);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // The code and the state are single use.
    expect((await call(t, 'loginByWx', { query: { code }, ip: freshIp() })).json().msg).toBe(ACCOUNT_TEXTS.wechatSessionExpired);
    const replayState = await call(t, 'loginByWx', { query: { code: 'x', state: config.state }, ip: freshIp() });
    expect(replayState.json().msg).toBe(ACCOUNT_TEXTS.wechatSessionExpired);

    const mobile = freshMobile();
    const smsCode = await smsCodeFor(t, mobile, 'BINDPHONE');
    const wrong = smsCode === '000000' ? '111111' : '000000';
    const body = { code: wrong, mobile, requestType: 'BINDPHONE', sessionKey: bind.sessionKey };
    // A wrong SMS code does not cost the scan.
    expect((await call(t, 'bindMobileByWxCode', { body, ip: freshIp() })).json().msg).toBe(ACCOUNT_TEXTS.smsCodeWrong);
    const bound = await call(t, 'bindMobileByWxCode', { body: { ...body, code: smsCode }, ip: freshIp() });
    expect(bound.statusCode).toBe(200);
    const result = bound.json().data;
    expect(result).toMatchObject({ token: expect.any(String), sessionKey: bind.sessionKey, userinfo: { nickname, mobile, bindMobile: true } });
    const [row] = await t.db.select().from(users).where(eq(users.mobile, mobile));
    expect(row).toMatchObject({ wechatOpenId: sandboxOpenId(nickname), wechatNickname: nickname });
    // The new account wears its WeChat picture, copied into our storage as its own upload.
    expect(row!.avatar).toMatch(/^\/static\/uploads\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{32}\.png$/);
    expect(result.userinfo.avatar).toBe(row!.avatar);
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.url, row!.avatar!));
    expect(upload).toMatchObject({ userId: row!.id, kind: 'image', contentType: 'image/png', width: SANDBOX_AVATAR_SIZE, height: SANDBOX_AVATAR_SIZE });
    const stored = await get(row!.avatar!);
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.equals(picture.rawPayload)).toBe(true);
    expect((await call(t, 'getUserInfo', { token: result.token })).json().data.id).toBe(row!.id);
    expect((await call(t, 'bindMobileByWxCode', { body: { ...body, code: smsCode }, ip: freshIp() })).json().msg).toBe(ACCOUNT_TEXTS.wechatSessionExpired);

    const second = await wxConfig('login');
    const direct = await call(t, 'loginByWx', { query: { code: await scan(second, nickname), state: second.state }, ip: freshIp() });
    expect(direct.json().data).toMatchObject({ token: expect.any(String), userinfo: { id: row!.id, mobile } });
    expect(direct.json().data.bindMobile).toBeUndefined();
  });

  it('binds a new WeChat to an existing mobile account, unless it already has another WeChat', async () => {
    const user = await createUser(t.db, { mobile: freshMobile() });
    const config = await wxConfig('login');
    const bind = (await call(t, 'loginByWx', { query: { code: await scan(config, `老用户${user.id}`) }, ip: freshIp() })).json().data;
    const code = await smsCodeFor(t, user.mobile!, 'BINDPHONE');
    const res = await call(t, 'bindMobileByWxCode', {
      ip: freshIp(),
      body: { code, mobile: user.mobile, requestType: 'BINDPHONE', sessionKey: bind.sessionKey },
    });
    expect(res.json().data.userinfo.id).toBe(user.id);
    // Without an avatar of its own the account takes the WeChat one.
    expect(res.json().data.userinfo.avatar).toMatch(/^\/static\/uploads\/.+\.png$/);

    const config2 = await wxConfig('login');
    const bind2 = (await call(t, 'loginByWx', { query: { code: await scan(config2, `另一个${user.id}`) }, ip: freshIp() })).json().data;
    await skipSmsInterval(t, user.mobile!);
    const code2 = await smsCodeFor(t, user.mobile!, 'BINDPHONE');
    const refused = await call(t, 'bindMobileByWxCode', {
      ip: freshIp(),
      body: { code: code2, mobile: user.mobile, requestType: 'BINDPHONE', sessionKey: bind2.sessionKey },
    });
    expect(refused.json()).toEqual({ code: 400, msg: ACCOUNT_TEXTS.wechatAlreadyBound, data: null });
  });

  it('refuses bad codes, unknown session keys and foreign redirect URIs', async () => {
    expect((await call(t, 'loginByWx', { query: { code: 'nope' }, ip: freshIp() })).json().msg).toBe(ACCOUNT_TEXTS.wechatSessionExpired);
    expect((await call(t, 'loginByWx', { ip: freshIp() })).json().msg).toBe('参数 code 不能为空');
    const res = await call(t, 'bindMobileByWxCode', {
      ip: freshIp(),
      body: { code: '123456', mobile: freshMobile(), requestType: 'BINDPHONE', sessionKey: 'made-up' },
    });
    expect(res.json().msg).toBe(ACCOUNT_TEXTS.wechatSessionExpired);
    const foreign = await get(`/dev/wechat/qrconnect?redirect_uri=${encodeURIComponent('https://evil.example/cb')}&state=x`);
    expect(foreign.statusCode).toBe(400);
    const expired = await get('/dev/wechat/authorize?ticket=unknown-ticket');
    expect(expired.body).toContain('二维码已失效');
  });
});

describe('bindWeChat / unBindWeChat / getWeChatBindStatus', () => {
  it('binds with a bind state of this user, reports, and unbinds', async () => {
    const user = await createUser(t.db, { mobile: freshMobile() });
    const token = await loginAs(t.db, user.id);
    expect((await call(t, 'wxConfig', { query: { purpose: 'bind' } })).statusCode).toBe(401);
    const config = await wxConfig('bind', token);
    expect(config.redirectUrl).toBe(`${ORIGIN}/new/uc/account-manage/security`);
    expect((await call(t, 'getWeChatBindStatus', { token })).json().data).toEqual({ bound: false, nickname: null, hasPassword: false });

    const nickname = `绑定${user.id}`;
    const code = await scan(config, nickname);
    const res = await call(t, 'bindWeChat', { token, query: { code, state: config.state } });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: { bound: true, nickname, hasPassword: false } });
    expect((await call(t, 'getWeChatBindStatus', { token })).json().data).toEqual({ bound: true, nickname, hasPassword: false });

    // Another account cannot take the same WeChat.
    const other = await createUser(t.db, { mobile: freshMobile() });
    const otherToken = await loginAs(t.db, other.id);
    const otherConfig = await wxConfig('bind', otherToken);
    const taken = await call(t, 'bindWeChat', { token: otherToken, query: { code: await scan(otherConfig, nickname), state: otherConfig.state } });
    expect(taken.json().msg).toBe(ACCOUNT_TEXTS.wechatAlreadyBound);

    const unbound = await call(t, 'unBindWeChat', { token });
    expect(unbound.json().data).toEqual({ bound: false, nickname: null, hasPassword: false });
    expect((await call(t, 'unBindWeChat', { token })).json().data.bound).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.wechatOpenId).toBeNull();
  });

  it('binding WeChat keeps an avatar the user chose, and gives one to a user without', async () => {
    const own = '/static/uploads/2026/01/ownAvatarOwnAvatarOwnAvatar1234.png';
    const chooser = await createUser(t.db, { mobile: freshMobile(), avatar: own });
    const plain = await createUser(t.db, { mobile: freshMobile() });
    for (const user of [chooser, plain]) {
      const token = await loginAs(t.db, user.id);
      const config = await wxConfig('bind', token);
      const res = await call(t, 'bindWeChat', { token, query: { code: await scan(config, `头像${user.id}`), state: config.state } });
      expect(res.json().data.bound).toBe(true);
    }
    const avatarOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.avatar;
    expect(await avatarOf(chooser.id)).toBe(own);
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, chooser.id))).toEqual([]);
    const given = await avatarOf(plain.id);
    expect(given).toMatch(/^\/static\/uploads\/.+\.png$/);
    expect((await t.db.select().from(uploads).where(eq(uploads.userId, plain.id))).map((u) => u.url)).toEqual([given]);
  });

  it("refuses a login state, another user's bind state, and a used state", async () => {
    const a = await createUser(t.db, { mobile: freshMobile() });
    const b = await createUser(t.db, { mobile: freshMobile() });
    const aToken = await loginAs(t.db, a.id);
    const bToken = await loginAs(t.db, b.id);
    const loginConfig = await wxConfig('login');
    const r1 = await call(t, 'bindWeChat', { token: aToken, query: { code: await scan(loginConfig, 'x1'), state: loginConfig.state } });
    expect(r1.json().msg).toBe(ACCOUNT_TEXTS.wechatSessionExpired);
    const aConfig = await wxConfig('bind', aToken);
    const r2 = await call(t, 'bindWeChat', { token: bToken, query: { code: await scan(aConfig, 'x2'), state: aConfig.state } });
    expect(r2.json().msg).toBe(ACCOUNT_TEXTS.wechatSessionExpired);
    const r3 = await call(t, 'bindWeChat', { token: aToken, query: { code: 'whatever', state: aConfig.state } });
    expect(r3.json().msg).toBe(ACCOUNT_TEXTS.wechatSessionExpired);
    expect((await call(t, 'bindWeChat', { token: aToken, query: { code: 'c' } })).json().msg).toBe('参数 state 不能为空');
  });

  it('refuses to unbind the only way into an account', async () => {
    const user = await createUser(t.db, { mobile: null, wechatOpenId: 'sbx_only_way_in', wechatNickname: '只有微信' });
    const res = await call(t, 'unBindWeChat', { token: await loginAs(t.db, user.id) });
    expect(res.json()).toEqual({ code: 400, msg: ACCOUNT_TEXTS.wechatUnbindRefused, data: null });
  });
});
