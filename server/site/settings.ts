/** One site setting's stored value (src/domain/site/settings.ts reads it), from the public cache: a change reaches every process at its commit. */
import type { Db } from '../db/client';
import type { PublicCache } from '../shared/publicCache';
import { SITE_SPACES } from './cacheSpaces';
import { findSiteParam } from './params.queries';

export async function siteSetting(db: Db, cache: PublicCache, key: string): Promise<string | null> {
  const param = await cache.get(SITE_SPACES.params, `setting:${key}`, async () => (await findSiteParam(db, key)) ?? null);
  return param?.value ?? null;
}
