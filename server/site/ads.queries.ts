/** Advertisement slots (banners, notices): the enabled items of a slot in display order. */
import { and, asc, eq } from 'drizzle-orm';
import type { AdItem } from '../../src/domain/site/contract';
import type { Db } from '../db/client';
import { adItems } from '../db/schema';

export function listAdItems(db: Db, slotCode: string): Promise<AdItem[]> {
  return db
    .select({ id: adItems.id, title: adItems.title, imageUrl: adItems.imageUrl, linkUrl: adItems.linkUrl })
    .from(adItems)
    .where(and(eq(adItems.slotCode, slotCode), eq(adItems.enabled, true)))
    .orderBy(asc(adItems.sort), asc(adItems.id));
}
