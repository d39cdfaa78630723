/**
 * Liveness and readiness for load balancers, orchestrators and start scripts:
 * - GET /healthz: the process is up and serving (never touches the database, so a database
 *   restart does not get a healthy process killed);
 * - GET /readyz: 200 only while the database answers; 503 (the catalogue's text) until it does again.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SITE_VERSION } from '../../src/domain/shared/constants';
import type { Db, DbKind } from '../db/client';
import { AppError, ok } from '../shared/envelope';

export interface HealthOptions {
  db: Db;
  dbKind: DbKind;
}

export async function healthPlugin(app: FastifyInstance, { db, dbKind }: HealthOptions): Promise<void> {
  app.get('/healthz', { logLevel: 'warn' }, () => ok({ status: 'ok', db: dbKind, version: SITE_VERSION }));
  app.get('/readyz', { logLevel: 'warn' }, async (request) => {
    try {
      await db.execute(sql`select 1`);
    } catch (err) {
      request.log.warn({ err }, 'readiness: database unreachable');
      throw new AppError(503);
    }
    return ok({ status: 'ready', db: dbKind, version: SITE_VERSION });
  });
}
