/** The envelope, the error paths, the 501 registry and health: what every call relies on. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, type AnyCallName, API_CALLS, EXTRA_CALLS } from '../../src/domain/calls';
import { CALL_INPUTS } from '../../src/domain/inputs';
import type { ApiCallDef } from '../../src/domain/shared/api';
import { LOG_REDACT_PATHS } from '../../server/app';
import { AppError } from '../../server/shared/envelope';
import { formatSchemaError, schemaErrorFormatter } from '../../server/shared/validation';
import Fastify from 'fastify';
import { FEATURES } from '../../server/features';
import { defineFeature } from '../../server/shared/feature';
import { collectSpecs, inputOf, registerApi, toFastifyPath } from '../../server/shared/registry';
import { createTestApp, type TestApp } from './harness';

const logLines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logger: { level: 'info', stream, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } } });
  t.app.get('/usercenter/front/api/__test/boom', async () => {
    throw new Error('secret internal detail: password=hunter2');
  });
  t.app.get('/usercenter/front/api/__test/app-error', async () => {
    throw new AppError(403, '无权查看该订单');
  });
  t.app.get('/usercenter/front/api/__test/status-error', async () => {
    throw Object.assign(new Error('upstream exploded at 10.0.0.3'), { statusCode: 502 });
  });
  // Inside a plugin, as the registry's routes are: the rate limiter hooks routes declared after it.
  t.app.register(async (scope) => {
    scope.get('/usercenter/front/api/__test/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, async () => ({
      code: 200,
      msg: 'success',
      data: null,
    }));
  });
  t.app.get('/usercenter/front/api/__test/log-headers', async (request) => {
    request.log.info({ headers: request.headers }, 'headers on purpose');
    return { code: 200, msg: 'success', data: null };
  });
  t.app.post(
    '/usercenter/front/api/__test/validate',
    {
      schema: {
        body: {
          type: 'object',
          required: ['mobile', 'nickname'],
          additionalProperties: false,
          properties: {
            mobile: { type: 'string', pattern: '^1[3-9]\\d{9}$', label: '手机号码', invalidText: '手机号码格式不正确' },
            nickname: { type: 'string', minLength: 1, maxLength: 4 },
            kind: { type: 'string', enum: ['A', 'B'] },
          },
        },
      },
    },
    async (request) => ({ code: 200, msg: 'success', data: request.body }),
  );
});
afterAll(() => t.close());

describe('envelope and errors', () => {
  it('answers success as {code:200,msg:"success",data}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: { status: 'ok', db: t.kind, version: '2.5.0' } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of ['/nope', '/products/front/api/course/nothing', '/usercenter/front/api/login/checkStatus/extra', '/api/x.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '请求出错(404)', data: null });
    }
  });

  it('answers a known path with the wrong method with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: API_CALLS.coursePageList.path });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });

  it('turns an uncaught error into 500 without internals, and logs the stack', async () => {
    logLines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/usercenter/front/api/__test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: '服务器错误(500)', data: null });
    expect(res.body).not.toMatch(/secret|hunter2|at |\.ts/);
    const logged = logLines.join('\n');
    expect(logged).toContain('secret internal detail');
    expect(logged).toMatch(/"stack":"Error: secret internal detail[^"]*\\n\s+at /);
  });

  it('keeps the catalogue text for library errors with a 5xx status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/usercenter/front/api/__test/status-error' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 502, msg: '网络错误(502)', data: null });
  });

  it('sends AppError with its own status and message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/usercenter/front/api/__test/app-error' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: '无权查看该订单', data: null });
  });

  it('answers 429 with the catalogue text when a route rate limit is exceeded', async () => {
    const url = '/usercenter/front/api/__test/limited';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 429, msg: '操作过于频繁，请稍后再试', data: null });
  });

  it('never logs tokens or cookies', async () => {
    logLines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: '/usercenter/front/api/__test/log-headers',
      headers: { authorization: 'Bearer SECRET-TOKEN-1', cookie: 'xt_token=SECRET-TOKEN-2' },
    });
    const logged = logLines.join('\n');
    expect(logged).toContain('headers on purpose');
    expect(logged).toContain('[redacted]');
    expect(logged).not.toMatch(/SECRET-TOKEN/);
  });

  it('rejects malformed JSON with 400', async () => {
    for (const payload of ['{bad', '{"a":1,}', '{"__proto__":{"x":1}}']) {
      const res = await t.app.inject({ method: 'POST', url: API_CALLS.coursePageList.path, headers: { 'content-type': 'application/json' }, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: '请求体不是有效的 JSON', data: null });
    }
  });

  it('reads an empty JSON body and a missing body as {}', async () => {
    const empty = await t.app.inject({ method: 'POST', url: API_CALLS.coursePageList.path, headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(200);
    const none = await t.app.inject({ method: 'POST', url: API_CALLS.coursePageList.path });
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toMatchObject({ current: 1, size: 12 });
  });

  it('names the field in validation messages', async () => {
    const url = '/usercenter/front/api/__test/validate';
    const cases: [unknown, string][] = [
      [{ nickname: 'a' }, '手机号码不能为空'],
      [{ mobile: '12345', nickname: 'a' }, '手机号码格式不正确'],
      [{ mobile: '13800138000' }, '参数 nickname 不能为空'],
      [{ mobile: '13800138000', nickname: '' }, '参数 nickname 不能为空'],
      [{ mobile: '13800138000', nickname: 'abcdef' }, '参数 nickname 长度不能超过 4 个字符'],
      [{ mobile: '13800138000', nickname: 'a', kind: 'C' }, '参数 kind 取值无效'],
      [[1, 2], '请求体必须是对象'],
    ];
    for (const [payload, msg] of cases) {
      const res = await t.app.inject({ method: 'POST', url, payload: payload as object });
      expect(res.statusCode, msg).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
    const good = await t.app.inject({ method: 'POST', url, payload: { mobile: '13800138000', nickname: 'ab', extra: 1 } });
    expect(good.json().data).toEqual({ mobile: '13800138000', nickname: 'ab' });
  });
});

describe('validation message formatting', () => {
  it('describes each ajv keyword in Chinese', () => {
    const f = (keyword: string, instancePath: string, params: Record<string, unknown>, parentSchema?: Record<string, unknown>) =>
      formatSchemaError({ keyword, instancePath, params, parentSchema });
    expect(f('type', '/size', { type: 'integer' })).toBe('参数 size 必须是整数');
    expect(f('type', '/ids/2', { type: 'integer,null' })).toBe('参数 ids[2] 必须是整数');
    expect(f('required', '/address', { missingProperty: 'city' })).toBe('参数 address.city 不能为空');
    expect(f('maximum', '/size', { limit: 50 })).toBe('参数 size 不能大于 50');
    expect(f('minimum', '/current', { limit: 1 })).toBe('参数 current 不能小于 1');
    expect(f('enum', '/type/0', { allowedValues: [] })).toBe('参数 type[0] 取值无效');
    expect(f('pattern', '/code', {}, { label: '验证码' })).toBe('验证码格式不正确');
    expect(f('type', '', { type: 'object' }, undefined)).toBe('请求体必须是对象');
    expect(schemaErrorFormatter([], 'body').message).toBe('请求参数有误');
  });
});

describe('API registry', () => {
  const implemented = collectSpecs(
    { db: undefined as never, dbKind: 'pglite', config: undefined as never, services: undefined as never, cache: undefined as never },
    FEATURES,
  );

  it('implements the calls of this issue', () => {
    for (const name of [
      'checkStatus',
      'getUserInfo',
      'logout',
      'adItemsByCode',
      'classTreeList',
      'classListByParentId',
      'paramByKey',
      'coursePageList',
    ] as const) {
      expect(implemented.has(name), name).toBe(true);
    }
  });

  it('implements every accounts call and every extra call', () => {
    const accounts = [
      'forgetPwd',
      'updateBasicInfo',
      'updateBindMobile',
      'updatePwd',
      'getWeChatBindStatus',
      'bindWeChat',
      'unBindWeChat',
      'loginByPwd',
      'loginBySms',
      'bindMobileByWxCode',
      'loginByTempCode',
      'loginByWx',
      'wxConfig',
      'bindProject',
      'sendMobileCode',
      'uploadFile',
      'uploadImage',
      ...(Object.keys(EXTRA_CALLS) as (keyof typeof EXTRA_CALLS)[]),
    ] as const;
    for (const name of accounts) expect(implemented.has(name), name).toBe(true);
  });

  it('implements every call of the spec and every extra call: no call of the full app answers 501', async () => {
    const missing = (Object.keys(ALL_CALLS) as AnyCallName[]).filter((name) => !implemented.has(name));
    expect(missing).toEqual([]);
    for (const name of ['feedbackSave', 'feedbackUploadImg', 'feedbackList'] as const) {
      const call = ALL_CALLS[name];
      const res = await t.app.inject({ method: call.method, url: call.path, payload: {} });
      expect(res.statusCode, name).not.toBe(501);
    }
  });

  it('serves the extra calls on their own paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: EXTRA_CALLS.rsaPublicKey.path });
    expect(res.json().data.publicKey).toMatch(/BEGIN PUBLIC KEY/);
    expect((await t.app.inject({ method: 'POST', url: EXTRA_CALLS.createTempCode.path })).statusCode).toBe(401);
  });

  it('answers 501 JSON for every call no feature claims, on its own method only', async () => {
    // An app with no feature: the registry's answer to a call not built yet, for every call.
    const bare = await createTestApp({ features: [] });
    try {
      for (const [name, call] of Object.entries(ALL_CALLS) as [AnyCallName, ApiCallDef][]) {
        // Any value fills a path parameter: no handler reads it.
        const url = call.path.replace(/:\w+\??/g, '1');
        const res = await bare.app.inject({ method: call.method, url, ...(call.method === 'GET' ? {} : { payload: {} }) });
        expect(res.statusCode, name).toBe(501);
        expect(res.json(), name).toEqual({ code: 501, msg: '服务未实现(501)', data: null });
        const other = call.method === 'GET' ? 'POST' : 'GET';
        const wrong = await bare.app.inject({ method: other, url });
        expect(wrong.statusCode, `${name} via ${other}`).toBe(404);
      }
      const form = await bare.app.inject({
        method: 'POST',
        url: API_CALLS.feedbackSave.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'appId=x&timestamp=1&sign=abc',
      });
      expect(form.statusCode).toBe(501);
      const boundary = '----xt';
      const multipart = await bare.app.inject({
        method: 'POST',
        url: API_CALLS.feedbackUploadImg.path,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode).toBe(501);
      expect(multipart.json().code).toBe(501);
    } finally {
      await bare.close();
    }
  });

  it('accepts a trailing optional parameter and rejects misplaced ones', async () => {
    const app = Fastify();
    app.get(toFastifyPath('/qb/learn/:paperId/:recordId?'), async (request) => request.params);
    expect((await app.inject({ url: '/qb/learn/1' })).json()).toEqual({ paperId: '1' });
    expect((await app.inject({ url: '/qb/learn/1/2' })).json()).toEqual({ paperId: '1', recordId: '2' });
    await app.close();
    expect(() => toFastifyPath('/a/:x?/b')).toThrow(/optional/);
  });

  describe('claims', () => {
    const deps = { db: undefined as never, dbKind: 'pglite' as const, config: undefined as never, services: undefined as never, cache: undefined as never };
    // A stub for every call: what it answers does not matter to the claims.
    const handler = (() => null) as never;

    it('lets one feature claim calls under several URL prefixes', () => {
      const specs = collectSpecs(deps, [{ name: 'mixed', routes: () => ({ logout: { handler }, classTreeList: { handler }, coursePageList: { handler } }) }]);
      expect([...specs.keys()].sort()).toEqual(['classTreeList', 'coursePageList', 'logout']);
      expect(new Set([API_CALLS.logout.path, API_CALLS.classTreeList.path, API_CALLS.coursePageList.path].map((p) => p.split('/')[1])).size).toBe(3);
    });

    it('refuses a call claimed by two features, naming both', () => {
      const one = { name: 'one', routes: () => ({ logout: { handler } }) };
      const two = { name: 'two', routes: () => ({ logout: { handler } }) };
      expect(() => collectSpecs(deps, [one, two])).toThrow('call logout claimed twice, by one and two');
    });

    it('refuses a call claimed twice inside one feature', () => {
      const feature = defineFeature('doubled', [() => ({ logout: { handler } }), () => ({ logout: { handler } })]);
      expect(() => collectSpecs(deps, [feature])).toThrow('call logout claimed twice in feature doubled');
    });

    it('refuses an unknown call name', () => {
      const stray = { name: 'stray', routes: () => ({ noSuchCall: { handler } }) as never };
      expect(() => collectSpecs(deps, [stray])).toThrow('feature stray claims unknown call noSuchCall');
    });

    it('refuses a call without an input check in src/domain, so a new call cannot forget it', () => {
      // Every call has one today: take one away for the length of the test, as a new call would lack it.
      const inputs = CALL_INPUTS as Record<string, unknown>;
      const kept = inputs.logout;
      delete inputs.logout;
      try {
        expect(inputOf('logout')).toBeUndefined();
        const careless = { name: 'careless', routes: () => ({ logout: { handler } }) };
        expect(() => collectSpecs(deps, [careless])).toThrow('call logout (feature careless) has no input check');
      } finally {
        inputs.logout = kept;
      }
    });

    it('refuses at start-up, before the server answers anything', async () => {
      const app = Fastify();
      const one = { name: 'one', routes: () => ({ logout: { handler } }) };
      await expect(app.register(async (api) => registerApi(api, deps, [one, one])).ready()).rejects.toThrow(/claimed twice/);
      await app.close();
    });
  });
});

describe('healthz', () => {
  it('reports the database kind and the site version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.json().data).toEqual({ status: 'ok', db: t.kind, version: '2.5.0' });
  });
});
