/** Site parameters: key/value settings an operator changes without a release. */
import { eq } from 'drizzle-orm';
import type { SiteParam } from '../../src/domain/site/contract';
import type { Db } from '../db/client';
import { siteParams } from '../db/schema';

export async function findSiteParam(db: Db, key: string): Promise<SiteParam | undefined> {
  const [row] = await db.select({ key: siteParams.key, value: siteParams.value }).from(siteParams).where(eq(siteParams.key, key)).limit(1);
  return row;
}
