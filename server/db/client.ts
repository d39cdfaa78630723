/**
 * One factory over the two official Drizzle drivers. PGlite (in-process PostgreSQL) is the default
 * so the site runs with no database server; DATABASE_URL switches to real PostgreSQL. A pg.Pool
 * built over PGlite is never used: Drizzle's node-postgres adapter crashes on it (field notes).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** What route code talks to: the driver-independent part of both Drizzle databases. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'pg';

interface HandleBase {
  db: Db;
  close(): Promise<void>;
}
export interface PgliteHandle extends HandleBase {
  kind: 'pglite';
  client: PGlite;
  driverDb: PgliteDatabase<Schema>;
}
export interface PgHandle extends HandleBase {
  kind: 'pg';
  pool: pg.Pool;
  driverDb: NodePgDatabase<Schema>;
}
export type DatabaseHandle = PgliteHandle | PgHandle;

/**
 * `dataDir` undefined: an in-memory PGlite, optionally started from a `dumpDataDir()` archive
 * (`loadDataDir`; tests use it to skip the ~3 s initdb of each new database).
 */
export type OpenDatabaseOptions = { dataDir?: string; loadDataDir?: Blob } | { url: string; max?: number };

export const PGDATA_SUBDIR = 'pgdata';

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  if ('url' in opts) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.max ?? 10 });
    // A connection that dies emits 'error' on its client. An idle client's reaches the pool's
    // listener; a checked-out one's (a transaction's, the migration lock's) reaches only the client,
    // and unhandled it would kill the process (field notes). The query in flight on it fails by
    // itself (isDatabaseUnavailable: 503), and the pool drops the client.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const driverDb = drizzlePg({ client: pool, schema });
    let closed = false;
    return {
      kind: 'pg',
      pool,
      driverDb,
      db: driverDb,
      async close() {
        if (closed) return;
        closed = true;
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, PGDATA_SUBDIR);
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  }
  const driverDb = drizzlePglite({ client, schema });
  return {
    kind: 'pglite',
    client,
    driverDb,
    db: driverDb,
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Rows of a raw SQL query on either driver (`db.execute` is typed per driver). Cast counts and
 * sums in SQL (`count(*)::int`): bigint comes back as a number on PGlite but a string on pg.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute()'s result type differs per driver; this names the shape both share.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** PostgreSQL's SQLSTATEs of a connection lost or refused: 08 (connection exception), 57P01–57P03 (shut down, restarting), 53300 (too many connections). */
const UNAVAILABLE_STATE = /^(08|57P0[1-3]$|53300$)/;
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/;

/**
 * Whether a failure is the database being out of reach (restarting, down, the connection dropped)
 * rather than a fault of the request: the server answers 503, which clients retry. Drizzle wraps
 * the driver's error, so the causes are followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let err = error, depth = 0; err instanceof Error && depth < 5; err = (err as { cause?: unknown }).cause, depth += 1) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATE.test(code) || UNAVAILABLE_CODES.has(code))) return true;
    if (UNAVAILABLE_MESSAGE.test(err.message)) return true;
  }
  return false;
}
