/**
 * The outside-world adapters without the network (Aliyun SMS signing, WeChat open platform via a
 * fake fetch), their configuration, and which developer routes exist in which set-up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '../../src/domain/account/limits';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig, type ServerConfig } from '../../server/config';
import { smsCodes } from '../../server/db/schema';
import { createServices } from '../../server/providers/services';
import { AliyunSmsProvider, canonicalQuery, percentEncode, rpcSignature } from '../../server/providers/sms/aliyun';
import { OutboxSmsProvider } from '../../server/providers/sms/outbox';
import { SmsSendError, type SmsProvider } from '../../server/providers/sms/provider';
import { OpenPlatformWechatProvider, WECHAT_QRCONNECT_URL } from '../../server/providers/wechat/openPlatform';
import { WechatCodeError, WechatUpstreamError } from '../../server/providers/wechat/provider';
import { SandboxWechatProvider } from '../../server/providers/wechat/sandbox';
import { call, freshIp, freshMobile, sendSms } from './accounts-helpers';
import { createTestApp, testConfig, type TestApp } from './harness';

let t: TestApp;
const extraApps: { close(): Promise<unknown> }[] = [];
beforeAll(async () => {
  t = await createTestApp({ config: { captchaMode: 'test' } });
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t.close();
});

/** Another app over the same database with a different configuration or services. */
function appWith(config: Partial<ServerConfig>, services: Parameters<typeof buildApp>[0]['services'] = {}): TestApp {
  const app = buildApp({ db: t.db, dbKind: t.kind, config: testConfig({ ...t.config, ...config }, t.tmpDir), services });
  extraApps.push(app);
  return { ...t, app };
}

type FetchCall = { url: string; init?: RequestInit };
function fakeFetch(answers: ((url: string) => unknown)[] | ((url: string) => unknown)): { fetch: typeof fetch; calls: FetchCall[] } {
  const calls: FetchCall[] = [];
  const impl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, ...(init ? { init } : {}) });
    const answer = typeof answers === 'function' ? answers(url) : answers[calls.length - 1]!(url);
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'text/plain' } });
  };
  return { fetch: impl as typeof fetch, calls };
}

