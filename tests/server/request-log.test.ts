/** The request log: silent at info for ordinary requests, one line each at debug, slow and failed requests always. */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_CALLS } from '../../src/domain/calls';
import { LOG_REDACT_PATHS } from '../../server/app';
import { SLOW_REQUEST_MS } from '../../server/shared/requestLog';
import { createTestApp, type TestApp } from './harness';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;
const lines: LogLine[] = [];
let t: TestApp;

/** The lines about requests (the one-line summary or Fastify's own pair, which must not come back). */
const requestLines = (): LogLine[] => lines.filter((l) => l.status !== undefined || /incoming request|request completed/.test(l.msg));

/** Where an app's log lines go: parsed into `lines`. */
function logStream(): Writable {
  return new Writable({
    write(chunk, _enc, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
}

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: logStream(), redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } } });
  t.app.get('/usercenter/front/api/__test/ok', async () => ({ code: 200, msg: 'success', data: null }));
  t.app.get('/usercenter/front/api/__test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
    return { code: 200, msg: 'success', data: null };
  });
  t.app.get('/usercenter/front/api/__test/fail', async () => {
    throw new Error('broken on purpose');
  });
  await t.app.ready();
});
afterAll(() => t.close());
beforeEach(() => {
  t.app.log.level = 'info';
  lines.length = 0;
});

describe('request log', () => {
  it('writes no per-request line for an ordinary request at info', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/usercenter/front/api/__test/ok' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/nope' })).statusCode).toBe(404);
    expect(requestLines()).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('writes exactly one concise line per request at debug: method, path without query, status, ms, request id', async () => {
    t.app.log.level = 'debug';
    const res = await t.app.inject({ method: 'GET', url: '/usercenter/front/api/__test/ok?token=SECRET-1&code=SECRET-2' });
    expect(res.statusCode).toBe(200);
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    const [line] = logged;
    expect(line).toMatchObject({ level: LEVELS.debug, method: 'GET', url: '/usercenter/front/api/__test/ok', status: 200 });
    expect(typeof line?.ms).toBe('number');
    expect(line?.reqId).toEqual(expect.any(String));
    expect(JSON.stringify(lines)).not.toMatch(/SECRET/);
  });

  it('logs the route pattern, not the path, when a path parameter is a credential', async () => {
    t.app.log.level = 'debug';
    const url = API_CALLS.loginByTempCode.path.replace(':code', 'SECRET-TEMP-CODE');
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(400);
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]?.url).toBe(API_CALLS.loginByTempCode.path);
    expect(JSON.stringify(lines)).not.toMatch(/SECRET-TEMP-CODE/);
  });

  it('logs a failed request (5xx) at error, with its request id, at info', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/usercenter/front/api/__test/fail' });
    expect(res.statusCode).toBe(500);
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: LEVELS.error, msg: 'request failed', method: 'GET', url: '/usercenter/front/api/__test/fail', status: 500 });
    expect(logged[0]?.reqId).toEqual(expect.any(String));
    // The stack comes with the error's own line, under the same request id.
    expect(lines.some((l) => l.level === LEVELS.error && l.reqId === logged[0]?.reqId && /broken on purpose/.test(JSON.stringify(l)))).toBe(true);
  });

  it('does not count a 501 (a call not built yet) as a failure', async () => {
    // Every call is built today: an app without features answers 501 to all of them, as to a new call.
    const bare = await createTestApp({
      features: [],
      logger: { level: 'info', stream: logStream(), redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } },
    });
    try {
      const res = await bare.app.inject({ method: 'POST', url: API_CALLS.feedbackSave.path, payload: {} });
      expect(res.statusCode).toBe(501);
      expect(requestLines()).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it(`logs a request slower than ${SLOW_REQUEST_MS} ms at warn, at info`, async () => {
    expect((await t.app.inject({ method: 'GET', url: '/usercenter/front/api/__test/slow' })).statusCode).toBe(200);
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: LEVELS.warn, msg: 'slow request', method: 'GET', url: '/usercenter/front/api/__test/slow', status: 200 });
    expect(logged[0]?.ms).toBeGreaterThan(SLOW_REQUEST_MS);
  });
});
