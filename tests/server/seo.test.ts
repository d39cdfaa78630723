/**
 * /sitemap.xml and /robots.txt (issue 23) on the seeded catalogue: the sitemap is well-formed XML
 * with absolute URLs of the public pages and of exactly the courses the catalogue lists (an off-sale
 * course never, nor once it goes off sale), dated by the course; robots.txt refuses the private
 * pages and the API and names the sitemap; the origin is PUBLIC_ORIGIN when set, else the request's.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS } from '../../src/domain/calls';
import type { CourseListItem } from '../../src/domain/catalog/contract';
import { COURSE_PAGE_MAX_SIZE } from '../../src/domain/catalog/inputs';
import type { Page } from '../../src/domain/shared/envelope';
import { SITEMAP_PAGES } from '../../src/domain/site/seo';
import { buildApp } from '../../server/app';
import { courses } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { call } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

/** jsdom's XML parser (a dev dependency without type declarations): throws on XML that is not well-formed. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (markup: string, options: { contentType: string }) => { window: { document: Document } };
};

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HOST = 'xuetu.test:8080';
const ORIGIN = `http://${HOST}`;
const PUBLIC_ORIGIN = 'https://www.xuetu.example';

let t: TestApp;
let published: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db);
  await t.app.ready();
  // The same database behind a server that knows its public origin.
  published = buildApp({ db: t.db, dbKind: t.kind, config: { ...t.config, publicOrigin: PUBLIC_ORIGIN } });
  await published.ready();
});
afterAll(async () => {
  await published.close();
  await t.close();
});

interface SitemapEntry {
  loc: string;
  lastmod: string | null;
}

/** Parses the sitemap as XML (a malformed one throws) and reads its entries. */
function readSitemap(xml: string): SitemapEntry[] {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(doc.documentElement.localName).toBe('urlset');
  expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NS);
  return [...doc.getElementsByTagNameNS(SITEMAP_NS, 'url')].map((url) => ({
    loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent ?? '',
    lastmod: url.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent ?? null,
  }));
}

async function sitemap(app: FastifyInstance = t.app): Promise<SitemapEntry[]> {
  const res = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: HOST } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=300');
  return readSitemap(res.body);
}

const courseIdsOf = (entries: SitemapEntry[], origin = ORIGIN) =>
  entries.flatMap((entry) => {
    const match = new RegExp(`^${origin.replace(/[.:/]/g, '\\$&')}/new/course/detail/(\\d+)$`).exec(entry.loc);
    return match ? [Number(match[1])] : [];
  });

/** Every course of the public list (coursePageList without filters), page by page. */
async function listedCourseIds(): Promise<number[]> {
  const ids: number[] = [];
  for (let current = 1; ; current++) {
    const res = await call(t, 'coursePageList', { body: { current, size: COURSE_PAGE_MAX_SIZE } });
    const page = res.json<{ data: Page<CourseListItem> }>().data;
    ids.push(...page.records.map((course) => course.id));
    if (ids.length >= page.total || page.records.length === 0) return ids;
  }
}

const onSaleIds = async () =>
  (await t.db.select({ id: courses.id }).from(courses).where(eq(courses.status, 'ON_SALE')).orderBy(asc(courses.sort), asc(courses.id))).map((row) => row.id);

