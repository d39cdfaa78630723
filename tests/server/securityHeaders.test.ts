/**
 * Security headers on every kind of answer: pages, assets, API calls, 404s, error answers, the
 * framed WeChat sandbox page and uploads; the configured hosts in the right CSP directives; HSTS
 * only over HTTPS as a trusted proxy reports it.
 */
import { APP_USER_AGENT_MARK } from '../../src/domain/account/appWebView';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { AppError } from '../../server/shared/envelope';
import { SandboxPaymentProvider } from '../../server/providers/payment/sandbox';
import { ShiftableClock } from '../../server/shared/clock';
import { PRE_ROUTING_HEADERS } from '../../server/shared/securityPolicy';
import { call } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { trustProxy: '127.0.0.1' } });
  const dist = t.config.distDir;
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dist, 'assets/index-3f2a9c.js'), 'console.log(1);');
  t.app.get('/usercenter/front/api/__test/boom', async () => {
    throw new Error('internal');
  });
  t.app.get('/usercenter/front/api/__test/forbidden', async () => {
    throw new AppError(403, '无权访问');
  });
  t.app.register(async (scope) => {
    scope.get('/usercenter/front/api/__test/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => ({ code: 200 }));
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** directive → its sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(header).toEqual(expect.any(String));
  const entries = String(header)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((parts) => parts[0])
    .map(([name, ...sources]) => [name!, sources] as const);
  return new Map(entries);
}

/** What every answer carries, whatever it is. */
function expectBaseHeaders(res: LightMyRequestResponse, label: string, frame: 'DENY' | 'SAMEORIGIN' = 'DENY'): void {
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['x-frame-options'], label).toBe(frame);
  expect(res.headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(res.headers['strict-transport-security'], label).toBeUndefined();
  expect(csp(res).get('frame-ancestors'), label).toEqual([frame === 'DENY' ? "'none'" : "'self'"]);
}

describe('pages', () => {
  it('/new/ and a deep route carry the page CSP: own scripts only, never framed', async () => {
    for (const url of ['/new/', '/new/about', '/new/course/detail/12']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expectBaseHeaders(res, url);
      const policy = csp(res);
      expect(policy.get('default-src'), url).toEqual(["'self'"]);
      expect(policy.get('script-src'), url).toEqual(["'self'"]);
      expect(policy.get('object-src'), url).toEqual(["'none'"]);
      expect(policy.get('base-uri'), url).toEqual(["'none'"]);
      // Fluent's run-time <style> elements are empty (rules go in through CSSOM): the empty string's hash.
      expect(policy.get('style-src'), url).toEqual(["'self'", `'sha256-${createHash('sha256').update('').digest('base64')}'`]);
      expect(res.headers['content-security-policy'], url).not.toMatch(/unsafe/);
      // The captcha's data: pictures.
      expect(policy.get('img-src'), url).toEqual(["'self'", 'data:', 'blob:']);
      // The WeChat sandbox QR page is ours: no other site may be framed without WeChat configured.
      expect(policy.get('frame-src'), url).toEqual(["'self'"]);
    }
  });

  it('inside our app (its user agent) a page may frame https URLs, for the iOS bridge’s https://__bridge_loaded__; nothing else changes', async () => {
    const browser = csp(await get('/new/about'));
    const app = csp(await get('/new/about', { 'user-agent': `Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 ${APP_USER_AGENT_MARK}/2.5.0` }));
    expect(app.get('frame-src')).toEqual(["'self'", 'https:']);
    expect(new Map([...app].filter(([name]) => name !== 'frame-src'))).toEqual(new Map([...browser].filter(([name]) => name !== 'frame-src')));
    // The API is the same for the app: no frames there at all.
    expect(csp(await get('/healthz', { 'user-agent': APP_USER_AGENT_MARK })).get('frame-src')).toBeUndefined();
  });

  it('a hashed asset carries the headers too', async () => {
    const res = await get('/new/assets/index-3f2a9c.js');
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res, 'asset');
  });

  it('the WeChat sandbox QR page may be framed by the site itself, and has no inline script or CSS', async () => {
    const redirect = encodeURIComponent('http://xuetu.test:5173/new/uc/login');
    const res = await get(`/dev/wechat/qrconnect?appid=x&redirect_uri=${redirect}&state=s1&scope=snsapi_login&style=black`, { host: 'xuetu.test:5173' });
    expect(res.statusCode, res.body).toBe(200);
    expectBaseHeaders(res, 'qrconnect', 'SAMEORIGIN');
    expect(csp(res).get('script-src')).toEqual(["'self'"]);
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/ src="\/dev\/wechat\/[a-z]+\.js"/);
      expect(content).toBe('');
    }
    expect(res.body).not.toMatch(/<style|style="/);
    expect(res.body).toContain('<link rel="stylesheet" href="/dev/wechat/qrconnect.css">');
    for (const [url, type] of [
      ['/dev/wechat/qrconnect.js', /^text\/javascript/],
      ['/dev/wechat/qrconnect.css', /^text\/css/],
    ] as const) {
      const asset = await get(url);
      expect(asset.statusCode, url).toBe(200);
      expect(asset.headers['content-type'], url).toMatch(type);
      expectBaseHeaders(asset, url);
    }
  });

  it("the sandbox wallet's pages (pay, result, unknown code) are pages with no inline style or script; their style sheet is a file", async () => {
    // A trade as unifiedPay opens it; the app's own sandbox wallet reads it from the same database.
    const wallet = new SandboxPaymentProvider(t.db, new ShiftableClock());
    const { codeUrl } = await wallet.createQr({
      outTradeNo: 'CSP-TEST-0001',
      amountCents: 68000,
      subject: '2027一级建造师《建设工程经济》精讲班',
      expiresAt: new Date(Date.now() + 30 * 60_000),
      notifyUrl: 'http://localhost/payment/front/api/notify/sandbox',
    });
    const url = new URL(codeUrl);
    const ticket = url.searchParams.get('ticket')!;
    const form = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' };
    const pages = [
      ['pay page', await get(url.pathname + url.search), 200, 'id="sbx-confirm"'],
      ['unknown code', await get('/dev/pay/sandbox?ticket=unknown'), 404, 'id="sbx-result"'],
      ['refused result', await t.app.inject({ method: 'POST', url: '/dev/pay/sandbox/confirm', headers: form, payload: 'ticket=unknown' }), 400, '二维码无效'],
      [
        'cancelled result',
        await t.app.inject({ method: 'POST', url: '/dev/pay/sandbox/cancel', headers: form, payload: `ticket=${ticket}` }),
        200,
        '已取消支付',
      ],
    ] as const;
    for (const [label, res, status, marker] of pages) {
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.headers['content-type'], label).toMatch(/^text\/html/);
      expect(res.body, label).toContain(marker);
      expectBaseHeaders(res, label);
      const policy = csp(res);
      expect(policy.get('default-src'), label).toEqual(["'self'"]);
      expect(policy.get('style-src'), label).toEqual(["'self'", `'sha256-${createHash('sha256').update('').digest('base64')}'`]);
      expect(policy.get('script-src'), label).toEqual(["'self'"]);
      expect(policy.get('form-action'), label).toEqual(["'self'"]);
      expect(res.body, label).not.toMatch(/<script|<style|style="|\son[a-z]+=/i);
      expect(res.body, label).toContain('<link rel="stylesheet" href="/dev/pay/sandbox.css">');
      // The forms post to the page's own origin, which form-action 'self' allows.
      for (const [, action] of res.body.matchAll(/<form[^>]* action="([^"]+)"/g)) expect(action, label).toMatch(/^\/dev\/pay\/sandbox\/(confirm|cancel)$/);
    }
    const sheet = await get('/dev/pay/sandbox.css');
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toMatch(/^text\/css/);
    expect(sheet.body).toContain('#sbx-confirm');
    expectBaseHeaders(sheet, 'sandbox.css');
  });

  it('the sandbox "phone" page is a page like the others: never framed', async () => {
    const res = await get('/dev/wechat/authorize?ticket=unknown');
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res, 'authorize');
    expect(csp(res).get('script-src')).toEqual(["'self'"]);
    expect(res.body).not.toMatch(/<script>|<style|style="/);
  });
});

