/**
 * For tests of a migration on a database that has data: migrate a fresh database up to the
 * migration before it, insert what older code wrote, then run the rest (migrateDatabase).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { expect } from 'vitest';
import { MIGRATIONS_FOLDER } from '../../server/db/migrate';
import type { TestDatabase } from './harness';

/** Runs the migrations up to and including `tag` on a fresh (unmigrated) test database. */
export async function migrateUpTo(database: TestDatabase, tag: string): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xt-migrations-'));
  try {
    cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag === tag);
    expect(last).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    const handle = database.handle;
    if (handle.kind === 'pglite') await migratePglite(handle.driverDb, { migrationsFolder: dir });
    else await migratePg(handle.driverDb, { migrationsFolder: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
