/**
 * The public pages' heads (issue 23, src/domain/site/seo.ts): the title is the one the app sets, so
 * nothing changes when the app takes over; descriptions are plain and short; the canonical, Open
 * Graph and JSON-LD URLs are absolute; a course is a schema.org Course at the price its page shows;
 * and nothing in the data (a hostile course title) can break out of the head's HTML.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CourseDetails, CourseListItem, TeacherGroup } from '../../../src/domain/catalog/contract';
import { COURSE_DETAIL_TEXTS } from '../../../src/domain/catalog/courseDetail.texts';
import { DEFAULT_COURSE_LIST_PARAMS } from '../../../src/domain/catalog/courseListQuery';
import type { CourseSku } from '../../../src/domain/commerce/contract';
import { DEFAULT_PAGE_TITLE } from '../../../src/domain/shared/constants';
import type { Page } from '../../../src/domain/shared/envelope';
import { pageTitle, withSubject } from '../../../src/domain/shared/format';
import {
  aboutHead,
  absoluteUrl,
  clipText,
  courseDetailHead,
  courseListHead,
  courseNotFoundHead,
  DESCRIPTION_MAX_CHARS,
  headTags,
  HELP_PAGES,
  helpHead,
  homeHead,
  notFoundHead,
  plainText,
  robotsDisallowedPaths,
  SITEMAP_PAGES,
  teacherHead,
  type PageHead,
} from '../../../src/domain/site/seo';
import { SEO_TEXTS } from '../../../src/domain/site/seo.texts';
import { matchPath } from '../../../src/domain/shared/routing';
import { PATTERNS } from '../../../src/paths';
import { ROUTES } from '../../../src/routes';
import { withSubject as viewsWithSubject } from '../../../src/views/shared/usePageTitle';

const ROOT = resolve(__dirname, '../../..');
const ORIGIN = 'https://www.xuetu.example';
const NOW = Date.UTC(2026, 10, 1, 8, 0, 0);
const DAY = 86_400_000;

function routeTitle(pattern: string): string {
  const route = ROUTES.find((candidate) => candidate.path === pattern);
  if (!route) throw new Error(`no route ${pattern}`);
  return route.title;
}

function course(overrides: Partial<CourseDetails> = {}): CourseDetails {
  return {
    id: 12,
    type: 'SYS',
    title: '2027一级建造师《建设工程经济》精讲班',
    subtitle: '新教材逐章精讲 · 计算题公式一次吃透',
    cover: '/new/demo/covers/12.svg',
    intro: '本课程依据新版大纲编写。\n覆盖全部考点。',
    priceCents: 68000,
    originalPriceCents: 98000,
    salesCount: 100,
    lessonCount: 24,
    totalDuration: 36000,
    validDays: 365,
    category: null,
    project: { id: 6, name: '一级建造师' },
    subject: null,
    teachers: [{ id: 3, name: '王晓峰', title: '一级建造师', avatar: '/new/demo/teachers/wang.svg', intro: '主讲经济。' }],
    auditionCount: 0,
    packCourses: [],
    extendsCourses: [],
    addOns: [],
    camp: null,
    noSkipAhead: false,
    ...overrides,
  };
}

const sku = (id: number, priceCents: number, enrolEndsAt: number | null = null): CourseSku => ({
  id,
  name: `班型${id}`,
  priceCents,
  validDays: 365,
  shipsMaterial: false,
  startsAt: null,
  enrolEndsAt,
});

const item = (id: number, projectName: string): CourseListItem => ({
  id,
  type: 'SYS',
  title: `课程${id}`,
  subtitle: null,
  cover: `/new/demo/covers/${id}.svg`,
  priceCents: 100,
  originalPriceCents: null,
  salesCount: 0,
  lessonCount: 1,
  projectId: 1,
  projectName,
  teachers: [],
});

const page = (records: CourseListItem[], current = 1, size = 12): Page<CourseListItem> => ({ records, total: 40, current, size });

/** The head's HTML as the browser reads it. */
function parseHead(html: string): Document {
  return new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
}

