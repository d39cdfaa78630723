/**
 * What search engines and link previews read in a public page's <head> (issue 23): the title the app
 * itself sets (usePageTitle), a description, the canonical URL, Open Graph and schema.org JSON-LD.
 * The builders take the data the page loads and answer a PageHead; headTags writes it as HTML for
 * an origin. Pure: the server's renderer calls them, and tests read them.
 *
 * Paths in a PageHead are relative to the SPA base (`paths.courseDetail(12)`); URLs inside the JSON-LD
 * are root-relative (`/new/course/detail/12`) until headTags makes them absolute.
 */
import { PATTERNS, paths, SPA_BASE } from '../../paths';
import type { CourseDetails, CourseListItem, TeacherGroup } from '../catalog/contract';
import { COURSE_DETAIL_TEXTS } from '../catalog/courseDetail.texts';
import { COURSE_LIST_TEXTS } from '../catalog/courseList.texts';
import { courseListHref, DEFAULT_COURSE_LIST_PARAMS, type CourseListKind, type CourseListParams } from '../catalog/courseListQuery';
import { isSkuOpen } from '../catalog/courseOffer';
import type { CourseSku } from '../commerce/contract';
import { DEFAULT_PAGE_TITLE } from '../shared/constants';
import type { Page } from '../shared/envelope';
import { pageTitle, withSubject } from '../shared/format';
import { SEO_PAGE_TITLES, SEO_TEXTS } from './seo.texts';

export interface PageHead {
  title: string;
  description: string;
  /** The page's path relative to the SPA base, e.g. '/course/detail/12' (paths.courseDetail(12)); '/' for home. */
  path: string;
  ogType: 'website' | 'article';
  /** As the data gives it: an absolute URL or a root-relative path. */
  image?: string;
  jsonLd: Record<string, unknown>[];
  /** A page that must not be indexed (not found): robots noindex, and no canonical URL. */
  noindex?: boolean;
}

/** The help centre's pages, by their names in src/paths.ts. */
export const HELP_PAGES = ['payType', 'siteStated', 'userAgreement', 'privacyPolicy'] as const;
export type HelpPage = (typeof HELP_PAGES)[number];

/** Longest description written, in characters (code points), the ellipsis included. */
export const DESCRIPTION_MAX_CHARS = 150;

const SCHEMA = 'https://schema.org';

/** The site's 512 px icon (public/icons/, served under the base). */
export const SITE_LOGO = `${SPA_BASE}/icons/icon-512.png`;

/** A path relative to the SPA base as a root-relative URL: '/' → '/new/', '/teacher' → '/new/teacher'. */
export function sitePath(path: string): string {
  return path === '/' ? `${SPA_BASE}/` : `${SPA_BASE}${path}`;
}

/** The public pages without parameters a sitemap lists (relative to the base); course pages come from the catalogue. */
export const SITEMAP_PAGES: readonly string[] = [
  paths.home(),
  paths.proCourses(),
  paths.freeCourses(),
  paths.teacher(),
  paths.questionBankHome(),
  paths.about(),
  ...HELP_PAGES.map((page) => PATTERNS[page]),
];

/**
 * Pages no search engine should crawl: everything that needs a login (the routes with `auth: true`),
 * the login pages, the order and pay pages, answering, the player, the redirect page and the
 * component demos. Patterns of src/paths.ts; robotsDisallowedPaths turns them into prefixes.
 */
const PRIVATE_PAGES = [
  'userCentre',
  'submitOrder',
  'orderPay',
  'coursePlayer',
  'transfer',
  'demoComponents',
  'questionBankRecord',
  'questionBankReport',
  'transcript',
  'answer',
  'practiceRecord',
  'paperMark',
  'paperAnalysis',
  'recordAnalysis',
] as const satisfies readonly (keyof typeof PATTERNS)[];

/** A pattern's fixed start: '/order-pay/:orderId' → '/order-pay/'; a pattern without params as it is. */
function fixedPrefix(pattern: string): string {
  const param = pattern.indexOf('/:');
  return param === -1 ? pattern : pattern.slice(0, param + 1);
}

