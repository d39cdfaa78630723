/** /content/front/api: advertisement slots (banners, notices). */
import { and, asc, eq } from 'drizzle-orm';
import type { AdItem } from '../../src/domain/catalog/contract';
import { adItems } from '../db/schema';
import { type Area, defineRoute } from './lib/routes';

export const contentArea: Area = {
  name: 'content',
  prefix: '/content/front/api/',
  routes: ({ db }) => ({
    // An unknown slot is an empty list, not an error: pages render without the banner.
    adItemsByCode: defineRoute<{ Params: { code: string } }>({
      schema: {
        params: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', minLength: 1, maxLength: 40 } },
        },
      },
      async handler(request): Promise<AdItem[]> {
        return db
          .select({ id: adItems.id, title: adItems.title, imageUrl: adItems.imageUrl, linkUrl: adItems.linkUrl })
          .from(adItems)
          .where(and(eq(adItems.slotCode, request.params.code), eq(adItems.enabled, true)))
          .orderBy(asc(adItems.sort), asc(adItems.id));
      },
    }),
  }),
};