const metaContent = (doc: Document, selector: string) => doc.head.querySelector(selector)?.getAttribute('content') ?? null;
const jsonLdOf = (doc: Document) =>
  [...doc.head.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>);
const byType = (doc: Document, type: string) => jsonLdOf(doc).find((data) => data['@type'] === type);

describe('titles: exactly what the app sets', () => {
  it('each page has its route title before the default one; home the default alone', () => {
    expect(homeHead().title).toBe(DEFAULT_PAGE_TITLE);
    expect(courseListHead('PRO', page([])).title).toBe(pageTitle(routeTitle(PATTERNS.proCourses), DEFAULT_PAGE_TITLE));
    expect(courseListHead('FREE', page([])).title).toBe(pageTitle(routeTitle(PATTERNS.freeCourses), DEFAULT_PAGE_TITLE));
    expect(teacherHead([]).title).toBe(pageTitle(routeTitle(PATTERNS.teacher), DEFAULT_PAGE_TITLE));
    expect(aboutHead().title).toBe(pageTitle(routeTitle(PATTERNS.about), DEFAULT_PAGE_TITLE));
    expect(notFoundHead().title).toBe(pageTitle(routeTitle(PATTERNS.notFound), DEFAULT_PAGE_TITLE));
    for (const help of HELP_PAGES) expect(helpHead(help).title).toBe(pageTitle(routeTitle(PATTERNS[help]), DEFAULT_PAGE_TITLE));
  });

  it('a course: the route title, then the course, as CourseDetailView sets it (withSubject, one function for both)', () => {
    expect(viewsWithSubject).toBe(withSubject);
    const details = course();
    expect(courseDetailHead(details, [], NOW).title).toBe(pageTitle(withSubject(routeTitle(PATTERNS.courseDetail), details.title), DEFAULT_PAGE_TITLE));
    expect(courseDetailHead(details, [], NOW).title).toBe(`课程详情 - ${details.title} - ${DEFAULT_PAGE_TITLE}`);
    expect(courseNotFoundHead(999).title).toBe(`课程详情 - ${COURSE_DETAIL_TEXTS.notFound} - ${DEFAULT_PAGE_TITLE}`);
  });

  it('the views of the help centre set the same literal titles as the routes', () => {
    const files: Record<(typeof HELP_PAGES)[number], string> = {
      payType: 'PayTypeView',
      siteStated: 'SiteStatedView',
      userAgreement: 'UserAgreementView',
      privacyPolicy: 'PrivacyPolicyView',
    };
    for (const help of HELP_PAGES) {
      const source = readFileSync(resolve(ROOT, `src/views/site/help/${files[help]}.tsx`), 'utf8');
      expect(source).toContain(`usePageTitle('${routeTitle(PATTERNS[help])}')`);
    }
  });
});

