/**
 * Applies the drizzle-kit migrations of server/db/migrations. Drizzle's migrator takes no lock, so
 * on PostgreSQL it runs under a session advisory lock on one dedicated connection: processes that
 * start together queue up and the later ones find nothing left to apply.
 */
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';
import * as schema from './schema';

/** Resolved from this file so migrating works whatever the working directory is. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary but fixed: every xuetu process must use the same key. */
export const MIGRATION_LOCK_KEY = 7_271_602_025;

export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    // One process owns a PGlite directory (see lock.ts), so there is nobody to race with.
    await migratePglite(handle.driverDb, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
