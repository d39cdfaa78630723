/**
 * Every built call, attacked as an outsider would (tests/server/fuzz/attacks.ts), logged out and
 * logged in. What must hold for every answer: no 5xx, the {code,msg,data} envelope with nosniff, an error that
 * does not echo the request, and an untouched database when the answer is an error. The list of
 * calls comes from the route registry, so a call a feature claims tomorrow is attacked too.
 */
import { connect, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS, type AnyCallName } from '../../src/domain/calls';
import { queryRows } from '../../server/db/client';
import { FEATURES } from '../../server/features';
import { collectSpecs, inputOf } from '../../server/shared/registry';
import { freshIp } from './accounts-helpers';
import { attacksOn, MARKER, type Attack } from './fuzz/attacks';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

/** Tables that count attempts on purpose (a refused guess must cost one): left out of the comparison. */
const COUNTER_TABLES = ['rate_counters', 'captcha_challenges'];

let t: TestApp;
let fingerprintSql: ReturnType<typeof sql.raw>;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  const parts = tables
    .map((row) => row.name)
    .filter((name) => !COUNTER_TABLES.includes(name))
    .map((name) => `select '${name}' as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from "${name}" r`);
  fingerprintSql = sql.raw(parts.join(' union all '));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

async function fingerprint(): Promise<string> {
  const rows = await queryRows<{ name: string; digest: string }>(t.db, fingerprintSql);
  return rows.map((row) => `${row.name}:${row.digest}`).join(',');
}

const built = [
  ...collectSpecs(
    { db: undefined as never, dbKind: 'pglite', config: undefined as never, services: undefined as never, cache: undefined as never },
    FEATURES,
  ).keys(),
].sort();

/** What is wrong with one answer, or null. */
function problemWith(res: { statusCode: number; headers: Record<string, unknown>; body: string }): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  const type = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : '';
  if (!type.startsWith('application/json')) return `not JSON (${type})`;
  if (res.headers['x-content-type-options'] !== 'nosniff') return 'no X-Content-Type-Options: nosniff';
  let envelope: unknown;
  try {
    envelope = JSON.parse(res.body);
  } catch {
    return 'a body that does not parse';
  }
  const { code, msg } = (envelope ?? {}) as { code?: unknown; msg?: unknown };
  if (typeof code !== 'number' || typeof msg !== 'string' || !Object.prototype.hasOwnProperty.call(envelope, 'data'))
    return `not the envelope: ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400 && res.body.includes(MARKER)) return `echoes the request: ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400 && !/[\u4e00-\u9fff]/.test(msg)) return `an error message not in Chinese: ${msg}`;
  return null;
}

async function send(attack: Attack, token: string | null): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: attack.method,
    url: attack.url,
    remoteAddress: freshIp(),
    headers: { ...attack.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(attack.payload !== undefined ? { payload: attack.payload } : {}),
  });
}

/** Node's parser refuses oversized headers before Fastify sees them: only a real socket shows it. */
function oversizedHeaders(method: string, url: string): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`${method} ${url} HTTP/1.1\r\nHost: localhost\r\nX-Fuzz: ${MARKER}${'a'.repeat(20 * 1024)}\r\nConnection: close\r\n\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const header = (name: string) => new RegExp(`^${name}: ([^\r\n]+)`, 'im').exec(head)?.[1] ?? '';
      const headers = { 'content-type': header('content-type'), 'x-content-type-options': header('x-content-type-options') };
      resolve({ statusCode: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), headers, body });
    });
  });
}

async function attackCall(name: AnyCallName, loggedIn: boolean): Promise<string[]> {
  const call = ALL_CALLS[name];
  const input = inputOf(name);
  if (!input) return [`${name} has no input check`];
  const user = loggedIn ? await createUser(t.db) : null;
  const failures: string[] = [];
  for (const attack of attacksOn(call, input)) {
    // A fresh session each time: a successful logout or password change ends the previous one.
    const token = user ? await loginAs(t.db, user.id) : null;
    const before = await fingerprint();
    const res = await send(attack, token);
    const problem = problemWith(res);
    if (problem) failures.push(`${attack.label}: ${problem}`);
    else if (res.statusCode >= 400 && (await fingerprint()) !== before) failures.push(`${attack.label}: answered ${res.statusCode} but changed the database`);
  }
  const big = await oversizedHeaders(call.method, call.path.replace(/:\w+\??/g, '1'));
  const problem = big.statusCode === 431 ? problemWith(big) : `oversized headers answered ${big.statusCode}`;
  if (problem) failures.push(`oversized headers: ${problem}`);
  return failures;
}

describe('fuzzing every built call', () => {
  it('covers the calls the features claim, each with its input check', () => {
    expect(built.length).toBeGreaterThanOrEqual(28);
    for (const name of built) expect(inputOf(name), name).toBeDefined();
  });

  describe.each(built)('%s', (name) => {
    it('logged out: no 5xx, the envelope, nothing echoed, nothing written on an error', async () => {
      expect(await attackCall(name, false)).toEqual([]);
    });
    it('logged in: the same', async () => {
      expect(await attackCall(name, true)).toEqual([]);
    });
  });
});
