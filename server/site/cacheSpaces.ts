/** The site's public cache spaces (server/shared/publicCache.ts). Unknown slots and keys are cached too: the bound keeps that small. */
import type { CacheSpace } from '../shared/publicCache';

export const SITE_SPACES = {
  ads: { name: 'ads', tables: ['ad_items', 'ad_slots'], maxEntries: 200 },
  params: { name: 'params', tables: ['site_params'], maxEntries: 500 },
} as const satisfies Record<string, CacheSpace>;