/** Polls (bounded) until the sitemap's courses are `expected`: the cache is emptied by the change feed, promptly but not synchronously. */
async function eventuallyCourses(expected: number[]): Promise<number[]> {
  const started = Date.now();
  for (;;) {
    const ids = courseIdsOf(await sitemap());
    if (JSON.stringify([...ids].sort()) === JSON.stringify([...expected].sort()) || Date.now() - started > 30_000) return ids;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every on-sale course, as absolute URLs, and no off-sale course', async () => {
    const entries = await sitemap();
    const locs = entries.map((entry) => entry.loc);
    expect(locs.slice(0, SITEMAP_PAGES.length)).toEqual(SITEMAP_PAGES.map((path) => `${ORIGIN}/new${path === '/' ? '/' : path}`));
    expect(locs).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/new/`,
        `${ORIGIN}/new/course/pro-course`,
        `${ORIGIN}/new/course/free-course`,
        `${ORIGIN}/new/teacher`,
        `${ORIGIN}/new/about`,
        `${ORIGIN}/new/hc/pay-type`,
        `${ORIGIN}/new/hc/site-stated`,
        `${ORIGIN}/new/hc/user-agreement`,
        `${ORIGIN}/new/hc/privacy-policy`,
      ]),
    );
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${ORIGIN}/new/`)).toBe(true);

    const ids = courseIdsOf(entries);
    const onSale = await onSaleIds();
    expect(onSale.length).toBeGreaterThan(0);
    expect(ids).toEqual(onSale);
    // The same courses as the catalogue's own list, so the two cannot drift apart.
    expect([...ids].sort((a, b) => a - b)).toEqual((await listedCourseIds()).sort((a, b) => a - b));
    const offShelf = await t.db.select({ id: courses.id }).from(courses).where(ne(courses.status, 'ON_SALE'));
    expect(offShelf.length).toBeGreaterThan(0);
    for (const { id } of offShelf) expect(ids).not.toContain(id);
  });

  it('dates each course by its creation, as a W3C date-time; the pages without a date have none', async () => {
    const entries = await sitemap();
    const created = new Map(
      (await t.db.select({ id: courses.id, createdAt: courses.createdAt }).from(courses)).map((row) => [row.id, new Date(row.createdAt)]),
    );
    for (const entry of entries) {
      const id = Number(/\/course\/detail\/(\d+)$/.exec(entry.loc)?.[1]);
      if (!id) {
        expect(entry.lastmod).toBeNull();
        continue;
      }
      expect(entry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(new Date(entry.lastmod!).getTime()).toBe(Math.floor(created.get(id)!.getTime() / 1000) * 1000);
    }
  });

  it('drops a course once it goes off sale, and lists it again when it is back', async () => {
    const [course] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.status, 'ON_SALE')).orderBy(asc(courses.id)).limit(1);
    const id = course!.id;
    expect(courseIdsOf(await sitemap())).toContain(id);
    await t.db.update(courses).set({ status: 'OFF_SHELF' }).where(eq(courses.id, id));
    try {
      const without = await onSaleIds();
      expect(without).not.toContain(id);
      expect(await eventuallyCourses(without)).toEqual(without);
      const detail = await call(t, 'courseDetails', { params: { id } });
      expect(detail.statusCode).toBe(404);
    } finally {
      await t.db
        .update(courses)
        .set({ status: 'ON_SALE' })
        .where(and(eq(courses.id, id), eq(courses.status, 'OFF_SHELF')));
    }
    expect(await eventuallyCourses(await onSaleIds())).toContain(id);
  });

  it('uses PUBLIC_ORIGIN when set, whatever the Host', async () => {
    const entries = await sitemap(published);
    expect(entries.length).toBeGreaterThan(SITEMAP_PAGES.length);
    for (const entry of entries) expect(entry.loc.startsWith(`${PUBLIC_ORIGIN}/new/`)).toBe(true);
    expect(courseIdsOf(entries, PUBLIC_ORIGIN)).toEqual(await onSaleIds());
  });
});

describe('GET /robots.txt', () => {
  async function robots(app: FastifyInstance = t.app): Promise<string[]> {
    const res = await app.inject({ method: 'GET', url: '/robots.txt', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    return res.body.split('\n');
  }

  it('allows the app, refuses the private pages and every API path, and names the sitemap', async () => {
    const lines = await robots();
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /new/');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const refused = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    for (const path of ['/new/uc', '/new/submit-order/', '/new/order-pay/', '/new/question-bank/learn-center/', '/api/']) expect(refused).toContain(path);
    // Refusals come before the one Allow, for crawlers that take the first rule that matches.
    expect(lines.findIndex((line) => line.startsWith('Allow: '))).toBeGreaterThan(lines.findLastIndex((line) => line.startsWith('Disallow: ')));
    for (const def of Object.values(ALL_CALLS))
      expect(
        refused.some((prefix) => def.path.startsWith(prefix)),
        def.path,
      ).toBe(true);
    // Nothing the sitemap lists is refused.
    for (const { loc } of await sitemap()) {
      const path = new URL(loc).pathname;
      expect(
        refused.some((prefix) => path.startsWith(prefix)),
        path,
      ).toBe(false);
    }
  });

  it('names the sitemap at PUBLIC_ORIGIN when set', async () => {
    expect(await robots(published)).toContain(`Sitemap: ${PUBLIC_ORIGIN}/sitemap.xml`);
  });
});
