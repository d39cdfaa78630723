/**
 * Public pages rendered on the server (issue 23): home, the course lists, a course's page, the
 * teachers and the help centre answer HTML that carries what the page says, with its own title,
 * description, canonical URL, Open Graph tags and JSON-LD (src/domain/site/seo.ts).
 *
 * - The data comes from the same recipes the app uses (src/domain/…Data.ts), asked of this server's
 *   own API through `inject`: the same answers, checks and cache as a browser's call.
 * - The HTML is the app's own views (dist/.ssr/, built from src/ssr by the SPA build),
 *   and the data goes into the page beside it, so the app hydrates with it and nothing moves.
 * - An unknown or off-sale course answers 404 with the app's not-found page in it.
 * - Anything going wrong (no renderer built, a failed call) falls back to the plain page: the app
 *   then loads the data itself, as before. A page is never lost to its server rendering.
 * - A rendered page is kept for the next visitors (./renderedPages.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse } from 'regexparam';
import { CATALOG_EXTRA_CALLS } from '../../src/domain/catalog/calls';
import { askCatalogueTop, askCourseDetail, courseDetailData } from '../../src/domain/catalog/courseDetailData';
import { askCourseListFirst, completeCourseList } from '../../src/domain/catalog/courseListData';
import { readCourseListParams, type CourseListKind } from '../../src/domain/catalog/courseListQuery';
import type { ApiCallDef } from '../../src/domain/shared/api';
import { buildPath } from '../../src/domain/shared/api';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { isSuccess, type Envelope } from '../../src/domain/shared/envelope';
import { SERVER_DATA_ELEMENT_ID, SERVER_PAGE_KEYS, type Ask, type RenderPage, type ServerPageData } from '../../src/domain/shared/serverPage';
import { askHomeData } from '../../src/domain/site/homeData';
import {
  courseDetailHead,
  courseListHead,
  courseNotFoundHead,
  headTags,
  helpHead,
  homeHead,
  qbHomeHead,
  scriptJson,
  teacherHead,
  type HelpPage,
  type PageHead,
} from '../../src/domain/site/seo';
import { pages, PATTERNS } from '../../src/paths';
import { askQbHome, qbHomeParams } from '../../src/domain/questionBank/homeData';
import type { ServerConfig } from '../config';
import type { PublicCache } from '../shared/publicCache';
import { requestOrigin } from '../shared/request';
import { keptPage, renderedPage, renderedPageKey, type RenderedPage } from './renderedPages';

/** What a page's server rendering yields: its status, head and the data its machines start from (none: a page with no data). */
interface PagePlan {
  status: number;
  head: PageHead;
  data: ServerPageData[];
}

/** A page's plan, or null when this visitor's page is not rendered on the server (the app renders it). */
type Planner = (ask: Ask, params: Record<string, string | undefined>, search: string, loggedIn: boolean) => Promise<PagePlan | null>;

/** A call answered with a failure: the status and code, as the app's client would see them. */
class CallFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
  ) {
    super(`call failed: ${status} ${code ?? ''}`);
  }
  get notFound(): boolean {
    return this.status === 404 || this.code === 404;
  }
}

const listPlanner =
  (kind: CourseListKind): Planner =>
  async (ask, _params, search) => {
    const params = readCourseListParams(search, kind);
    const data = await completeCourseList(ask, kind, params, await askCourseListFirst(ask, kind, params));
    return { status: 200, head: courseListHead(kind, data.page, data.shown), data: [{ key: SERVER_PAGE_KEYS.courseList(kind, params), data }] };
  };

const helpPlanner =
  (page: HelpPage): Planner =>
  () =>
    Promise.resolve({ status: 200, head: helpHead(page), data: [] });