/** The private pages as robots.txt prefixes relative to the base, shortest first, none covered by another. */
export function robotsDisallowedPaths(): string[] {
  const prefixes = [...new Set(PRIVATE_PAGES.map((page) => fixedPrefix(PATTERNS[page])))].sort((a, b) => a.length - b.length || a.localeCompare(b));
  return prefixes.filter((prefix, i) => !prefixes.slice(0, i).some((shorter) => prefix.startsWith(shorter)));
}

// ---- text -----------------------------------------------------------------------------------------

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Text of what may hold HTML: scripts, styles, comments and tags dropped, entities read, white space collapsed. */
export function plainText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, ' ');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

/** At most `max` characters (code points: a surrogate pair is never split), cut with … when longer. */
export function clipText(text: string, max: number = DESCRIPTION_MAX_CHARS): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** A description from text that may hold HTML: plain, collapsed, clipped. */
export function descriptionOf(text: string): string {
  return clipText(plainText(text));
}

/** Distinct names in their first order. */
function distinct(names: readonly string[]): string[] {
  return [...new Set(names.filter((name) => name.trim() !== ''))];
}

// ---- JSON-LD ----------------------------------------------------------------------------------------

function organization(): Record<string, unknown> {
  return { '@context': SCHEMA, '@type': 'Organization', name: SEO_TEXTS.siteName, url: sitePath(paths.home()), logo: SITE_LOGO };
}

function provider(): Record<string, unknown> {
  return { '@type': 'Organization', name: SEO_TEXTS.siteName, url: sitePath(paths.home()) };
}

function courseItemList(name: string, courses: readonly Pick<CourseListItem, 'id' | 'title'>[], firstPosition = 1): Record<string, unknown> {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    name,
    numberOfItems: courses.length,
    itemListElement: courses.map((course, i) => ({
      '@type': 'ListItem',
      position: firstPosition + i,
      url: sitePath(paths.courseDetail(course.id)),
      name: course.title,
    })),
  };
}

/** Fen as the yuan a schema.org price states: 68000 → '680.00'. */
export function yuanPrice(cents: number): string {
  return (Math.max(0, Math.round(cents)) / 100).toFixed(2);
}

/**
 * The price the course page shows first: that of the SKU it picks (the first one still open, as
 * courseDetail.machine does), else the course's own price.
 */
export function shownPriceCents(details: Pick<CourseDetails, 'priceCents'>, skus: readonly CourseSku[], now: number): number {
  return skus.find((sku) => isSkuOpen(sku, now))?.priceCents ?? details.priceCents;
}

// ---- the pages --------------------------------------------------------------------------------------

/** 首页: the site's default title and description, its courses as a list. */
export function homeHead(data?: { proCourses: readonly CourseListItem[]; freeCourses: readonly CourseListItem[] }): PageHead {
  const courses = data ? [...data.proCourses, ...data.freeCourses] : [];
  return {
    title: pageTitle(undefined, DEFAULT_PAGE_TITLE),
    description: SEO_TEXTS.defaultDescription,
    path: paths.home(),
    ogType: 'website',
    image: SITE_LOGO,
    jsonLd: [
      organization(),
      { '@context': SCHEMA, '@type': 'WebSite', name: SEO_TEXTS.siteName, url: sitePath(paths.home()), inLanguage: 'zh-CN' },
      ...(courses.length > 0 ? [courseItemList(SEO_TEXTS.homeCourses, courses)] : []),
    ],
  };
}

/**
 * 精品课程 / 免费公开课: the list's title, a description naming the exam projects of its courses, the
 * list shown (`shown`: its filters and page, canonical without the defaults) and its courses as an ItemList.
 */
export function courseListHead(kind: CourseListKind, page: Page<CourseListItem>, shown: CourseListParams = DEFAULT_COURSE_LIST_PARAMS): PageHead {
  const title = COURSE_LIST_TEXTS.title[kind];
  const projects = distinct(page.records.map((course) => course.projectName));
  return {
    title: pageTitle(title, DEFAULT_PAGE_TITLE),
    description: clipText(kind === 'PRO' ? SEO_TEXTS.proList(projects) : SEO_TEXTS.freeList(projects)),
    path: courseListHref(kind, shown),
    ogType: 'website',
    image: SITE_LOGO,
    jsonLd: [organization(), courseItemList(title, page.records, (Math.max(1, page.current) - 1) * page.size + 1)],
  };
}

