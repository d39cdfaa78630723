/**
 * Every page path of product-spec §2, written once: the pattern the route table (routes.ts) matches,
 * and a typed builder for every link and redirect (`paths.courseDetail(id)`). Paths are relative to
 * the SPA base /new. A leaf module: it imports nothing, so the domain and the server may use it too.
 */

/** Where the SPA is served; every path below is relative to it. */
export const SPA_BASE = '/new';

export const PATTERNS = {
  home: '/',
  about: '/about',
  downloadApp: '/download-app',
  appDownloadLegacy: '/other-pages/app-download',
  notFound: '/404',
  teacher: '/teacher',
  transfer: '/transfer',
  couponActive: '/coupon-active',
  couponAcquire: '/coupon-acquire',
  courseExchange: '/course-exchange',
  demoComponents: '/demo-components',
  demoHome: '/demo-components/home',
  demoPlayVideo: '/demo-components/play-video',
  demoCourseType: '/demo-components/course-type',
  demoBreadcrumb: '/demo-components/breadcrumb',
  demoUpload: '/demo-components/upload',
  demoCalculator: '/demo-components/calculator',

  helpCentre: '/hc',
  payType: '/hc/pay-type',
  siteStated: '/hc/site-stated',
  userAgreement: '/hc/user-agreement',
  privacyPolicy: '/hc/privacy-policy',

  login: '/uc/login',
  bindPhone: '/uc/bindphone',
  forgotPassword: '/uc/forgot-password',

  freeCourses: '/course/free-course',
  proCourses: '/course/pro-course',
  resources: '/course/resource',
  courseDetail: '/course/detail/:courseId',
  coursePreview: '/course/preview/:courseId',
  coursePlayer: '/course-player/:id',
  submitOrder: '/submit-order/:productId',
  orderPay: '/order-pay/:orderId',

  userCentre: '/uc',
  accountManage: '/uc/account-manage',
  personal: '/uc/account-manage/personal',
  security: '/uc/account-manage/security',
  myCourses: '/uc/my-course',
  myCoursesSys: '/uc/my-course/sys',
  myCoursesFree: '/uc/my-course/free',
  myCoursesAdd: '/uc/my-course/add',
  myCourseDetail: '/uc/my-course/:courseType/detail/:courseId',
  myOrders: '/uc/my-order',
  myOrderDetail: '/uc/my-order/:orderId',
  myCoupons: '/uc/my-coupon',
  feedback: '/uc/feedback',

  questionBank: '/question-bank',
  questionBankHome: '/question-bank/home',
  questionBankRecord: '/question-bank/record',
  questionBankReport: '/question-bank/report',
  paperDetail: '/question-bank/learn-center-paper/:id',
  transcript: '/question-bank/transcript/:recordId/:paperId',
  answer: '/question-bank/learn-center/:paperId/:recordId?',
  practiceRecord: '/question-bank/learn-center-record/:questionType',
  paperMark: '/question-bank/learn-center-mark/:recordId',
  paperAnalysis: '/question-bank/learn-center-analyze/:paperId/:recordId',
  recordAnalysis: '/question-bank/learn-center-analyze-record/:questionType/:recordId?',
} as const;

export type PageName = keyof typeof PATTERNS;

/** A section path that shows its default child page (§2): /uc → 个人资料, /hc → 网站声明 … */
export const DEFAULT_CHILDREN: ReadonlyArray<readonly [from: string, to: string]> = [
  [PATTERNS.helpCentre, PATTERNS.siteStated],
  [PATTERNS.userCentre, PATTERNS.personal],
  [PATTERNS.accountManage, PATTERNS.personal],
  [PATTERNS.myCourses, PATTERNS.myCoursesSys],
  [PATTERNS.questionBank, PATTERNS.questionBankHome],
  [PATTERNS.demoComponents, PATTERNS.demoHome],
];

/** The page a section path shows, e.g. defaultChildOf('/hc') → '/hc/site-stated'; undefined for a page. */
export function defaultChildOf(path: string): string | undefined {
  return DEFAULT_CHILDREN.find(([from]) => from === path)?.[1];
}