/** The pages rendered on the server, by route pattern (src/paths.ts). */
const PLANNERS: readonly [string, Planner][] = [
  [
    PATTERNS.home,
    async (ask) => {
      const data = await askHomeData(ask);
      return { status: 200, head: homeHead(data), data: [{ key: SERVER_PAGE_KEYS.home(), data }] };
    },
  ],
  [PATTERNS.proCourses, listPlanner('PRO')],
  [PATTERNS.freeCourses, listPlanner('FREE')],
  [
    PATTERNS.courseDetail,
    async (ask, params) => {
      const parsed = pages.courseDetail.parse(params);
      if (!parsed) return { status: 404, head: courseNotFoundHead(params.courseId ?? ''), data: [] };
      const key = SERVER_PAGE_KEYS.courseDetail(parsed.courseId);
      try {
        const now = Date.now();
        const [answers, catalogue] = await Promise.all([askCourseDetail(ask, parsed.courseId), askCatalogueTop(ask, parsed.courseId).catch(() => null)]);
        const data: ServerPageData[] = [{ key, data: courseDetailData(answers, now) }];
        // The chapters are in the HTML too; without them the page's catalogue loads them itself.
        if (catalogue) data.push({ key: SERVER_PAGE_KEYS.catalogue(parsed.courseId), data: catalogue });
        return { status: 200, head: courseDetailHead(answers.details, answers.skus, now), data };
      } catch (error) {
        if (!(error instanceof CallFailure && error.notFound)) throw error;
        // The app's not-found page, from the same start (null data: the server's 404).
        return { status: 404, head: courseNotFoundHead(parsed.courseId), data: [{ key, data: null }] };
      }
    },
  ],
  [
    PATTERNS.teacher,
    async (ask) => {
      const groups = await ask(CATALOG_EXTRA_CALLS.teacherList, { query: {} });
      return { status: 200, head: teacherHead(groups), data: [{ key: SERVER_PAGE_KEYS.teacher(), data: groups }] };
    },
  ],
  [
    PATTERNS.questionBankHome,
    async (ask, _params, search, loggedIn) => {
      // A student's page holds their own figures: the app asks for it with the session.
      if (loggedIn) return null;
      const params = qbHomeParams(search, loggedIn);
      const query = new URLSearchParams(search);
      const data = await askQbHome(ask, params);
      // The address's own subject and tab are the canonical page; without them, the bank's first.
      const named = params.subjectId === null ? undefined : data.project?.subjects.find((subject) => subject.id === params.subjectId);
      const head = qbHomeHead(named ? { id: named.id, name: named.name } : null, query.has('tab') ? params.tab : null);
      return { status: 200, head, data: [{ key: SERVER_PAGE_KEYS.qbHome(params.subjectId, params.tab), data }] };
    },
  ],
  [PATTERNS.payType, helpPlanner('payType')],
  [PATTERNS.siteStated, helpPlanner('siteStated')],
  [PATTERNS.userAgreement, helpPlanner('userAgreement')],
  [PATTERNS.privacyPolicy, helpPlanner('privacyPolicy')],
];

/** The route patterns rendered on the server (each must be a plain route: tests/server/serverPages.test.ts). */
export const SERVER_PAGE_PATTERNS: readonly string[] = PLANNERS.map(([pattern]) => pattern);

/** Pages rendered for each visitor, never kept: the question bank's tables send no change notices (the public cache could not empty them). */
const NEVER_KEPT: ReadonlySet<string> = new Set([PATTERNS.questionBankHome]);

const ROUTES = PLANNERS.map(([pattern, plan]) => {
  const kept = !NEVER_KEPT.has(pattern);
  const { keys, pattern: match } = parse(pattern);
  return { match, keys, plan, kept };
});

/** This server's own API as a recipe's transport: the answer's data, or a CallFailure. */
function injectAsk(app: FastifyInstance): Ask {
  return async (def: ApiCallDef, options = {}) => {
    const url = buildPath(def.path, options.params);
    const fields = Object.entries(options.query ?? {}).filter(([, value]) => value !== undefined && value !== null);
    const query = new URLSearchParams(fields.map(([key, value]) => [key, String(value)])).toString();
    const response = await app.inject({
      method: def.method,
      url: query ? `${url}?${query}` : url,
      ...(def.method === 'GET' ? {} : { payload: options.body ?? {} }),
    });
    let body: Partial<Envelope> | null = null;
    try {
      body = response.json<Envelope>();
    } catch {
      body = null;
    }
    if (response.statusCode === 200 && isSuccess(body as Envelope)) return body!.data;
    throw new CallFailure(response.statusCode, typeof body?.code === 'number' ? body.code : null);
  };
}

/**
 * The renderer the SPA build wrote (scripts/build/ssrBundle.ts): its entry is named by
 * dist/.ssr/entry.json with a hash in the name, so a new build is imported under its new name.
 */
