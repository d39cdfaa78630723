/**
 * Bundle budgets: initial JS of a first visit (entry chunk + static imports + the route's view
 * chunk + its static imports), gzip level 9, in KB (1 KB = 1024 bytes).
 */

/** The home route must stay fast on a phone (measured ~100 KB with the login dialog on demand). */
export const HOME_ROUTE = '/';
export const HOME_ROUTE_GZIP_BUDGET_KB = 110;

/** Per-route gzip budgets in KB; routes not listed have no budget (reported only). */
export const ROUTE_GZIP_BUDGETS_KB: Readonly<Record<string, number>> = {
  [HOME_ROUTE]: HOME_ROUTE_GZIP_BUDGET_KB,
};

export const KB = 1024;

/**
 * Budgets of lazily loaded code beyond the entry chunk and its static imports, gzip KB: what a
 * route's view adds on a first visit (keyed by route), or what a module loaded on demand adds
 * (keyed by its source path, e.g. the login modal opened from the header).
 */
export const LOGIN_ROUTE = '/uc/login';
export const LOGIN_MODAL_MODULE = 'src/views/account/login/LoginModal.tsx';
/** The header's menu drawer on phones (Fluent's provider, OverlayDrawer and its focus trap): measured ~51 KB. */
export const NAV_DRAWER_MODULE = 'src/views/app/NavDrawer.tsx';
export const LAZY_GZIP_BUDGETS_KB: Readonly<Record<string, number>> = {
  [LOGIN_ROUTE]: 60,
  [LOGIN_MODAL_MODULE]: 60,
  [NAV_DRAWER_MODULE]: 60,
  '/course/pro-course': 60,
  '/course/free-course': 60,
  '/course/resource': 60,
  '/course/detail/:courseId': 60,
  '/course/preview/:courseId': 60,
  '/course-player/:id': 60,
  '/uc/my-course/sys': 60,
  '/uc/my-course/:courseType/detail/:courseId': 60,
  '/submit-order/:productId': 60,
  '/order-pay/:orderId': 60,
  '/question-bank/learn-center/:paperId/:recordId?': 60,
  '/question-bank/learn-center-record/:questionType': 60,
  '/question-bank/transcript/:recordId/:paperId': 60,
  '/question-bank/learn-center-mark/:recordId': 60,
  '/question-bank/learn-center-analyze/:paperId/:recordId': 60,
  '/question-bank/learn-center-analyze-record/:questionType/:recordId?': 60,
  '/uc/my-order': 60,
  '/uc/my-order/:orderId': 60,
  '/uc/my-coupon': 60,
  '/coupon-acquire': 60,
  '/coupon-active': 60,
  '/course-exchange': 60,
  '/question-bank/home': 60,
  '/question-bank/learn-center-paper/:id': 60,
  '/question-bank/record': 60,
  '/question-bank/report': 60,
};