describe('API and error answers', () => {
  it('API answers: nosniff, no framing, the referrer policy and a CSP that allows nothing', async () => {
    const health = await get('/healthz');
    const classes = await call(t, 'classListByParentId', { params: { id: 0 } });
    for (const [label, res] of [
      ['healthz', health],
      ['classListByParentId', classes],
    ] as const) {
      expect(res.statusCode, label).toBe(200);
      expect(res.headers['content-type'], label).toMatch(/application\/json/);
      expectBaseHeaders(res, label);
      expect(csp(res).get('default-src'), label).toEqual(["'none'"]);
    }
  });

  it('404s, the error handler answers (4xx, 5xx) and a rate-limit 429 carry the headers too', async () => {
    await get('/usercenter/front/api/__test/limited');
    const cases = [
      ['unknown /api path', await get('/api/nothing/here'), 404],
      ['missing asset', await get('/new/assets/missing-1.js'), 404],
      ['AppError', await get('/usercenter/front/api/__test/forbidden'), 403],
      ['unhandled error', await get('/usercenter/front/api/__test/boom'), 500],
      ['schema error', await get('/static/qrcode'), 400],
      ['rate limit', await get('/usercenter/front/api/__test/limited'), 429],
    ] as const;
    for (const [label, res, status] of cases) {
      expect(res.statusCode, label).toBe(status);
      expect(res.json().code, label).toBe(status);
      expectBaseHeaders(res, label);
    }
  });

  it('answers written before routing (a bad URL) carry the same headers as helmet writes on an API answer', async () => {
    const bad = await get('/sys/front/api/class/getListByParentId/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    const notFound = await get('/api/nothing/here');
    for (const [name, value] of Object.entries(PRE_ROUTING_HEADERS)) {
      expect(bad.headers[name], name).toBe(value);
      expect(notFound.headers[name], name).toBe(value);
    }
  });

  it('answers of Node’s parser (headers too large) on the raw socket carry them too', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const head = answer.split('\r\n\r\n')[0]!;
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    for (const [name, value] of Object.entries(PRE_ROUTING_HEADERS)) expect(head).toContain(`\r\n${name}: ${value}\r\n`);
  });

  it('uploads: a sandboxing CSP, even on their 404s', async () => {
    const res = await get('/static/uploads/2024/01/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png');
    expect(res.statusCode).toBe(404);
    expectBaseHeaders(res, 'upload');
    const policy = csp(res);
    expect(policy.get('sandbox')).toEqual([]);
    expect(policy.get('default-src')).toEqual(["'none'"]);
  });
});