/**
 * 课程详情 - <course>: the course's subtitle and introduction as its description, its cover, and a
 * schema.org Course with the price the page shows (`now` picks the open SKU, as the page does).
 */
export function courseDetailHead(details: CourseDetails, skus: readonly CourseSku[], now: number = Date.now()): PageHead {
  const path = paths.courseDetail(details.id);
  const url = sitePath(path);
  const description = descriptionOf([details.subtitle ?? '', details.intro].join(' ')) || clipText(SEO_TEXTS.course(details.title));
  const cents = shownPriceCents(details, skus, now);
  // A course sold in cohorts (SKUs) none of which takes anyone now cannot be bought.
  const available = skus.length === 0 || skus.some((sku) => isSkuOpen(sku, now));
  const instance: Record<string, unknown> = { '@type': 'CourseInstance', courseMode: 'Online' };
  if (details.camp?.startDate) instance.startDate = details.camp.startDate;
  if (details.teachers.length > 0)
    instance.instructor = details.teachers.map((teacher) => ({ '@type': 'Person', name: teacher.name, jobTitle: teacher.title }));
  const course: Record<string, unknown> = {
    '@context': SCHEMA,
    '@type': 'Course',
    name: details.title,
    description,
    url,
    inLanguage: 'zh-CN',
    provider: provider(),
    ...(details.cover ? { image: details.cover } : {}),
    offers: [
      {
        '@type': 'Offer',
        price: yuanPrice(cents),
        priceCurrency: 'CNY',
        category: cents > 0 ? 'Paid' : 'Free',
        availability: `${SCHEMA}/${available ? 'InStock' : 'SoldOut'}`,
        url,
      },
    ],
    hasCourseInstance: [instance],
  };
  return {
    title: pageTitle(withSubject(SEO_PAGE_TITLES.courseDetail, details.title), DEFAULT_PAGE_TITLE),
    description,
    path,
    ogType: 'article',
    ...(details.cover ? { image: details.cover } : {}),
    jsonLd: [organization(), course],
  };
}

/** The detail page of an unknown or off-sale course: its not-found title, not indexed. */
export function courseNotFoundHead(courseId: number | string): PageHead {
  return {
    title: pageTitle(withSubject(SEO_PAGE_TITLES.courseDetail, COURSE_DETAIL_TEXTS.notFound), DEFAULT_PAGE_TITLE),
    description: SEO_TEXTS.courseNotFound,
    path: paths.courseDetail(courseId),
    ogType: 'website',
    jsonLd: [organization()],
    noindex: true,
  };
}

/** 师资团队: the projects with teachers in the description, the teachers as Persons. */
export function teacherHead(groups: readonly TeacherGroup[]): PageHead {
  const withTeachers = groups.filter((group) => group.teachers.length > 0);
  const teachers = withTeachers.flatMap((group) => group.teachers);
  return {
    title: pageTitle(SEO_PAGE_TITLES.teacher, DEFAULT_PAGE_TITLE),
    description: clipText(SEO_TEXTS.teacher(distinct(withTeachers.map((group) => group.project.name)))),
    path: paths.teacher(),
    ogType: 'website',
    image: SITE_LOGO,
    jsonLd: [
      organization(),
      ...(teachers.length > 0
        ? [
            {
              '@context': SCHEMA,
              '@type': 'ItemList',
              name: SEO_PAGE_TITLES.teacher,
              numberOfItems: teachers.length,
              itemListElement: teachers.map((teacher, i) => ({
                '@type': 'ListItem',
                position: i + 1,
                item: {
                  '@type': 'Person',
                  name: teacher.name,
                  jobTitle: teacher.title,
                  description: descriptionOf(teacher.intro),
                  ...(teacher.avatar ? { image: teacher.avatar } : {}),
                  worksFor: provider(),
                },
              })),
            },
          ]
        : []),
    ],
  };
}

