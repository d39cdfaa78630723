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
/** The path with the query parameters that have a value, in the given order. */
function withQuery(path: string, query: Record<string, Id | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
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
  freeCourses: () => PATTERNS.freeCourses,
  proCourses: (q: { projectId?: Id } = {}) => (q.projectId === undefined ? PATTERNS.proCourses : `${PATTERNS.proCourses}?projectId=${seg(q.projectId)}`),
  resources: () => PATTERNS.resources,
  courseDetail: (courseId: Id) => `/course/detail/${seg(courseId)}`,
  accountManage: () => PATTERNS.accountManage,
  personal: () => PATTERNS.personal,
  security: () => PATTERNS.security,
  myCourses: () => PATTERNS.myCoursesSys,
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
  questionBankHome: () => PATTERNS.questionBankHome,
} as const;