describe('descriptions', () => {
  it('home keeps index.html’s description', () => {
    const html = readFileSync(resolve(ROOT, 'index.html'), 'utf8');
    const indexDescription = parseHead(/<head>([\s\S]*)<\/head>/.exec(html)![1]!)
      .head.querySelector('meta[name="description"]')!
      .getAttribute('content');
    expect(homeHead().description).toBe(indexDescription);
    expect(SEO_TEXTS.defaultDescription).toBe(indexDescription);
  });

  it('a course: its subtitle and introduction as plain text, spaces collapsed', () => {
    expect(courseDetailHead(course(), [], NOW).description).toBe('新教材逐章精讲 · 计算题公式一次吃透 本课程依据新版大纲编写。 覆盖全部考点。');
    const html = course({ subtitle: null, intro: '<p>第一段&nbsp;<b>重点</b></p>\n\n<script>alert(1)</script><p>a &lt; b &amp; c</p>' });
    expect(courseDetailHead(html, [], NOW).description).toBe('第一段 重点 a < b & c');
    expect(courseDetailHead(course({ subtitle: null, intro: '  ' }), [], NOW).description).toBe(SEO_TEXTS.course(course().title));
  });

  it('a long one is cut to 150 characters with …, never inside a character', () => {
    const long = course({ subtitle: null, intro: '学'.repeat(148) + '😀😀😀' });
    const description = courseDetailHead(long, [], NOW).description;
    expect(Array.from(description)).toHaveLength(DESCRIPTION_MAX_CHARS);
    expect(description.endsWith('😀…')).toBe(true);
    expect(description).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(clipText('短')).toBe('短');
    expect(plainText('a<br/>b   c')).toBe('a b c');
    expect(plainText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });

  it('a list names what it lists: its kind and the exam projects of its courses', () => {
    const pro = courseListHead('PRO', page([item(1, '一级建造师'), item(2, '消防工程师'), item(3, '一级建造师')])).description;
    expect(pro).toContain('精品课程');
    expect(pro).toContain('一级建造师、消防工程师考试项目');
    expect(courseListHead('FREE', page([])).description).toContain('免费公开课');
    const teachers: TeacherGroup[] = [
      { project: { id: 1, name: '一级建造师' }, teachers: [{ id: 1, name: '王老师', title: '讲师', avatar: '/a.svg', intro: '主讲经济' }] },
      { project: { id: 2, name: '初级会计' }, teachers: [] },
    ];
    expect(teacherHead(teachers).description).toContain('一级建造师');
    expect(teacherHead(teachers).description).not.toContain('初级会计');
    for (const help of HELP_PAGES) expect(Array.from(helpHead(help).description).length).toBeLessThanOrEqual(DESCRIPTION_MAX_CHARS);
  });
});

describe('a course’s schema.org Course', () => {
  it('names the course, its provider, image, the shown price in yuan, online, with its url', () => {
    const doc = parseHead(headTags(courseDetailHead(course(), [sku(1, 68000), sku(2, 128000)], NOW), ORIGIN));
    expect(byType(doc, 'Course')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: course().title,
      description: courseDetailHead(course(), [], NOW).description,
      url: `${ORIGIN}/new/course/detail/12`,
      inLanguage: 'zh-CN',
      provider: { '@type': 'Organization', name: '学途网校', url: `${ORIGIN}/new/` },
      image: `${ORIGIN}/new/demo/covers/12.svg`,
      offers: [
        {
          '@type': 'Offer',
          price: '680.00',
          priceCurrency: 'CNY',
          category: 'Paid',
          availability: 'https://schema.org/InStock',
          url: `${ORIGIN}/new/course/detail/12`,
        },
      ],
      hasCourseInstance: [{ '@type': 'CourseInstance', courseMode: 'Online', instructor: [{ '@type': 'Person', name: '王晓峰', jobTitle: '一级建造师' }] }],
    });
  });

  it('the price is the page’s: the first SKU still open, else the course’s own; nothing to pay is Free', () => {
    const offer = (details: CourseDetails, skus: CourseSku[]) => {
      const data = courseDetailHead(details, skus, NOW).jsonLd.find((d) => d['@type'] === 'Course')!;
      return (data.offers as Record<string, unknown>[])[0]!;
    };
    expect(offer(course(), [sku(1, 50000, NOW - DAY), sku(2, 60000, NOW + DAY)])).toMatchObject({ price: '600.00', category: 'Paid' });
    expect(offer(course({ priceCents: 1990 }), [])).toMatchObject({ price: '19.90', availability: 'https://schema.org/InStock' });
    expect(offer(course({ type: 'FREE', priceCents: 0, originalPriceCents: null }), [])).toMatchObject({ price: '0.00', category: 'Free' });
    // A camp whose cohorts all stopped taking students: the page has nothing to buy.
    expect(offer(course({ type: 'EXP' }), [sku(1, 50000, NOW - DAY)])).toMatchObject({ price: '680.00', availability: 'https://schema.org/SoldOut' });
  });

  it('a camp’s instance starts with its next cohort', () => {
    const camp = course({ type: 'EXP', camp: { startsAt: NOW, startDate: '2026-11-01', enrolEndsAt: null, stages: [] } });
    const data = courseDetailHead(camp, [], NOW).jsonLd.find((d) => d['@type'] === 'Course')!;
    expect((data.hasCourseInstance as Record<string, unknown>[])[0]).toMatchObject({ courseMode: 'Online', startDate: '2026-11-01' });
  });
});

