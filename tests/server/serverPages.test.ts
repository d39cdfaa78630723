/**
 * Public pages rendered on the server (issue 23), on the seeded catalogue, with the app's views
 * rendered from source (src/ssr/renderPage.tsx): the HTML carries what the page says, its own head
 * (title, description, canonical, Open Graph, JSON-LD) and the data the app hydrates with; an
 * unknown course answers 404 with the not-found page; a page whose rendering fails is still the app.
 */
import { eq } from 'drizzle-orm';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { formatCents } from '../../src/domain/shared/format';
import { SERVER_DATA_ELEMENT_ID, SERVER_PAGE_KEYS, type ServerPageData } from '../../src/domain/shared/serverPage';
import { paths } from '../../src/paths';
import { ROUTES } from '../../src/routes';
import { buildApp } from '../../server/app';
import { SERVER_PAGE_MAX_AGE_MS } from '../../server/plugins/renderedPages';
import { SERVER_PAGE_PATTERNS } from '../../server/plugins/serverPages';
import { ShiftableClock } from '../../server/shared/clock';
import { courses, teachers } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let app: FastifyInstance;
let broken: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db);
  // The repository's own index.html, as the build writes it (its root and default head).
  mkdirSync(t.config.distDir, { recursive: true });
  writeFileSync(path.join(t.config.distDir, 'index.html'), readFileSync('index.html', 'utf8'));
  app = buildApp({ db: t.db, dbKind: t.kind, config: t.config, pageRenderer: async () => (await import('../../src/ssr/renderPage')).renderPage });
  broken = buildApp({
    db: t.db,
    dbKind: t.kind,
    config: t.config,
    pageRenderer: () => Promise.resolve(() => Promise.reject(new Error('渲染失败'))),
  });
  await Promise.all([app.ready(), broken.ready()]);
}, 180_000);
afterAll(async () => {
  await Promise.all([app.close(), broken.close()]);
  await t.close();
});

