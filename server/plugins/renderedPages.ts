/**
 * Server-rendered pages kept in the public cache (server/shared/publicCache.ts), so a page many
 * visitors open is rendered once, not once per visitor: renders take turns in a process (the
 * machines read the page's data from module state), about 200–400 a second.
 *
 * - Kept per address (path and query), header shape (with or without the session cookie), origin
 *   and build: nothing else of the request reaches the HTML, and nothing of a user's own.
 * - Emptied with the tables its pages read, in every process at the commit (the change feed),
 *   like the API answers they are made of; while the feed is down nothing is kept.
 * - Kept SERVER_PAGE_MAX_AGE_MS at most: what depends on the time as well (a camp's cohort that
 *   closes at its hour) shows within it. Commerce checks that again when an order is made anyway.
 * - A failed rendering (null: the app's plain page then) is never kept.
 * - Compressed once per encoding, when first asked.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { CacheSpace, PublicCache } from '../shared/publicCache';

/** Every table the kept pages are made from: a change to any of them empties the space. */
export const SERVER_PAGE_SPACE = {
  name: 'serverPages',
  tables: [
    'courses',
    'course_skus',
    'course_pack_items',
    'camp_stages',
    'course_stages',
    'catalogues',
    'coursewares',
    'classes',
    'teachers',
    'sales_advisors',
    'ad_items',
    'ad_slots',
    'site_params',
  ],
  maxEntries: 200,
} as const satisfies CacheSpace;

export const SERVER_PAGE_MAX_AGE_MS = 60_000;

export type Encoding = 'br' | 'gzip';

export interface RenderedPage {
  status: number;
  html: Buffer;
  /** The HTML compressed (brotli quality 5, gzip 6: a page changes with its data), made once. */
  encoded(encoding: Encoding): Buffer;
}

export function renderedPage(status: number, html: string): RenderedPage {
  const body = Buffer.from(html);
  const made = new Map<Encoding, Buffer>();
  return {
    status,
    html: body,
    encoded(encoding) {
      let out = made.get(encoding);
      if (!out) {
        out = encoding === 'br' ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 });
        made.set(encoding, out);
      }
      return out;
    },
  };
}

/** What tells two kept pages apart: the template (a new build has new asset names), the origin, the header shape, the address. */
export function renderedPageKey(template: string, origin: string, loggedIn: boolean, address: string): string {
  const build = createHash('sha1').update(template).digest('base64url');
  return `${build}|${origin}|${loggedIn ? 1 : 0}|${address}`;
}

interface Kept {
  page: RenderedPage | null;
  renderedAt: number;
}

/** The page of `key` from the cache while it holds, else rendered by `render` (kept unless it failed). */
export async function keptPage(cache: PublicCache, key: string, now: () => number, render: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
  const kept = await cache.get<Kept>(
    SERVER_PAGE_SPACE,
    key,
    async () => ({ page: await render(), renderedAt: now() }),
    (entry) => entry.page !== null && now() - entry.renderedAt < SERVER_PAGE_MAX_AGE_MS,
  );
  return kept.page;
}