describe('headTags', () => {
  it('writes title, description, canonical and Open Graph with absolute URLs, and an Organization on every page', () => {
    const heads: PageHead[] = [
      homeHead(),
      courseListHead('PRO', page([item(1, 'x')])),
      courseDetailHead(course(), [], NOW),
      teacherHead([]),
      aboutHead(),
      ...HELP_PAGES.map(helpHead),
      notFoundHead(),
    ];
    for (const head of heads) {
      const doc = parseHead(headTags(head, ORIGIN));
      expect(doc.title).toBe(head.title);
      expect(metaContent(doc, 'meta[name="description"]')).toBe(head.description);
      expect(metaContent(doc, 'meta[property="og:title"]')).toBe(head.title);
      expect(metaContent(doc, 'meta[property="og:description"]')).toBe(head.description);
      expect(metaContent(doc, 'meta[property="og:type"]')).toBe(head.ogType);
      expect(metaContent(doc, 'meta[property="og:site_name"]')).toBe('学途网校');
      expect(metaContent(doc, 'meta[property="og:locale"]')).toBe('zh_CN');
      expect(byType(doc, 'Organization')).toEqual({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: '学途网校',
        url: `${ORIGIN}/new/`,
        logo: `${ORIGIN}/new/icons/icon-512.png`,
      });
    }
    const home = parseHead(headTags(homeHead(), ORIGIN));
    expect(home.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/new/`);
    expect(metaContent(home, 'meta[property="og:url"]')).toBe(`${ORIGIN}/new/`);
    expect(metaContent(home, 'meta[property="og:image"]')).toBe(`${ORIGIN}/new/icons/icon-512.png`);
    const detail = parseHead(headTags(courseDetailHead(course(), [], NOW), ORIGIN + '/'));
    expect(detail.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/new/course/detail/12`);
    expect(metaContent(detail, 'meta[property="og:image"]')).toBe(`${ORIGIN}/new/demo/covers/12.svg`);
    expect(metaContent(detail, 'meta[property="og:type"]')).toBe('article');
  });

  it('the Organization’s logo is the 512 px icon the site ships', () => {
    expect(existsSync(resolve(ROOT, 'public/icons/icon-512.png'))).toBe(true);
  });

  it('an absolute image stays as it is; one that is not http(s) is left out', () => {
    const cdn = parseHead(headTags(courseDetailHead(course({ cover: 'https://cdn.example/c.png' }), [], NOW), ORIGIN));
    expect(metaContent(cdn, 'meta[property="og:image"]')).toBe('https://cdn.example/c.png');
    expect(byType(cdn, 'Course')!.image).toBe('https://cdn.example/c.png');
    const bad = parseHead(headTags(courseDetailHead(course({ cover: 'javascript:alert(1)' }), [], NOW), ORIGIN));
    expect(bad.head.querySelector('meta[property="og:image"]')).toBeNull();
    expect(byType(bad, 'Course')!.image).toBeUndefined();
    expect(absoluteUrl('//cdn.example/x.png', ORIGIN)).toBe('https://cdn.example/x.png');
  });

  it('a list: canonical with its filters and page (defaults left out), its courses as an ItemList of absolute urls', () => {
    const shown = { ...DEFAULT_COURSE_LIST_PARAMS, projectId: 6, page: 2 };
    const doc = parseHead(headTags(courseListHead('PRO', page([item(5, 'x'), item(9, 'y')], 2, 12), shown), ORIGIN));
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/new/course/pro-course?projectId=6&page=2`);
    expect(byType(doc, 'ItemList')).toMatchObject({
      numberOfItems: 2,
      itemListElement: [
        { '@type': 'ListItem', position: 13, url: `${ORIGIN}/new/course/detail/5` },
        { '@type': 'ListItem', position: 14, url: `${ORIGIN}/new/course/detail/9` },
      ],
    });
    const free = parseHead(headTags(courseListHead('FREE', page([])), ORIGIN));
    expect(free.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${ORIGIN}/new/course/free-course`);
  });

  it('not found pages are noindex, without canonical or og:url', () => {
    for (const head of [notFoundHead(), courseNotFoundHead(999)]) {
      const doc = parseHead(headTags(head, ORIGIN));
      expect(metaContent(doc, 'meta[name="robots"]')).toBe('noindex');
      expect(doc.head.querySelector('link[rel="canonical"]')).toBeNull();
      expect(doc.head.querySelector('meta[property="og:url"]')).toBeNull();
    }
    expect(parseHead(headTags(homeHead(), ORIGIN)).head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('a hostile course title cannot break out of the title, the attributes or the JSON-LD', () => {
    const hostile = `</title></script><script>alert("x")</script><img src=x onerror='alert(1)'>&amp;\u2028\u2029`;
    const html = headTags(courseDetailHead(course({ title: hostile, subtitle: hostile, intro: '正文' }), [], NOW), ORIGIN);
    const doc = parseHead(html);
    // Only the head's own elements: no script but the JSON-LD ones, no img, nothing in the body.
    expect([...doc.querySelectorAll('script')].every((s) => s.getAttribute('type') === 'application/ld+json')).toBe(true);
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.body.childNodes).toHaveLength(0);
    expect(doc.title).toBe(`课程详情 - ${hostile} - ${DEFAULT_PAGE_TITLE}`);
    expect(metaContent(doc, 'meta[property="og:title"]')).toBe(doc.title);
    expect(byType(doc, 'Course')!.name).toBe(hostile);
    // In the source: no raw <, > or line separator inside any JSON-LD.
    for (const [, json] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) expect(json).not.toMatch(/[<>\u2028\u2029]/);
    expect(html.match(/<\/script>/g)).toHaveLength(jsonLdOf(doc).length);
  });
});

describe('what crawlers may read', () => {
  it('every route that needs a login, and the answering, order and player pages, are refused; the sitemap’s pages are not', () => {
    const refused = robotsDisallowedPaths();
    const isRefused = (path: string) => refused.some((prefix) => path.startsWith(prefix));
    const concrete = (pattern: string) => pattern.replace(/:(\w+)\??/g, '1');
    for (const route of ROUTES.filter((candidate) => candidate.auth)) expect(isRefused(concrete(route.path)), route.path).toBe(true);
    for (const pattern of [PATTERNS.login, PATTERNS.coursePlayer, PATTERNS.answer, PATTERNS.orderPay, PATTERNS.submitOrder])
      expect(isRefused(concrete(pattern))).toBe(true);
    for (const path of [...SITEMAP_PAGES, '/course/detail/1', '/question-bank/learn-center-paper/1', '/question-bank/home'])
      expect(isRefused(path), path).toBe(false);
    expect(refused).toContain('/uc');
  });

  it('the sitemap’s pages are public routes of the app', () => {
    for (const path of SITEMAP_PAGES) {
      const route = ROUTES.find((candidate) => matchPath(candidate.path, path) !== null);
      expect(route?.auth, path).toBe(false);
    }
  });
});
