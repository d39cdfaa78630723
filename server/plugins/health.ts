/** GET /healthz for load balancers and start scripts: 200 only when the database answers. */
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
  app.get('/healthz', { logLevel: 'warn' }, async (request) => {
    try {
      await db.execute(sql`select 1`);
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      throw new AppError(503);
    }
    return ok({ status: 'ok', db: dbKind, version: SITE_VERSION });
  });
}
