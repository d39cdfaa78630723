/** Routing rules that are not React: login redirects, safe redirect targets, mobile mapping. */
import { parse } from 'regexparam';
import { PATTERNS, SPA_BASE, paths } from '../../paths';

/** A redirect target must stay inside the site: a path, never `//host` or a scheme. */
export function isSafeRedirect(target: string | null | undefined): target is string {
  return !!target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}

/** `/uc/login?redirect=<path and query>`; the login page itself is never a redirect target. */
export function loginUrl(currentPathWithQuery?: string): string {
  if (!currentPathWithQuery || currentPathWithQuery.startsWith(PATTERNS.login) || currentPathWithQuery === '/') return paths.login();
  return paths.login(currentPathWithQuery);
}

/** Where to go after a login: the redirect param when safe, otherwise home. */
export function redirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  return isSafeRedirect(target) && !target.startsWith(PATTERNS.login) ? target : '/';
}

/** A stored or passed-on target made safe by the same rule as the redirect param (else '/'). */
export function safeRedirect(target: string | null | undefined): string {
  return redirectTarget(new URLSearchParams({ redirect: target ?? '' }).toString());
}

/** Strips the app base (e.g. /new) from a browser path. */
export function stripBase(pathname: string, base: string): string {
  if (!base || base === '/') return pathname || '/';
  const trimmed = base.endsWith('/') ? base.slice(0, -1) : base;
  if (pathname === trimmed) return '/';
  return pathname.startsWith(`${trimmed}/`) ? pathname.slice(trimmed.length) : pathname;
}

/** Phones and iPads (including iPadOS reporting itself as a Mac with touch). */
export function isMobileDevice(userAgent: string, maxTouchPoints = 0): boolean {
  if (/Android|iPhone|iPod|iPad|Windows Phone|HarmonyOS|Mobile/i.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/**
 * Fills a mobile path pattern (`/pages/course/detail?id=:courseId`) with the route params and
 * appends the page's own query string, so nothing the visitor came with is lost.
 */
export function mobileUrl(pattern: string, params: Readonly<Record<string, string | undefined>>, search: string): string {
  const filled = pattern.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (!query) return filled;
  return `${filled}${filled.includes('?') ? '&' : '?'}${query}`;
}

export interface MobileRedirectInput {
  /** The mobile site's origin (VITE_MOBILE_ORIGIN); empty or unset: no redirect. */
  mobileOrigin: string | undefined;
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS reports a Mac's user agent, and touch. */
  maxTouchPoints: number;
  /** The page's path under the app's base (stripBase): `/course/detail/5`. */
  path: string;
  /** The page's query string, `?qd=abc` or empty. */
  search: string;
  /** The page runs inside our app's webview (isAppWebView), which loads these pages on purpose. */
  inAppWebView: boolean;
  /** The route table's patterns and their mobile pages, first match wins. */
  routes: readonly { path: string; mobile: string }[];
  /** Section paths that show a default child (/uc → its first page): the child's mobile page. */
  redirects?: readonly { path: string; redirect: string }[];
}

/**
 * Where a phone or an iPad (iPadOS too) is sent at start-up: the same page of the mobile site with
 * the route params filled in and the query kept, or null to stay (no mobile origin configured, a
 * desktop, our app's webview, a path of no route).
 */
export function mobileRedirectTarget(input: MobileRedirectInput): string | null {
  const origin = input.mobileOrigin?.trim().replace(/\/+$/, '');
  if (!origin || input.inAppWebView || !isMobileDevice(input.userAgent, input.maxTouchPoints)) return null;
  const path = input.redirects?.find((r) => r.path === input.path)?.redirect ?? input.path;
  for (const route of input.routes) {
    const params = matchPath(route.path, path);
    if (params) return `${origin}${mobileUrl(route.mobile, params, input.search)}`;
  }
  return null;
}

export interface GuardFlags {
  auth: boolean;
  guestOnly?: boolean;
}

/** Where a route sends the visitor instead of rendering, or null to render it (§6). */
export function guardRedirect(route: GuardFlags, loggedIn: boolean, currentPathWithQuery: string): string | null {
  if (route.auth && !loggedIn) return loginUrl(currentPathWithQuery);
  if (route.guestOnly && loggedIn) return paths.accountManage();
  return null;
}

/** The params of `path` under a route pattern (wouter's syntax), or null when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string | undefined> | null {
  const { pattern: re, keys } = parse(pattern);
  const m = re.exec(path);
  if (!m) return null;
  return Object.fromEntries(keys.map((key, i) => [key, m[i + 1] === undefined ? undefined : decodeURIComponent(m[i + 1]!)]));
}

/**
 * A link from the data (an ad's linkUrl) as a page of this app: its path relative to the base
 * (`/course/detail/5?x=1`, also from `/new/course/detail/5`), or null when it leads to no page of
 * the route table (another site, an unknown path, the 404 page), so it is not shown as a link.
 */
export function appPagePath(link: string | null | undefined): string | null {
  if (!isSafeRedirect(link)) return null;
  const path = stripBase(link, SPA_BASE);
  const pathname = path.split(/[?#]/, 1)[0]!;
  const isPage = Object.values(PATTERNS).some((pattern) => pattern !== PATTERNS.notFound && matchPath(pattern, pathname) !== null);
  return isPage ? path : null;
}