function builtRenderer(distDir: string): () => Promise<RenderPage | null> {
  const record = path.join(distDir, '.ssr', 'entry.json');
  let loaded: { file: string; render: RenderPage } | null = null;
  return async () => {
    if (!existsSync(record)) return null;
    const { file } = JSON.parse(readFileSync(record, 'utf8')) as { file: string };
    if (loaded?.file !== file) {
      const module = (await import(pathToFileURL(path.join(distDir, '.ssr', file)).href)) as { renderPage: RenderPage };
      loaded = { file, render: module.renderPage };
    }
    return loaded.render;
  };
}

export interface ServerPagesOptions {
  distDir: string;
  config: Pick<ServerConfig, 'publicOrigin'>;
  /** Tests give the renderer from source; by default the built one. */
  renderer?: () => Promise<RenderPage | null>;
  /** Where rendered pages are kept (./renderedPages.ts), and the clock of their age; none: every page rendered per request. */
  cache?: PublicCache;
  now?: () => number;
}

/**
 * `render(request, routePath, template)`: the page for a path under the base, written into the
 * template (index.html with its preload links); null when the path is not a server-rendered page
 * or its rendering failed.
 */
export function createServerPages(app: FastifyInstance, options: ServerPagesOptions) {
  const renderer = options.renderer ?? builtRenderer(options.distDir);
  const ask = injectAsk(app);
  return {
    async render(request: FastifyRequest, routePath: string, template: string): Promise<RenderedPage | null> {
      const route = ROUTES.find((r) => r.match.test(routePath));
      if (!route) return null;
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const loggedIn = Boolean(request.cookies?.[STORAGE_KEYS.tokenCookie]);
      const origin = requestOrigin(options.config, request);
      const renderNow = async (): Promise<RenderedPage | null> => {
        try {
          const render = await renderer();
          if (!render) return null;
          const values = route.match.exec(routePath)!;
          const params = Object.fromEntries(route.keys.map((key, i) => [key, values[i + 1] ? decodeURIComponent(values[i + 1]!) : undefined]));
          const plan = await route.plan(ask, params, search, loggedIn);
          if (!plan) return null;
          const content = await render({ path: routePath, search, loggedIn, data: plan.data });
          return renderedPage(plan.status, fillTemplate(template, plan, content, origin));
        } catch (error) {
          request.log.error({ err: error, path: routePath }, 'server rendering failed; the app renders the page itself');
          return null;
        }
      };
      if (!options.cache || !route.kept) return renderNow();
      const key = renderedPageKey(template, origin, loggedIn, `${routePath}?${search}`);
      return keptPage(options.cache, key, options.now ?? Date.now, renderNow);
    },
  };
}

/** index.html's own title and description are the site's defaults: the page's head replaces them. */
const DEFAULT_HEAD = /<meta name="description"[^>]*>\s*|<title>[^<]*<\/title>\s*/g;
/** index.html's root with its start-up line (index.html at the repository's root). */
const ROOT = /<div id="root"><div id="boot">[^<]*<\/div><\/div>/;

/** The route's style sheets, announced as preloads for the app's own render (routePreloads.ts). */
const STYLE_PRELOAD = /<link rel="preload" as="style" /g;
/** The app's code: its entry, and the modules announced for the route (index.html, routePreloads.ts). */
const APP_CODE = /<(script type="module"|link rel="modulepreload") /g;

function fillTemplate(template: string, plan: PagePlan, content: string, origin: string): string {
  const data = plan.data.length ? `<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${scriptJson(plan.data)}</script>` : '';
  return (
    template
      // The HTML is the page: its styles apply from the first paint (the app then finds them in place).
      .replace(STYLE_PRELOAD, '<link rel="stylesheet" ')
      // …and the app's code is not needed for it: it comes after the styles and the largest image
      // (on a phone's network it would otherwise share the first round trips with them).
      .replace(APP_CODE, (_tag, opening: string) => `<${opening} fetchpriority="low" `)
      .replace(DEFAULT_HEAD, '')
      .replace('</head>', `  ${headTags(plan.head, origin)}\n  </head>`)
      .replace(ROOT, () => `<div id="root" data-server-rendered>${content}</div>${data}`)
  );
}
