/**
 * `npm run seed [-- --reset]`: writes the demo data into the configured database and exits.
 * With PGlite it takes the data-dir lock, so it refuses to run while the server is up.
 */
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/lock';
import { migrateDatabase } from './db/migrate';
import { seedDatabase } from './db/seed/index';

async function run(): Promise<void> {
  const reset = process.argv.slice(2).includes('--reset');
  const config = loadConfig();
  let lock: DataDirLock | null = null;
  if (!config.databaseUrl) lock = acquireDataDirLock(config.dataDir);
  const release = (): void => lock?.release();
  process.once('SIGINT', () => {
    release();
    process.exit(130);
  });
  process.once('SIGTERM', () => {
    release();
    process.exit(143);
  });
  const handle = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  try {
    await migrateDatabase(handle);
    const where = handle.kind === 'pg' ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.dataDir}`;
    const { seeded } = await seedDatabase(handle.db, { reset });
    console.log(
      seeded
        ? `已写入演示数据${reset ? '（已重置）' : ''} → ${where} (demo data ${reset ? 'reset and ' : ''}seeded)`
        : `演示数据已存在，未改动 → ${where} (already seeded; use \`npm run seed -- --reset\` to rebuild)`,
    );
  } finally {
    await handle.close();
    release();
  }
}

run().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof DataDirLockedError ? err.message : err);
    process.exit(1);
  },
);
