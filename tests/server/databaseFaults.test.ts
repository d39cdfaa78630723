/**
 * Database faults never kill a process (issue 18): a connection lost under a request answers 503 in
 * the envelope (which the browser's journal and outbox retry), every pg client handles 'error' —
 * a transaction's too —, /healthz stays up while /readyz says the database is out of reach.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpErrorText } from '../../src/domain/shared/errors';
import { isDatabaseUnavailable, openDatabase } from '../../server/db/client';
import { buildApp } from '../../server/app';
import { createTestApp, createTestDatabase, testConfig, usingPostgres, withAdmin, type TestApp } from './harness';

describe('isDatabaseUnavailable', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it('knows a lost or refused connection, also wrapped by Drizzle', () => {
    for (const error of [
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      withCode('ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('Failed query: select 1', { cause: withCode('ECONNRESET') }),
    ])
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });
  it('leaves the request’s own faults alone', () => {
    for (const error of [withCode('23505', 'duplicate key value'), withCode('22P02'), new Error('boom'), 'text', null])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});

describe('on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/test/lost-connection', () => {
      throw new Error('Failed query: insert …', { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
    });
    t.app.get('/test/slow-transaction', () => t.db.transaction(async (tx) => tx.execute(sql`select pg_sleep(5)`)).then(() => ({ done: true })));
  });
  afterAll(() => t.close());

  it('answers a lost connection with 503 in the envelope, the catalogue’s words and Retry-After', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/test/lost-connection' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({ code: 503, msg: httpErrorText(503), data: null });
  });

  it('is live and ready while the database answers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json().data).toMatchObject({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json().data).toMatchObject({ status: 'ready', db: t.kind });
  });

  // Only PostgreSQL has connections to lose; the suite runs on it in `npm test` too.
  const postgresOnly = usingPostgres ? it : () => undefined;
  postgresOnly('survives the connection of a transaction in flight being killed: 503, then served again (PostgreSQL)', async () => {
    const pending = t.app.inject({ method: 'GET', url: '/test/slow-transaction' });
    const database = new URL(t.url!).pathname.slice(1);
    // Wait for the sleeping query, then end its backend as a restart would.
    let killed = 0;
    for (let i = 0; i < 100 && killed === 0; i += 1) {
      killed = await withAdmin(async (admin) => {
        const { rows } = await admin.query<{ ok: boolean }>(
          `select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and query like '%pg_sleep%' and pid <> pg_backend_pid()`,
          [database],
        );
        return rows.length;
      });
      if (killed === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(killed).toBe(1);
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe(httpErrorText(503));
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('readiness without a database', () => {
  it('stays live (200) while /readyz answers 503 with the catalogue’s words', async () => {
    const database = await createTestDatabase();
    // PostgreSQL: a server that is not there; PGlite: the database closed under the running app.
    const handle = usingPostgres ? await openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', max: 1 }) : database.handle;
    const app = buildApp({ db: handle.db, dbKind: handle.kind, config: testConfig({ logLevel: 'silent' }) });
    try {
      await app.ready();
      if (!usingPostgres) await database.handle.close();
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ code: 503, msg: httpErrorText(503), data: null });
    } finally {
      await app.close();
      if (usingPostgres) await handle.close();
      await database.close();
    }
  });
});
