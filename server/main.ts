/**
 * Production entry: config → data-dir lock (PGlite) → database → migrations → demo data when the
 * database is empty → the demo course media (made with ffmpeg once per media dir, meanwhile, and with
 * STORAGE=s3 put into the bucket once, where every machine reads them) → listen.
 *
 * WORKERS=N (with DATABASE_URL only) runs N server processes with node:cluster: this primary
 * process prepares the database and the media once, then forks the workers, which share the port;
 * a worker that dies is replaced. SIGINT/SIGTERM shut down gracefully: no new requests, the
 * in-flight ones finish (live chat streams are ended, browsers reconnect elsewhere), the pool and
 * the lock are closed; the primary waits for its workers.
 */
import cluster, { type Worker } from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, isProduction, loadConfig, type ServerConfig } from './config';
import { openDatabase, type DatabaseHandle, type Db } from './db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { classes } from './db/schema';
import { seedDatabase } from './db/seed/index';
import { registerMedia } from './learning/media/mediaAssets';
import { provideDemoMasters } from './learning/media/mediaStore';
import { createStorage } from './providers/services';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** A worker that dies is forked again after this pause (a crash loop does not spin the CPU). */
const RESPAWN_DELAY_MS = 1000;

/** The class tree is the first thing every page needs: without it the site shows nothing. */
async function hasDemoContent(db: Db): Promise<boolean> {
  const rows = await db.select({ id: classes.id }).from(classes).limit(1);
  return rows.length > 0;
}

function openFor(config: ServerConfig): Promise<DatabaseHandle> {
  return openDatabase(config.databaseUrl ? { url: config.databaseUrl, max: config.dbPoolSize } : { dataDir: config.dataDir });
}

/** Migrations, demo data on an empty database, and the demo media: once, before anyone serves. */
async function prepare(config: ServerConfig, handle: DatabaseHandle, log: (msg: string, fields?: object) => void): Promise<void> {
  // ffmpeg works while the database opens and seeds: the first start of a checkout takes ~30 s more, later ones nothing
  // (and nothing on a machine that finds the masters in the bucket already).
  const masters = provideDemoMasters(createStorage(config), config.mediaDir);
  masters.catch(() => undefined);
  await migrateDatabase(handle);
  if (!(await hasDemoContent(handle.db))) {
    const result = await seedDatabase(handle.db);
    log('demo data checked', { seeded: result.seeded });
  }
  try {
    await registerMedia(handle.db, await masters);
  } catch (err) {
    // The site works without them; the player says the courseware has nothing to play.
    log('the demo course media could not be made (ffmpeg) or stored (STORAGE): coursewares have no video', { err });
  }
}

/** One serving process: the whole server (no WORKERS), or a worker of the cluster. */
async function serve(config: ServerConfig, { prepared }: { prepared: boolean }): Promise<void> {
  let lock: DataDirLock | null = null;
  let handle: DatabaseHandle | null = null;
  let app: ReturnType<typeof buildApp> | null = null;
  let stopping = false;

  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app?.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      console.error('关闭超时，强制退出 (shutdown timed out)');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      // Fastify answers new requests 503 while the in-flight ones finish, then closes.
      await app?.close();
      await handle?.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
  handle = await openFor(config);
  app = buildApp({ db: handle.db, dbKind: handle.kind, config });
  const log = app.log;
  if (!prepared) await prepare(config, handle, (msg, fields) => log.info(fields ?? {}, msg));
  if (isProduction(config) && config.sms.provider === 'outbox' && !cluster.isWorker) {
    app.log.warn('SMS_PROVIDER is outbox in production: codes are only logged, nobody receives an SMS');
  }
  if (isProduction(config) && !config.wechat && !cluster.isWorker) {
    app.log.warn('WECHAT_APP_ID/WECHAT_APP_SECRET unset in production: the WeChat sandbox pages are off, so WeChat login cannot work');
  }
  if (stopping) return;
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const where = cluster.isWorker ? { worker: cluster.worker?.id } : {};
  app.log.info({ url: `http://localhost:${port}/new/`, db: handle.kind, ...where }, `学途 is running at http://localhost:${port}/new/`);
}

/** The cluster's primary: prepares once, forks WORKERS workers, replaces one that dies, and stops them all on a signal. */
async function primary(config: ServerConfig): Promise<void> {
  const log = (msg: string, fields: object = {}) => console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, ...fields, msg }));
  const handle = await openFor(config);
  try {
    await prepare(config, handle, log);
  } finally {
    await handle.close();
  }
  let stopping = false;
  const fork = (): Worker => cluster.fork({ XUETU_PREPARED: '1' });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log('a worker stopped; starting another', { worker: worker.id, code, signal });
    setTimeout(() => {
      if (!stopping) fork();
    }, RESPAWN_DELAY_MS).unref();
  });
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    log('shutting down the workers', { signal });
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
    setTimeout(() => {
      console.error('关闭超时，强制退出 (shutdown timed out)');
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS + 2000).unref();
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  for (let i = 0; i < config.workers; i += 1) fork();
  log(`学途 is starting ${config.workers} workers on port ${config.port}`, { workers: config.workers });
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) await primary(config);
  else await serve(config, { prepared: cluster.isWorker && process.env.XUETU_PREPARED === '1' });
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError || err instanceof ConfigError) {
    // An expected situation, not a crash: one clear line, no stack.
    console.error(err.message);
  } else {
    console.error('启动失败 (start-up failed):', err);
  }
  process.exit(1);
});
