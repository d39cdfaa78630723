/**
 * Production entry: config → data-dir lock (PGlite) → database → migrations → demo data when the
 * database is empty → the demo course media (made with ffmpeg once per media dir, meanwhile) → listen. SIGINT/SIGTERM close the server, the database and the lock in turn.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, isProduction, loadConfig } from './config';
import { openDatabase, type DatabaseHandle, type Db } from './db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { classes } from './db/schema';
import { seedDatabase } from './db/seed/index';
import { makeDemoMedia } from './learning/media/demoMedia';
import { registerMedia } from './learning/media/mediaAssets';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** The class tree is the first thing every page needs: without it the site shows nothing. */
async function hasDemoContent(db: Db): Promise<boolean> {
  const rows = await db.select({ id: classes.id }).from(classes).limit(1);
  return rows.length > 0;
}

async function main(): Promise<void> {
  const config = loadConfig();
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
  // ffmpeg works while the database opens and seeds: the first start of a checkout takes ~30 s more, later ones nothing.
  const masters = Promise.all([makeDemoMedia(config.mediaDir, 'lecture-video'), makeDemoMedia(config.mediaDir, 'lesson-audio')]);
  masters.catch(() => undefined);
  handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, max: config.dbPoolSize } : { dataDir: config.dataDir });
  await migrateDatabase(handle);

  app = buildApp({ db: handle.db, dbKind: handle.kind, config });
  if (isProduction(config) && config.sms.provider === 'outbox') {
    app.log.warn('SMS_PROVIDER is outbox in production: codes are only logged, nobody receives an SMS');
  }
  if (isProduction(config) && !config.wechat) {
    app.log.warn('WECHAT_APP_ID/WECHAT_APP_SECRET unset in production: the WeChat sandbox pages are off, so WeChat login cannot work');
  }
  if (!(await hasDemoContent(handle.db))) {
    const result = await seedDatabase(handle.db);
    app.log.info({ seeded: result.seeded }, 'demo data checked');
  }
  try {
    await registerMedia(handle.db, await masters);
  } catch (err) {
    // The site works without them; the player says the courseware has nothing to play.
    app.log.warn({ err }, 'the demo course media could not be made (ffmpeg): coursewares have no video');
  }
  if (stopping) return;
  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  app.log.info({ url: `http://localhost:${port}/new/`, db: handle.kind }, `学途 is running at http://localhost:${port}/new/`);
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