type Id = number | string;
const seg = (value: Id): string => encodeURIComponent(String(value));
/** A list page's query: each entry a filter, the sort or the page; undefined and null entries are left out. */
type ListQuery = Readonly<Record<string, Id | null | undefined>>;
/** `pattern?a=1&b=2` in the entries' order, without the empty ones. */
function withQuery(pattern: string, q: ListQuery): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${pattern}?${text}` : pattern;
}

/** Builders for links and redirects; a page with parameters takes them typed. */
export const paths = {
  home: () => PATTERNS.home,
  about: () => PATTERNS.about,
  downloadApp: () => PATTERNS.downloadApp,
  notFound: () => PATTERNS.notFound,
  teacher: (q: { projectId?: Id } = {}) => (q.projectId === undefined ? PATTERNS.teacher : `${PATTERNS.teacher}?projectId=${seg(q.projectId)}`),
  payType: () => PATTERNS.payType,
  siteStated: () => PATTERNS.siteStated,
  userAgreement: () => PATTERNS.userAgreement,
  privacyPolicy: () => PATTERNS.privacyPolicy,
  /** The login page; `redirect` (already made safe by the caller) is where a login leads. */
  login: (redirect?: string) => (redirect ? `${PATTERNS.login}?redirect=${encodeURIComponent(redirect)}` : PATTERNS.login),
  /** Bind phone after a WeChat login: the session key always, WeChat's code and state and the target when known. */
  bindPhone: (q: { sessionKey: string; code?: string | undefined; state?: string | undefined; redirect?: string | undefined }) => {
    const search = new URLSearchParams();
    if (q.code) search.set('code', q.code);
    if (q.state) search.set('state', q.state);
    search.set('sessionKey', q.sessionKey);
    if (q.redirect) search.set('redirect', q.redirect);
    return `${PATTERNS.bindPhone}?${search.toString()}`;
  },
  forgotPassword: () => PATTERNS.forgotPassword,
  /** The course lists with their filters, sort and page in the query (absent entries: the defaults). */
  freeCourses: (q: ListQuery = {}) => withQuery(PATTERNS.freeCourses, q),
  proCourses: (q: ListQuery = {}) => withQuery(PATTERNS.proCourses, q),
  /** The resources page: its tab (?tab=ebook), project and page. */
  resources: (q: ListQuery = {}) => withQuery(PATTERNS.resources, q),
  courseDetail: (courseId: Id) => `/course/detail/${seg(courseId)}`,
  coursePreview: (courseId: Id) => `/course/preview/${seg(courseId)}`,
  /** The player of a course (issue 11): that courseware, else where the student stopped. */
  coursePlayer: (courseId: Id, coursewareId?: Id | null) =>
    coursewareId === undefined || coursewareId === null
      ? `/course-player/${seg(courseId)}`
      : `/course-player/${seg(courseId)}?coursewareId=${seg(coursewareId)}`,
  /** The order page of a course; `skuId`: the SKU chosen on the detail page. */
  submitOrder: (courseId: Id, q: { skuId?: Id } = {}) =>
    q.skuId === undefined ? `/submit-order/${seg(courseId)}` : `/submit-order/${seg(courseId)}?skuId=${seg(q.skuId)}`,
  accountManage: () => PATTERNS.accountManage,
  personal: () => PATTERNS.personal,
  security: () => PATTERNS.security,
  myCourses: () => PATTERNS.myCoursesSys,
  /** A tab of my courses (sys, free, add) and its page. */
  myCourseTab: (tab: 'sys' | 'free' | 'add', page = 1) => `/uc/my-course/${tab}${page > 1 ? `?page=${page}` : ''}`,
  myCourseDetail: (courseType: string, courseId: Id) => `/uc/my-course/${encodeURIComponent(courseType.toLowerCase())}/detail/${seg(courseId)}`,
  /** 我的订单, filtered by state and paged (both in the URL). */
  myOrders: (q: { status?: string | null; page?: number } = {}) =>
    withQuery(PATTERNS.myOrders, { status: q.status, page: q.page && q.page > 1 ? q.page : null }),
  myOrderDetail: (orderId: Id) => `/uc/my-order/${seg(orderId)}`,
  orderPay: (orderId: Id) => `/order-pay/${seg(orderId)}`,
  /** 我的优惠券 by state (unused when absent) and page. */
  myCoupons: (q: { state?: string | null; page?: number } = {}) =>
    withQuery(PATTERNS.myCoupons, { state: q.state, page: q.page && q.page > 1 ? q.page : null }),
  couponAcquire: () => PATTERNS.couponAcquire,
  couponActive: () => PATTERNS.couponActive,
  courseExchange: () => PATTERNS.courseExchange,
  feedback: () => PATTERNS.feedback,
  /** The question-bank home: its tab (1…4, tabs.ts) and subject in the query. */
  questionBankHome: (q: { subjectId?: Id | null; tab?: number | null } = {}) => withQuery(PATTERNS.questionBankHome, q),
  /** The user's question-bank page: its tab (1 做题记录, 2 错题本, 3 我的收藏) and the records' page. */
  questionBankRecord: (q: { tab?: number | null; page?: number | null } = {}) => withQuery(PATTERNS.questionBankRecord, q),
  /** 学习报告 of a subject (issue 22): the last 30 days, the review cards and the chapters' mastery. */
  questionBankReport: (q: { subjectId?: Id | null } = {}) => withQuery(PATTERNS.questionBankReport, q),
  paperDetail: (paperId: Id) => `/question-bank/learn-center-paper/${seg(paperId)}`,
  /** Answering: a paper (a new record, or the one being answered) or a given record; practice mode by the query. */
  answer: (paperId: Id, q: { recordId?: Id | null; practice?: boolean } = {}) =>
    `/question-bank/learn-center/${seg(paperId)}${q.recordId ? `/${seg(q.recordId)}` : ''}${q.practice ? '?mode=practice' : ''}`,
  transcript: (recordId: Id, paperId: Id) => `/question-bank/transcript/${seg(recordId)}/${seg(paperId)}`,
  paperMark: (recordId: Id) => `/question-bank/learn-center-mark/${seg(recordId)}`,
  /**
   * Practice of a section, of the wrong book or favourites of a subject, 今日复习 or 智能练习 of a
   * subject (sourceId: the section or subject; `size`: a smart practice's question count).
   */
  practiceRecord: (kind: 'section' | 'wrong' | 'favorite' | 'review' | 'smart', sourceId: Id, q: { recordId?: Id | null; size?: number | null } = {}) =>
    `/question-bank/learn-center-record/${kind}?sourceId=${seg(sourceId)}${q.recordId ? `&recordId=${seg(q.recordId)}` : ''}${q.size ? `&size=${seg(q.size)}` : ''}`,
  /** A record's analysis; `filter: 'wrong'` is 只看错题. */
  paperAnalysis: (paperId: Id, recordId: Id, q: { filter?: 'wrong' | null } = {}) =>
    withQuery(`/question-bank/learn-center-analyze/${seg(paperId)}/${seg(recordId)}`, { filter: q.filter }),
  /** A practice record's analysis (`recordId`), or the wrong book / favourites of a subject (paged). */
  recordAnalysis: (
    kind: 'section' | 'wrong' | 'favorite' | 'review' | 'smart',
    q: { recordId?: Id | null; subjectId?: Id | null; page?: Id | null; filter?: 'wrong' | null } = {},
  ) =>
    withQuery(`/question-bank/learn-center-analyze-record/${kind}${q.recordId ? `/${seg(q.recordId)}` : ''}`, {
      subjectId: q.subjectId,
      page: q.page,
      filter: q.filter,
    }),
} as const;

/** The params the router matched in a page's path (what src/routeTypes.ts hands a view). */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/** An id as a path or query writes it: digits only (no sign, space or exponent), a positive safe integer; else null. */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value > 0 && Number.isSafeInteger(value) ? value : null;
}

/** Reads one param of a page: its value, or undefined when it is missing or malformed. */
type Param<T> = (params: RouteParams) => T | undefined;

/** A required id (`:courseId`). */
function id(name: string): Param<number> {
  return (params) => parseId(params[name]) ?? undefined;
}

/** An optional id (`:recordId?`): null when absent. */
function optionalId(name: string): Param<number | null> {
  return (params) => (params[name] ? (parseId(params[name]) ?? undefined) : null);
}

/** One of the page's words (`:questionType`). */
function oneOf<W extends string>(name: string, words: readonly W[]): Param<W> {
  return (params) => words.find((word) => word === params[name]);
}

/** Any segment that is there (`:courseType`). */
function text(name: string): Param<string> {
  return (params) => params[name] || undefined;
}

/** A page with params: its pattern, the builder of its links, and the reader of its params. */
export interface PageRoute<B, P> {
  pattern: string;
  build: B;
  /** The params typed (ids as numbers), or null when one is missing or malformed: the page then shows its not-found state. */
  parse: (params: RouteParams) => P | null;
}

function route<B extends (...args: never[]) => string, F extends Record<string, Param<unknown>>>(
  pattern: string,
  build: B,
  fields: F,
): PageRoute<B, { [K in keyof F]: Exclude<ReturnType<F[K]>, undefined> }> {
  const parse = (params: RouteParams) => {
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries(fields)) {
      const value = read(params);
      if (value === undefined) return null;
      out[key] = value;
    }
    return out as { [K in keyof F]: Exclude<ReturnType<F[K]>, undefined> };
  };
  return { pattern, build, parse };
}

const QUESTION_TYPES = ['section', 'wrong', 'favorite', 'review', 'smart'] as const;

/**
 * Every page with params as a route: `pages.paperDetail.build(7)` is its link (the builder of
 * `paths`), `pages.paperDetail.parse(params)` its params as the view takes them ({ paperId: 7 }),
 * read here once, so no view turns a URL segment into a number by hand.
 */
export const pages = {
  courseDetail: route(PATTERNS.courseDetail, paths.courseDetail, { courseId: id('courseId') }),
  coursePreview: route(PATTERNS.coursePreview, paths.coursePreview, { courseId: id('courseId') }),
  coursePlayer: route(PATTERNS.coursePlayer, paths.coursePlayer, { courseId: id('id') }),
  submitOrder: route(PATTERNS.submitOrder, paths.submitOrder, { courseId: id('productId') }),
  orderPay: route(PATTERNS.orderPay, paths.orderPay, { orderId: id('orderId') }),
  myOrderDetail: route(PATTERNS.myOrderDetail, paths.myOrderDetail, { orderId: id('orderId') }),
  myCourseDetail: route(PATTERNS.myCourseDetail, paths.myCourseDetail, { courseType: text('courseType'), courseId: id('courseId') }),
  paperDetail: route(PATTERNS.paperDetail, paths.paperDetail, { paperId: id('id') }),
  answer: route(PATTERNS.answer, paths.answer, { paperId: id('paperId'), recordId: optionalId('recordId') }),
  transcript: route(PATTERNS.transcript, paths.transcript, { recordId: id('recordId'), paperId: id('paperId') }),
  paperMark: route(PATTERNS.paperMark, paths.paperMark, { recordId: id('recordId') }),
  paperAnalysis: route(PATTERNS.paperAnalysis, paths.paperAnalysis, { paperId: id('paperId'), recordId: id('recordId') }),
  practiceRecord: route(PATTERNS.practiceRecord, paths.practiceRecord, { kind: oneOf('questionType', QUESTION_TYPES) }),
  recordAnalysis: route(PATTERNS.recordAnalysis, paths.recordAnalysis, { kind: oneOf('questionType', QUESTION_TYPES), recordId: optionalId('recordId') }),
} as const;
