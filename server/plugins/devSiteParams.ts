/**
 * One site parameter read and set, never in production: the e2e tests change a site setting
 * (src/domain/site/settings.ts) as an operator would, e.g. the device limit, which a run that logs
 * the demo student in many times at once must raise.
 * - GET /dev/site-params/:key → {code:200,msg:'success',data:{key, value}} (value null when unset);
 * - PUT /dev/site-params/:key {value} → the same after writing it.
 * The write commits a change of site_params, so every process's public cache hears of it.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isProduction, type ServerConfig } from '../config';
import type { Db } from '../db/client';
import { siteParams } from '../db/schema';
import { isCrossSite } from '../shared/crossSite';
import { AppError, ok } from '../shared/envelope';
import type { PublicCache } from '../shared/publicCache';

export interface DevSiteParamsOptions {
  config: ServerConfig;
  db: Db;
  cache: PublicCache;
}

const KEY_SCHEMA = { type: 'object', required: ['key'], properties: { key: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,60}$' } } } as const;

export async function devSiteParamsPlugin(app: FastifyInstance, { config, db, cache }: DevSiteParamsOptions): Promise<void> {
  if (isProduction(config)) return;
  const read = async (key: string) => {
    const [row] = await db.select({ value: siteParams.value }).from(siteParams).where(eq(siteParams.key, key)).limit(1);
    return ok({ key, value: row?.value ?? null });
  };
  app.get<{ Params: { key: string } }>('/dev/site-params/:key', { schema: { params: KEY_SCHEMA } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return read(request.params.key);
  });
  app.put<{ Params: { key: string }; Body: { value: string } }>(
    '/dev/site-params/:key',
    {
      schema: {
        params: KEY_SCHEMA,
        body: { type: 'object', required: ['value'], properties: { value: { type: 'string', maxLength: 1000 } } },
      },
    },
    async (request) => {
      if (isCrossSite(request)) throw new AppError(403);
      const { key } = request.params;
      const { value } = request.body;
      await db.insert(siteParams).values({ key, value }).onConflictDoUpdate({ target: siteParams.key, set: { value } });
      // This process at once; the others when the change feed reports the commit.
      cache.tableChanged('site_params');
      return read(key);
    },
  );
}