const page = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/new${url}`, headers });

/** The text inside #root, tags dropped and spaces collapsed. */
function rootText(html: string): string {
  const start = html.indexOf('<div id="root" data-server-rendered>');
  expect(start, 'a server-rendered root').toBeGreaterThan(-1);
  const end = html.indexOf(`<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}"`);
  return html
    .slice(start, end === -1 ? undefined : end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

function pageData(html: string): ServerPageData[] {
  const m = new RegExp(`<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`).exec(html);
  expect(m, 'the page data').not.toBeNull();
  return JSON.parse(m![1]!) as ServerPageData[];
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('a course page', () => {
  it('holds the course’s title, price, catalogue headings and teachers, its own head and valid JSON-LD', async () => {
    const [course] = await t.db.select().from(courses).where(eq(courses.status, 'ON_SALE')).orderBy(courses.id).limit(1);
    const res = await page(paths.courseDetail(course!.id));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    const text = rootText(html);
    expect(text).toContain(course!.title);
    expect(text).toContain(formatCents(course!.priceCents));
    // One title, the page's own (the app sets the same one).
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(titleOf(html)).toContain(course!.title);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/new/course/detail/${course!.id}">`));
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    const ld = jsonLd(html);
    const offered = ld.find((item) => item['@type'] === 'Course') as
      { name: string; url: string; offers: { price: string; priceCurrency: string }[] } | undefined;
    expect(offered?.name).toBe(course!.title);
    expect(offered?.url).toMatch(new RegExp(`^http://[^/]+/new/course/detail/${course!.id}$`));
    expect(offered?.offers[0]?.priceCurrency).toBe('CNY');
    // The price the page shows, in yuan.
    expect(text).toContain(`¥${offered!.offers[0]!.price}`);
    expect(ld.some((item) => item['@type'] === 'Organization')).toBe(true);
    // The data the app hydrates with, under the key its machine looks for.
    const data = pageData(html);
    const detail = data.find((entry) => entry.key === SERVER_PAGE_KEYS.courseDetail(course!.id));
    expect((detail?.data as { details: { title: string } }).details.title).toBe(course!.title);
    // The catalogue's chapters are in the HTML and in the data its tree starts from.
    const chapters = data.find((entry) => entry.key === SERVER_PAGE_KEYS.catalogue(course!.id))?.data as { name: string }[];
    expect(chapters.length).toBeGreaterThan(0);
    for (const chapter of chapters) expect(text).toContain(chapter.name);
    // The teachers too.
    for (const teacher of (detail?.data as { details: { teachers: { name: string }[] } }).details.teachers) expect(text).toContain(teacher.name);
    // Nothing the Content-Security-Policy would refuse: no inline script but the data blocks.
    const scripts = [...html.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g)].map((m) => m[0]);
    expect(scripts.every((tag) => /\bsrc="/.test(tag))).toBe(true);
  });

  it('an unknown course answers 404 HTML with the not-found page, kept out of search results', async () => {
    for (const url of ['/course/detail/99999999', '/course/detail/abc']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(rootText(res.body), url).toContain('课程不存在或已下架');
      expect(res.body, url).toContain('<meta name="robots" content="noindex">');
    }
    // Off sale is gone too, and the app starts from the same 404 (null data).
    const [offSale] = await t.db.select().from(courses).where(eq(courses.status, 'OFF_SALE')).limit(1);
    if (offSale) {
      const res = await page(paths.courseDetail(offSale.id));
      expect(res.statusCode).toBe(404);
      expect(pageData(res.body)).toEqual([{ key: SERVER_PAGE_KEYS.courseDetail(offSale.id), data: null }]);
    }
  });
});

describe('the other public pages', () => {
  it('home and the course lists carry the courses they list', async () => {
    const listed = await t.db.select().from(courses).where(eq(courses.status, 'ON_SALE'));
    for (const url of [paths.home(), paths.proCourses(), paths.freeCourses()]) {
      const res = await page(url === '/' ? '/' : url);
      expect(res.statusCode, url).toBe(200);
      const text = rootText(res.body);
      const shown = listed.filter((course) => text.includes(course.title));
      expect(shown.length, url).toBeGreaterThan(0);
      expect(
        jsonLd(res.body).some((item) => item['@type'] === 'Organization'),
        url,
      ).toBe(true);
    }
    const pro = await page(paths.proCourses());
    expect(titleOf(pro.body)).toContain('精品课程');
    expect(pageData(pro.body).map((entry) => entry.key)).toEqual([expect.stringMatching(/^courseList:PRO:/)]);
  });

  it('the teacher page names the teachers; a help page carries its text', async () => {
    const all = await t.db.select().from(teachers);
    const text = rootText((await page(paths.teacher())).body);
    expect(all.length).toBeGreaterThan(0);
    for (const teacher of all) expect(text).toContain(teacher.name);
    const help = await page(paths.payType());
    expect(help.statusCode).toBe(200);
    expect(rootText(help.body)).toContain('微信支付');
    expect(titleOf(help.body)).toContain('支付方式');
  });

  it('a visitor with a session cookie gets the logged-in header shape (as the app renders it first)', async () => {
    const out = rootText((await page(paths.payType())).body);
    const inside = rootText((await page(paths.payType(), { cookie: `${STORAGE_KEYS.tokenCookie}=abc` })).body);
    expect(out).toContain('登录 / 注册');
    expect(inside).not.toContain('登录 / 注册');
    expect(inside).toContain('我的课程');
  });

  it('renders only plain routes (no Fluent: its styles come with the script, the HTML would show unstyled)', () => {
    expect(SERVER_PAGE_PATTERNS.length).toBeGreaterThanOrEqual(9);
    for (const pattern of SERVER_PAGE_PATTERNS) {
      const route = ROUTES.find((r) => r.path === pattern);
      expect(route, pattern).toBeDefined();
      expect(route!.plain, pattern).toBe(true);
      expect(route!.auth, pattern).toBe(false);
    }
  });

  it('the question-bank home is rendered for a visitor; a student’s (their own figures) is left to the app', async () => {
    const visitor = await page(paths.questionBankHome());
    expect(visitor.statusCode).toBe(200);
    expect(titleOf(visitor.body)).toContain('题库');
    expect(rootText(visitor.body)).toContain('章节练习');
    expect(pageData(visitor.body).map((entry) => entry.key)).toEqual([expect.stringMatching(/^qbHome:/)]);
    const student = await page(paths.questionBankHome(), { cookie: `${STORAGE_KEYS.tokenCookie}=abc` });
    expect(student.statusCode).toBe(200);
    expect(student.body).toContain('<div id="root"><div id="boot">');
  });

  it('index.html itself is the app’s empty shell (the offline worker serves it for every page)', async () => {
    const shell = await app.inject({ method: 'GET', url: '/new/index.html' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<div id="root"><div id="boot">');
    expect(shell.body).not.toContain('data-server-rendered');
    // The same address without the file name is the home page, rendered.
    expect((await page('/')).body).toContain('data-server-rendered');
  });

  it('a page that is not public is the app’s plain page', async () => {
    const res = await page(paths.myCourses());
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><div id="boot">');
    expect(res.body).not.toContain(SERVER_DATA_ELEMENT_ID);
  });

  it('a rendering that fails falls back to the app’s plain page, never an error', async () => {
    const res = await broken.inject({ method: 'GET', url: '/new/course/pro-course' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><div id="boot">');
  });
});

describe('kept pages', () => {
  /** A server whose renders are counted, with a clock the test moves; its first `failures` renders fail. */
  async function countedServer(failures = 0) {
    const clock = new ShiftableClock();
    const counter = { renders: 0, failures };
    const server = buildApp({
      db: t.db,
      dbKind: t.kind,
      config: t.config,
      services: { clock },
      pageRenderer: async () => {
        const { renderPage } = await import('../../src/ssr/renderPage');
        return (request) => {
          counter.renders += 1;
          if (counter.failures > 0) {
            counter.failures -= 1;
            return Promise.reject(new Error('渲染失败'));
          }
          return renderPage(request);
        };
      },
    });
    await server.ready();
    const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url: `/new${url}`, headers });
    /** Asks until an answer comes from what was kept (the cache keeps nothing until its change feed listens). */
    const untilKept = async (url: string) =>
      expect
        .poll(
          async () => {
            const before = counter.renders;
            await get(url);
            return counter.renders - before;
          },
          { timeout: 15_000 },
        )
        .toBe(0);
    return { server, clock, counter, get, untilKept };
  }

  it('renders a page once for its visitors: per address and header shape, again after its age', async () => {
    const { server, clock, counter, get, untilKept } = await countedServer();
    try {
      const url = paths.teacher();
      await untilKept(url);
      const before = counter.renders;
      const [a, b] = await Promise.all([get(url, { 'accept-encoding': 'br' }), get(url)]);
      expect(counter.renders).toBe(before);
      expect(a.headers['content-encoding']).toBe('br');
      expect(b.body).toContain('data-server-rendered');
      // Another address, another header shape: rendered apart.
      const inside = await get(url, { cookie: `${STORAGE_KEYS.tokenCookie}=abc` });
      expect(counter.renders).toBe(before + 1);
      expect(rootText(inside.body)).toContain('我的课程');
      await get(`${url}?from=ad`);
      expect(counter.renders).toBe(before + 2);
      // Past its age it is rendered again (what depends on the time shows within it).
      clock.advance(SERVER_PAGE_MAX_AGE_MS);
      await get(url);
      expect(counter.renders).toBe(before + 3);
    } finally {
      await server.close();
    }
  });

  it('a change to what a page shows reaches it at the commit', async () => {
    const { server, get, untilKept } = await countedServer();
    const [course] = await t.db.select().from(courses).where(eq(courses.status, 'ON_SALE')).orderBy(courses.id).limit(1);
    const url = paths.courseDetail(course!.id);
    try {
      await untilKept(url);
      await t.db
        .update(courses)
        .set({ title: `${course!.title}（新版）` })
        .where(eq(courses.id, course!.id));
      await expect.poll(async () => rootText((await get(url)).body), { timeout: 15_000 }).toContain(`${course!.title}（新版）`);
    } finally {
      await t.db.update(courses).set({ title: course!.title }).where(eq(courses.id, course!.id));
      await server.close();
    }
  });

  it('never keeps a failed rendering, nor the question-bank home (its tables send no change notices)', async () => {
    const { server, counter, get } = await countedServer(1);
    try {
      const failed = await get(paths.payType());
      expect(failed.body).toContain('<div id="root"><div id="boot">');
      await expect.poll(async () => (await get(paths.payType())).body).toContain('data-server-rendered');
      const before = counter.renders;
      for (let i = 0; i < 3; i++) expect((await get(paths.questionBankHome())).body).toContain('data-server-rendered');
      expect(counter.renders).toBe(before + 3);
    } finally {
      await server.close();
    }
  });
});