/** A page of the help centre (/hc/…). */
export function helpHead(page: HelpPage): PageHead {
  return {
    title: pageTitle(SEO_PAGE_TITLES[page], DEFAULT_PAGE_TITLE),
    description: SEO_TEXTS.help[page],
    path: PATTERNS[page],
    ogType: 'article',
    image: SITE_LOGO,
    jsonLd: [organization()],
  };
}

/** 题库 (the question-bank home as a visitor sees it), for the subject and tab of its address. */
export function qbHomeHead(subject: { id: number; name: string } | null, tab: number | null): PageHead {
  return {
    title: pageTitle(SEO_PAGE_TITLES.qbHome, DEFAULT_PAGE_TITLE),
    description: SEO_TEXTS.qbHome(subject?.name ?? null),
    path: paths.questionBankHome(subject ? { subjectId: subject.id, tab } : {}),
    ogType: 'website',
    image: SITE_LOGO,
    jsonLd: [organization()],
  };
}

/** 关于我们. */
export function aboutHead(): PageHead {
  return {
    title: pageTitle(SEO_PAGE_TITLES.about, DEFAULT_PAGE_TITLE),
    description: SEO_TEXTS.about,
    path: paths.about(),
    ogType: 'website',
    image: SITE_LOGO,
    jsonLd: [organization()],
  };
}

/** 页面不存在: not indexed. */
export function notFoundHead(): PageHead {
  return {
    title: pageTitle(SEO_PAGE_TITLES.notFound, DEFAULT_PAGE_TITLE),
    description: SEO_TEXTS.notFound,
    path: paths.notFound(),
    ogType: 'website',
    jsonLd: [organization()],
    noindex: true,
  };
}

// ---- HTML -------------------------------------------------------------------------------------------

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value, safe in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** JSON for a <script> element: no `<`, `>` or `&` (so no `</script>` or `<!--`), no U+2028/2029. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** `origin` without a trailing slash: 'https://www.example.com'. */
function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, '');
}

/** An http(s) URL from an absolute or root-relative one, against the origin; null for anything else (javascript:, data:). */
export function absoluteUrl(url: string, origin: string): string | null {
  try {
    const resolved = new URL(url, `${trimOrigin(origin)}/`);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
}

/** The canonical URL of a page path (relative to the base). */
export function canonicalUrl(path: string, origin: string): string {
  return `${trimOrigin(origin)}${sitePath(path)}`;
}

/** JSON-LD keys holding URLs: made absolute, and dropped when they are not http(s). */
const URL_KEYS = new Set(['url', 'logo', 'image']);

function absoluteJsonLd(value: unknown, origin: string): unknown {
  if (Array.isArray(value)) return value.map((item) => absoluteJsonLd(item, origin));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (URL_KEYS.has(key) && typeof item === 'string') {
      const url = absoluteUrl(item, origin);
      if (url !== null) out[key] = url;
    } else {
      out[key] = absoluteJsonLd(item, origin);
    }
  }
  return out;
}

const meta = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;

/**
 * The page's head as HTML, for `origin` (scheme and host, e.g. https://www.example.com): title,
 * description, canonical, Open Graph and one JSON-LD script per object, every URL absolute and
 * everything escaped.
 */
export function headTags(head: PageHead, origin: string): string {
  const url = canonicalUrl(head.path, origin);
  const image = head.image === undefined ? null : absoluteUrl(head.image, origin);
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('description', head.description)];
  if (head.noindex) tags.push(meta('robots', 'noindex'));
  else tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
  tags.push(property('og:title', head.title), property('og:description', head.description));
  if (!head.noindex) tags.push(property('og:url', url));
  tags.push(property('og:type', head.ogType), property('og:site_name', SEO_TEXTS.siteName), property('og:locale', 'zh_CN'));
  if (image !== null) tags.push(property('og:image', image));
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(absoluteJsonLd(data, origin))}</script>`);
  return tags.join('\n');
}