describe('HSTS', () => {
  it('only over HTTPS, as the trusted proxy reports it', async () => {
    const https = await get('/new/', { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await get('/healthz', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await get('/api/nothing', { 'x-forwarded-proto': 'https' })).headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await get('/new/')).headers['strict-transport-security']).toBeUndefined();
    expect((await get('/new/', { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('never on the word of a proxy that is not trusted', async () => {
    const untrusted = await t.app.inject({ method: 'GET', url: '/new/', remoteAddress: '203.0.113.9', headers: { 'x-forwarded-proto': 'https' } });
    expect(untrusted.statusCode).toBe(200);
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('configured hosts', () => {
  let configured: TestApp;
  beforeAll(async () => {
    const env = {
      CSP_SCRIPT_HOSTS: 'https://chat.example.com',
      CSP_FRAME_HOSTS: 'https://frames.example.com, https://chat.example.com/',
      CSP_MEDIA_HOSTS: 'https://cdn.example.com https://*.video.example.com',
      CSP_CONNECT_HOSTS: 'wss://chat.example.com',
      WECHAT_APP_ID: 'wx1',
      WECHAT_APP_SECRET: 'secret',
    };
    const { cspHosts, wechat } = loadConfig(env);
    configured = await createTestApp({ config: { cspHosts, wechat } });
    mkdirSync(configured.config.distDir, { recursive: true });
    writeFileSync(path.join(configured.config.distDir, 'index.html'), '<!doctype html>');
  });
  afterAll(() => configured.close());

  it('each host lands in its own directives only, and WeChat’s QR page may be framed', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/new/uc/login' });
    expect(res.statusCode).toBe(200);
    const policy = csp(res);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://chat.example.com']);
    // A chat widget styles itself inline: 'unsafe-inline', without the hash that would disable it.
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://chat.example.com']);
    expect(policy.get('frame-src')).toEqual(["'self'", 'https://open.weixin.qq.com', 'https://frames.example.com', 'https://chat.example.com']);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.com', 'https://*.video.example.com']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'https://cdn.example.com', 'https://*.video.example.com']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://chat.example.com']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    // API answers stay closed whatever the pages allow.
    const api = await configured.app.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['content-security-policy']).toBe(PRE_ROUTING_HEADERS['content-security-policy']);
  });

  it('anything but an origin is refused at start-up (no keyword, scheme or second directive smuggled in)', () => {
    for (const value of [
      "'unsafe-inline'",
      '*',
      'https:',
      'data:',
      'cdn.example.com',
      'https://a.example.com;script-src *',
      "https://a.example.com'",
      'javascript:alert(1)',
    ]) {
      expect(() => loadConfig({ CSP_SCRIPT_HOSTS: value }), value).toThrow(/CSP_SCRIPT_HOSTS/);
    }
    expect(loadConfig({}).cspHosts).toEqual({ script: [], frame: [], media: [], connect: [] });
  });
});