describe('Aliyun SMS (RPC signature V1)', () => {
  it('reproduces the signatures of the published examples', () => {
    const smsExample = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(rpcSignature(smsExample, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    const rpcExample = {
      Format: 'XML',
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Version: '2014-05-26',
      Timestamp: '2016-02-23T12:46:24Z',
    };
    expect(rpcSignature(rpcExample, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
    expect(percentEncode("a b*~'()!")).toBe('a%20b%2A~%27%28%29%21');
  });

  it('sends one signed GET with the code as template parameter', async () => {
    const fake = fakeFetch(() => ({ Code: 'OK', Message: 'OK', RequestId: 'r1', BizId: 'b1' }));
    const provider = new AliyunSmsProvider({
      accessKeyId: 'AKID',
      accessKeySecret: 'SECRET',
      signName: '学途',
      templateCode: 'SMS_1',
      fetch: fake.fetch,
      nonce: () => 'nonce-1',
      now: () => new Date('2026-01-02T03:04:05.678Z'),
    });
    await provider.send('13800138000', '654321', 'REGISTER');
    expect(fake.calls).toHaveLength(1);
    const url = new URL(fake.calls[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://dysmsapi.aliyuncs.com/');
    expect(fake.calls[0]!.init?.method).toBe('GET');
    const params = Object.fromEntries(url.searchParams.entries());
    expect(params).toMatchObject({
      AccessKeyId: 'AKID',
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: '13800138000',
      SignName: '学途',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"654321"}',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      SignatureNonce: 'nonce-1',
      Timestamp: '2026-01-02T03:04:05Z',
      Version: '2017-05-25',
    });
    const { Signature, ...signed } = params;
    expect(Signature).toBe(rpcSignature(signed, 'SECRET'));
    expect(fake.calls[0]!.url).toContain(`&${canonicalQuery(signed)}`);
  });

  it('rejects when Aliyun refuses or cannot be reached', async () => {
    const options = { accessKeyId: 'a', accessKeySecret: 'b', signName: 'c', templateCode: 'd' };
    const refused = new AliyunSmsProvider({ ...options, fetch: fakeFetch(() => ({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控' })).fetch });
    await expect(refused.send('13800138000', '1', 'REGISTER')).rejects.toBeInstanceOf(SmsSendError);
    const down = new AliyunSmsProvider({ ...options, fetch: fakeFetch(() => new Error('ECONNREFUSED')).fetch });
    await expect(down.send('13800138000', '1', 'REGISTER')).rejects.toThrow(/unreachable/);
  });

  it('is chosen by SMS_PROVIDER=aliyun, which needs all four settings', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ACCESS_KEY_ID: 'x' })).toThrow(
      'SMS_PROVIDER=aliyun 缺少配置 (missing settings): ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE',
    );
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(/SMS_PROVIDER/);
    const config = loadConfig({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: 'i',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 's',
      ALIYUN_SMS_SIGN_NAME: 'n',
      ALIYUN_SMS_TEMPLATE_CODE: 't',
    });
    expect(config.sms).toEqual({ provider: 'aliyun', accessKeyId: 'i', accessKeySecret: 's', signName: 'n', templateCode: 't' });
    expect(createServices(config, t.db).sms).toBeInstanceOf(AliyunSmsProvider);
    expect(createServices(loadConfig({}), t.db).sms).toBeInstanceOf(OutboxSmsProvider);
  });

  it('a failed send answers 503 and leaves no usable code', async () => {
    const failing: SmsProvider = { name: 'failing', send: () => Promise.reject(new SmsSendError('down')) };
    const app = appWith({}, { sms: failing });
    const mobile = freshMobile();
    const res = await sendSms(app, mobile);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 503, msg: '服务不可用(503)', data: null });
    const rows = await t.db.select().from(smsCodes);
    expect(rows.filter((r) => r.mobile === mobile).every((r) => r.usedAt !== null)).toBe(true);
  });
});

describe('WeChat open platform', () => {
  const tokenAnswer = { access_token: 'AT', expires_in: 7200, refresh_token: 'RT', openid: 'o-123', scope: 'snsapi_login', unionid: 'u-9' };
  const userAnswer = { openid: 'o-123', nickname: '张三', sex: 1, headimgurl: 'https://thirdwx.qlogo.cn/x/132', unionid: 'u-9' };

  it('exchanges a code for the identity with two GETs', async () => {
    const fake = fakeFetch([() => tokenAnswer, () => userAnswer]);
    const provider = new OpenPlatformWechatProvider({ appId: 'wxAPP', appSecret: 'SEC', fetch: fake.fetch });
    expect(await provider.exchangeCode('CODE1')).toEqual({ openId: 'o-123', unionId: 'u-9', nickname: '张三', avatar: 'https://thirdwx.qlogo.cn/x/132' });
    const [first, second] = fake.calls.map((c) => new URL(c.url));
    expect(`${first!.origin}${first!.pathname}`).toBe('https://api.weixin.qq.com/sns/oauth2/access_token');
    expect(Object.fromEntries(first!.searchParams)).toEqual({ appid: 'wxAPP', secret: 'SEC', code: 'CODE1', grant_type: 'authorization_code' });
    expect(`${second!.origin}${second!.pathname}`).toBe('https://api.weixin.qq.com/sns/userinfo');
    expect(Object.fromEntries(second!.searchParams)).toEqual({ access_token: 'AT', openid: 'o-123', lang: 'zh_CN' });
    expect(provider.config('login', 'https://x.example/new/uc/login')).toEqual({
      appId: 'wxAPP',
      redirectUrl: 'https://x.example/new/uc/login',
      scope: 'snsapi_login',
      style: 'black',
      qrconnectUrl: WECHAT_QRCONNECT_URL,
    });
  });

  it('tells a bad code from an upstream failure', async () => {
    const bad = new OpenPlatformWechatProvider({ appId: 'a', appSecret: 'b', fetch: fakeFetch(() => ({ errcode: 40029, errmsg: 'invalid code' })).fetch });
    await expect(bad.exchangeCode('x')).rejects.toBeInstanceOf(WechatCodeError);
    const broken = new OpenPlatformWechatProvider({ appId: 'a', appSecret: 'b', fetch: fakeFetch(() => ({ errcode: -1, errmsg: 'system busy' })).fetch });
    await expect(broken.exchangeCode('x')).rejects.toBeInstanceOf(WechatUpstreamError);
  });

  it("fetches the profile picture from WeChat's CDN only, within the avatar size limit", async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100, 1)]);
    const requested: string[] = [];
    const cdn = (body: Buffer | (() => ReadableStream<Uint8Array>), headers: Record<string, string> = {}) =>
      (async (input: string | URL | Request) => {
        requested.push(input instanceof Request ? input.url : String(input));
        return new Response(typeof body === 'function' ? body() : new Uint8Array(body), { status: 200, headers: { 'content-type': 'image/png', ...headers } });
      }) as typeof fetch;
    const identity = (avatar: string) => ({ openId: 'o-1', nickname: '张三', avatar });
    const provider = new OpenPlatformWechatProvider({ appId: 'a', appSecret: 'b', fetch: cdn(png) });
    expect((await provider.fetchAvatar(identity('https://thirdwx.qlogo.cn/mmopen/abc/132')))?.equals(png)).toBe(true);
    expect(await provider.fetchAvatar(identity('https://wx.qlogo.cn/mmopen/abc/0'))).not.toBeNull();
    for (const url of [
      '',
      'not a url',
      'http://thirdwx.qlogo.cn/x/132',
      'https://evil.example/x.png',
      'https://qlogo.cn.evil.example/x',
      'https://169.254.169.254/latest',
    ]) {
      expect(await provider.fetchAvatar(identity(url)), url).toBeNull();
    }
    expect(requested).toEqual(['https://thirdwx.qlogo.cn/mmopen/abc/132', 'https://wx.qlogo.cn/mmopen/abc/0']);

    const declaredTooBig = new OpenPlatformWechatProvider({ appId: 'a', appSecret: 'b', fetch: cdn(png, { 'content-length': String(AVATAR_MAX_BYTES + 1) }) });
    expect(await declaredTooBig.fetchAvatar(identity('https://thirdwx.qlogo.cn/x/0'))).toBeNull();
    const endless = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new Uint8Array(256 * 1024));
        },
      });
    const streamsTooMuch = new OpenPlatformWechatProvider({ appId: 'a', appSecret: 'b', fetch: cdn(endless) });
    expect(await streamsTooMuch.fetchAvatar(identity('https://thirdwx.qlogo.cn/x/0'))).toBeNull();
    const unreachable = new OpenPlatformWechatProvider({ appId: 'a', appSecret: 'b', fetch: fakeFetch(() => new Error('ECONNRESET')).fetch });
    expect(await unreachable.fetchAvatar(identity('https://thirdwx.qlogo.cn/x/0'))).toBeNull();
  });

  it('is chosen by WECHAT_APP_ID + WECHAT_APP_SECRET and drives loginByWx', async () => {
    expect(() => loadConfig({ WECHAT_APP_ID: 'wx1' })).toThrow(/WECHAT_APP_SECRET/);
    expect(createServices(loadConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's' }), t.db).wechat).toBeInstanceOf(OpenPlatformWechatProvider);
    expect(createServices(loadConfig({}), t.db).wechat).toBeInstanceOf(SandboxWechatProvider);

    const fake = fakeFetch((url) => (url.includes('/sns/oauth2/access_token') ? tokenAnswer : userAnswer));
    const wechat = new OpenPlatformWechatProvider({ appId: 'wxAPP', appSecret: 'SEC', fetch: fake.fetch });
    const app = appWith({ wechat: { appId: 'wxAPP', appSecret: 'SEC' }, publicOrigin: 'https://www.xuetu.example' }, { wechat });
    const config = (await call(app, 'wxConfig', { query: { purpose: 'login' } })).json().data;
    expect(config).toMatchObject({ appId: 'wxAPP', redirectUrl: 'https://www.xuetu.example/new/uc/login', qrconnectUrl: WECHAT_QRCONNECT_URL });
    const res = await call(app, 'loginByWx', { query: { code: 'C', state: config.state }, ip: freshIp() });
    expect(res.json().data).toMatchObject({ bindMobile: false, wechatNickname: '张三', wechatAvatar: userAnswer.headimgurl });
    const down = appWith({}, { wechat: new OpenPlatformWechatProvider({ appId: 'a', appSecret: 'b', fetch: fakeFetch(() => new Error('timeout')).fetch }) });
    const failed = await call(down, 'loginByWx', { query: { code: 'C' }, ip: freshIp() });
    expect(failed.json()).toEqual({ code: 502, msg: '网络错误(502)', data: null });
    expect((await call(app, 'loginByWx', { query: { code: 'C', state: 'forged' }, ip: freshIp() })).json().msg).toBe(ACCOUNT_TEXTS.wechatSessionExpired);
  });
});

