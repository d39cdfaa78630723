/**
 * What search engines read at the site's root (issue 23):
 * - GET /sitemap.xml — the public pages (home, the course lists, the teachers, about, the help
 *   centre) and every on-sale course's page, as absolute URLs with the course's date;
 * - GET /robots.txt — the public pages allowed, the private ones (login, orders, answering…) and
 *   the API refused, and where the sitemap is.
 * The origin is PUBLIC_ORIGIN, else the request's (server/shared/request.ts). The course list comes
 * from the public cache, emptied by any change to the courses table.
 */
import type { FastifyInstance } from 'fastify';
import { ALL_CALLS } from '../../src/domain/calls';
import { canonicalUrl, robotsDisallowedPaths, sitePath, SITEMAP_PAGES } from '../../src/domain/site/seo';
import { paths } from '../../src/paths';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { CacheSpace, PublicCache } from '../shared/publicCache';
import { requestOrigin } from '../shared/request';
import { listSitemapCourses, type SitemapCourse } from './seo.queries';

export interface SeoOptions {
  db: Db;
  cache: PublicCache;
  config: Pick<ServerConfig, 'publicOrigin'>;
}

/** The sitemap's courses, one entry, emptied by any change to courses. */
export const SEO_SPACE = { name: 'sitemapCourses', tables: ['courses'], maxEntries: 1 } as const satisfies CacheSpace;

/** Crawlers may keep both answers for five minutes. */
const CACHE_CONTROL = 'public, max-age=300';

/** Paths of the server outside the SPA that no crawler needs: signed download links, developer pages. */
const PRIVATE_SERVER_PATHS = ['/static/downloads/', '/dev/'];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** W3C Datetime to the second: 2026-11-01T08:30:00Z. */
function w3cDate(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z');
}

function urlEntry(loc: string, lastmod?: string): string {
  return `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
}

/** The sitemap of `origin`: the public pages, then the courses with their dates. */
export function sitemapXml(origin: string, courses: readonly SitemapCourse[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...SITEMAP_PAGES.map((path) => urlEntry(canonicalUrl(path, origin))),
    ...courses.map((course) => urlEntry(canonicalUrl(paths.courseDetail(course.id), origin), w3cDate(course.createdAt))),
    '</urlset>',
    '',
  ].join('\n');
}

/** The API's first path segments (/usercenter/, /products/, /api/ …), from the calls themselves. */
function apiPaths(): string[] {
  const roots = Object.values(ALL_CALLS).map((call) => `/${call.path.split('/')[1]}/`);
  return [...new Set(roots)].sort();
}

/** robots.txt of `origin`: refusals first (for crawlers that take the first match), then the SPA allowed. */
export function robotsTxt(origin: string): string {
  const disallowed = [...robotsDisallowedPaths().map(sitePath), ...apiPaths(), ...PRIVATE_SERVER_PATHS];
  return ['User-agent: *', ...disallowed.map((path) => `Disallow: ${path}`), `Allow: ${sitePath(paths.home())}`, '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
}

export async function seoPlugin(app: FastifyInstance, { db, cache, config }: SeoOptions): Promise<void> {
  app.get('/sitemap.xml', async (request, reply) => {
    const courses = await cache.get(SEO_SPACE, 'all', () => listSitemapCourses(db));
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(sitemapXml(requestOrigin(config, request), courses));
  });

  app.get('/robots.txt', (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE_CONTROL)
      .send(robotsTxt(requestOrigin(config, request))),
  );
}
