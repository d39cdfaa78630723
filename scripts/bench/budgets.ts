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
