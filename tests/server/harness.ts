/**
 * Test harness: every test file gets a fresh, migrated database of its own.
 *
 * - Without TEST_DATABASE_URL: an in-memory PGlite.
 * - With TEST_DATABASE_URL (an admin URL of a real PostgreSQL, as `npm run test:server:pg` sets
 *   up): a uniquely named database cloned from a migrated template (`CREATE DATABASE x TEMPLATE t`,
 *   built once per migration set), dropped again by `close()`.
 *
 * Typical use:
 *   const t = await createTestApp();            // in beforeAll
 *   afterAll(() => t.close());
 *   const user = await createUser(t.db);
 *   const token = await loginAs(t.db, user.id);
 *   await t.app.inject({ method: 'POST', url, headers: bearer(token) });
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app';
import type { Services } from '../../server/providers/services';
import type { Feature } from '../../server/shared/feature';
import { createSession } from '../../server/shared/session';
import { loadConfig, type ServerConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle, type Db, type DbKind } from '../../server/db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../../server/db/migrate';
import { users } from '../../server/db/schema';

export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL || undefined;
export const usingPostgres = PG_ADMIN_URL !== undefined;

export interface TestDatabase {
  handle: DatabaseHandle;
  db: Db;
  kind: DbKind;
  /** Set on PostgreSQL: the URL of this test's own database. */
  url?: string;
  close(): Promise<void>;
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `fn` with a short-lived admin connection. */
export async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!PG_ADMIN_URL) throw new Error('TEST_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 12);
}

const TEMPLATE_LOCK_KEY = 7_271_602_026;

/** The migrated template database, made once per migration set (under a lock: other runs may share the server). */
async function ensureTemplate(): Promise<string> {
  const name = `xt_tpl_${migrationsHash()}`;
  await withAdmin(async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return;
      await admin.query(`create database "${name}"`);
      const handle = await openDatabase({ url: databaseUrl(PG_ADMIN_URL!, name), max: 1 });
      try {
        await migrateDatabase(handle);
      } catch (err) {
        await handle.close();
        await admin.query(`drop database if exists "${name}" with (force)`);
        throw err;
      }
      await handle.close();
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return name;
}

/**
 * A migrated PGlite data dir archived in the OS temp dir, keyed by the migrations and the PGlite
 * version: loading it takes ~0.7 s where a fresh initdb + migrate takes ~3 s per test file.
 */
async function pgliteTemplate(): Promise<Blob> {
  const version = (JSON.parse(readFileSync(path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version;
  const file = path.join(os.tmpdir(), `xuetu-pglite-${version}-${migrationsHash()}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)], { type: 'application/x-gzip' });
  const handle = await openDatabase({});
  try {
    await migrateDatabase(handle);
    if (handle.kind !== 'pglite') throw new Error('expected PGlite');
    const archive = await handle.client.dumpDataDir('gzip');
    // Write then rename, so a parallel run never reads a half-written archive.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await archive.arrayBuffer()));
    renameSync(partial, file);
    return new Blob([readFileSync(file)], { type: 'application/x-gzip' });
  } finally {
    await handle.close();
  }
}

export function uniqueDbName(prefix = 'xt_test'): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** A fresh database; `migrated: false` gives an empty one (for migration tests). */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const migrated = opts.migrated ?? true;
  if (!PG_ADMIN_URL) {
    const handle = migrated ? await openDatabase({ loadDataDir: await pgliteTemplate() }) : await openDatabase({});
    // Cheap when the template is current; also covers a template from an interrupted run.
    if (migrated) await migrateDatabase(handle);
    return { handle, db: handle.db, kind: handle.kind, close: () => handle.close() };
  }
  const name = uniqueDbName();
  const template = migrated ? await ensureTemplate() : undefined;
  await withAdmin((admin) => admin.query(template ? `create database "${name}" template "${template}"` : `create database "${name}"`));
  const url = databaseUrl(PG_ADMIN_URL, name);
  const handle = await openDatabase({ url, max: 4 });
  return {
    handle,
    db: handle.db,
    kind: handle.kind,
    url,
    async close() {
      await handle.close();
      await withAdmin((admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  config: ServerConfig;
  /** A temp dir removed by close(); distDir points into it unless overridden. */
  tmpDir: string;
}

export function testConfig(overrides: Partial<ServerConfig> = {}, tmpDir = os.tmpdir()): ServerConfig {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }, tmpDir),
    dataDir: path.join(tmpDir, 'data'),
    distDir: path.join(tmpDir, 'dist'),
    ...overrides,
  };
}

/** A migrated database plus the app over it (not listening; use `app.inject`). */
export async function createTestApp(
  opts: {
    config?: Partial<ServerConfig>;
    logger?: FastifyServerOptions['logger'];
    /** Fakes for the outside world; a function gets the test's database (for providers that keep books in it). */
    services?: Partial<Services> | ((db: Db) => Partial<Services>);
    /** Only these features answer (the registry's 501 for the others is tested so). */
    features?: readonly Feature[];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'xt-test-'));
  const config = testConfig(opts.config, tmpDir);
  const app = buildApp({
    db: database.db,
    dbKind: database.kind,
    config,
    ...(opts.logger ? { logger: opts.logger } : {}),
    ...(opts.services ? { services: typeof opts.services === 'function' ? opts.services(database.db) : opts.services } : {}),
    ...(opts.features ? { features: opts.features } : {}),
  });
  return {
    ...database,
    app,
    config,
    tmpDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(tmpDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another server on the same database, as a second process would be: on PostgreSQL with a
 * connection pool of its own; on PGlite (one process by design) on the same database. Limits
 * that must hold across processes are tested by spreading requests over `t` and this. `services`:
 * the fakes of `t` both must share (a shifted clock).
 */
export async function secondServer(t: TestApp, services?: Partial<Services>): Promise<TestApp> {
  const handle = t.url ? await openDatabase({ url: t.url, max: 4 }) : null;
  const db = handle?.db ?? t.db;
  const app = buildApp({ db, dbKind: t.kind, config: t.config, ...(services ? { services } : {}) });
  await app.ready();
  return {
    ...t,
    db,
    app,
    async close() {
      await app.close();
      await handle?.close();
    },
  };
}

let userSeq = 0;

export async function createUser(db: Db, fields: Partial<typeof users.$inferInsert> = {}): Promise<typeof users.$inferSelect> {
  userSeq += 1;
  const [row] = await db
    .insert(users)
    .values({ nickname: `学员${userSeq}`, mobile: `1380013${String(8000 + userSeq).padStart(4, '0')}`, ...fields })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function loginAs(db: Db, userId: number): Promise<string> {
  return (await createSession(db, userId, { ip: '127.0.0.1', userAgent: 'vitest' })).token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}
