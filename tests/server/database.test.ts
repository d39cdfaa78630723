/** Config, the data-dir lock, migrations (twice, and concurrently on PostgreSQL) and main.ts start-up. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase, queryRows, type Db } from '../../server/db/client';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../../server/db/lock';
import { migrateDatabase } from '../../server/db/migrate';
import { makeDemoMedia } from '../../server/learning/media/demoMedia';
import { createTestDatabase, usingPostgres } from './harness';

const tmpDirs: string[] = [];
function tmpDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xt-db-'));
  tmpDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
});

async function tableNames(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(db, sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`);
  return rows.map((r) => r.name);
}

describe('loadConfig', () => {
  it('has defaults and reads the environment', () => {
    const defaults = loadConfig({}, '/srv/xt');
    expect(defaults).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/xt/data',
      databaseUrl: undefined,
      dbPoolSize: 10,
      workers: 1,
      nodeEnv: 'development',
      logLevel: 'info',
      distDir: '/srv/xt/dist',
      publicOrigin: undefined,
      trustProxy: false,
      sms: { provider: 'outbox' },
      wechat: undefined,
      captchaMode: 'slider',
      uploadDir: '/srv/xt/data/uploads',
      mediaDir: '/srv/xt/node_modules/.cache/xuetu-media',
      storage: { kind: 'local' },
      cspHosts: { script: [], frame: [], media: [], connect: [] },
      payment: { sandbox: true },
    });
    const set = loadConfig(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: '/d', DATABASE_URL: 'postgres://x/y', NODE_ENV: 'production', LOG_LEVEL: 'WARN', DIST_DIR: 'out' },
      '/srv/xt',
    );
    expect(set).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      dataDir: '/d',
      databaseUrl: 'postgres://x/y',
      nodeEnv: 'production',
      logLevel: 'warn',
      distDir: '/srv/xt/out',
    });
    expect(() => loadConfig({ PORT: 'http' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

describe('data-dir lock', () => {
  it('refuses a second holder with a clear message and frees the dir on release', () => {
    const dir = tmpDir();
    const lock = acquireDataDirLock(dir);
    const content = JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8'));
    expect(content).toMatchObject({ pid: process.pid, startedAt: expect.any(String) });
    let error: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toBe(`数据目录 ${dir} 已被进程 ${process.pid} 占用 (data dir in use by pid ${process.pid}); stop it or set DATA_DIR`);
    lock.release();
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock whose process is gone', async () => {
    const dir = tmpDir();
    const dead = spawn(process.execPath, ['-e', '']);
    const deadPid = dead.pid!;
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: deadPid, startedAt: '2020-01-01T00:00:00Z', nonce: 'old' }));
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable old lock file', () => {
    const dir = tmpDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    writeFileSync(file, 'garbage');
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    const lock = acquireDataDirLock(dir);
    lock.release();
  });
});

describe('migrations', () => {
  it('apply on an empty database and a second time without error', async () => {
    const database = await createTestDatabase({ migrated: false });
    try {
      await migrateDatabase(database.handle);
      await migrateDatabase(database.handle);
      expect(await tableNames(database.db)).toEqual(expect.arrayContaining(['users', 'sessions', 'classes', 'courses', 'questions']));
    } finally {
      await database.close();
    }
  });

  // Only PostgreSQL has several connections at once; the suite runs on it in `npm test` too.
  const postgresOnly = usingPostgres ? it : () => undefined;
  postgresOnly('apply concurrently from several processes-worth of pools (PostgreSQL)', async () => {
    const database = await createTestDatabase({ migrated: false });
    const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url: database.url!, max: 2 })));
    try {
      await Promise.all(handles.map((h) => migrateDatabase(h)));
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const journal = JSON.parse(readFileSync(path.join(__dirname, '../../server/db/migrations/meta/_journal.json'), 'utf8'));
      expect(row!.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await database.close();
    }
  });
});

describe('PGlite on disk', () => {
  it('keeps data in DATA_DIR/pgdata across reopen', async () => {
    const dir = tmpDir();
    const first = await openDatabase({ dataDir: dir });
    await migrateDatabase(first);
    await first.db.execute(sql`insert into site_params (key, value) values ('k', 'v')`);
    await first.close();
    expect(existsSync(path.join(dir, 'pgdata', 'PG_VERSION'))).toBe(true);
    const again = await openDatabase({ dataDir: dir });
    expect(await queryRows(again.db, sql`select value from site_params where key = 'k'`)).toEqual([{ value: 'v' }]);
    await again.close();
  });
});

describe('server start-up (npx tsx server/main.ts)', () => {
  const children: ChildProcess[] = [];
  // main.ts makes the demo course media before it listens (ffmpeg, once per checkout: ~30 s on a
  // quiet machine, minutes on a busy one). Made here first, bounded only by ffmpeg's own timeout,
  // so the wait for the server to listen below never races an encoding.
  beforeAll(async () => {
    const { mediaDir } = loadConfig({ ...process.env }, path.join(__dirname, '../..'));
    await Promise.all([makeDemoMedia(mediaDir, 'lecture-video'), makeDemoMedia(mediaDir, 'lesson-audio')]);
  }, 20 * 60_000);
  afterAll(() => {
    for (const child of children) if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  });

  function start(env: Record<string, string>): { child: ChildProcess; out: () => string; err: () => string; exited: Promise<number | null> } {
    let out = '';
    let err = '';
    const { DATABASE_URL: _omit, ...inherited } = process.env;
    const child = spawn('npx', ['tsx', 'server/main.ts'], {
      cwd: path.join(__dirname, '../..'),
      env: { ...inherited, ...env },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    child.stdout!.on('data', (d) => (out += String(d)));
    child.stderr!.on('data', (d) => (err += String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, out: () => out, err: () => err, exited };
  }

  async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('refuses a second server on the same DATA_DIR with exit 1 and the lock message', async () => {
    const dataDir = tmpDir();
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DIST_DIR: path.join(dataDir, 'dist') };
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    const first = start(env);
    const holderPid = (): number | null => {
      try {
        return (JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number }).pid;
      } catch {
        return null;
      }
    };
    await until(() => holderPid() !== null || first.child.exitCode !== null, 30_000, 'the first server to take the lock');
    const holder = holderPid()!;
    expect(holder).toBeGreaterThan(0);

    const second = start(env);
    expect(await second.exited).toBe(1);
    expect(second.err()).toContain(`数据目录 ${dataDir} 已被进程 ${holder} 占用 (data dir in use by pid ${holder}); stop it or set DATA_DIR`);
    expect(second.err()).not.toMatch(/\n\s+at /);

    await until(() => /http:\/\/localhost:\d+\/new\//.test(first.out()) || first.child.exitCode !== null, 90_000, 'the first server to listen');
    const port = Number(/http:\/\/localhost:(\d+)\/new\//.exec(first.out())![1]);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ code: 200, msg: 'success', data: { status: 'ok', db: 'pglite', version: '2.5.0' } });

    process.kill(holder, 'SIGTERM');
    await first.exited;
    await until(() => !existsSync(lockFile), 10_000, 'the lock file to be removed');
  }, 150_000);
});