describe('developer routes', () => {
  const outbox = (app: TestApp) => app.app.inject({ method: 'GET', url: '/dev/sms-outbox?mobile=13800138000' });
  const qrconnect = (app: TestApp) =>
    app.app.inject({ method: 'GET', url: '/dev/wechat/qrconnect?redirect_uri=http%3A%2F%2Flocalhost%3A80%2Fnew%2Fuc%2Flogin&state=s' });

  it('exist with the outbox and the sandbox outside production', async () => {
    expect((await outbox(t)).statusCode).toBe(200);
    expect((await qrconnect(t)).statusCode).toBe(200);
  });

  it('are absent in production', async () => {
    const prod = appWith({ nodeEnv: 'production', captchaMode: 'slider' });
    for (const res of [await outbox(prod), await qrconnect(prod), await prod.app.inject({ method: 'GET', url: '/dev/wechat/ticket/abc' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '请求出错(404)', data: null });
    }
  });

  it('are absent when a real SMS gateway or WeChat is configured', async () => {
    const realSms = appWith({}, { sms: { name: 'fake', send: async () => undefined } });
    expect((await outbox(realSms)).statusCode).toBe(404);
    expect((await qrconnect(realSms)).statusCode).toBe(200);
    const realWechat = appWith({ wechat: { appId: 'a', appSecret: 'b' } });
    expect((await qrconnect(realWechat)).statusCode).toBe(404);
    expect((await outbox(realWechat)).statusCode).toBe(200);
  });
});
