/**
 * What every answer says about how browsers may use it: the helmet options of each kind of answer,
 * built once at start-up from the config (server/plugins/securityHeaders.ts applies them).
 *
 * Kinds (a route picks one with `config: { securityHeaders: kind }`; anything else is 'api'):
 * - api: JSON, redirects, QR codes, 404s and errors. Nothing to run, nothing to frame.
 * - page: HTML documents (the SPA's index.html and its files under /new/, the WeChat sandbox "phone",
 *   the sandbox wallet's pages).
 *   Opened inside our iOS/Android app (its user agent carries APP_USER_AGENT_MARK) a page gets
 *   'appPage' instead: the same, but any https frame (see APP_FRAME_SOURCES).
 * - framed: the WeChat sandbox QR page, which our own login page frames.
 * - upload: user files under /static/uploads/; opened directly they must not run anything.
 */
import { createHash } from 'node:crypto';
import type { HelmetOptions } from 'helmet';
import type { ServerConfig } from '../config';
import { WECHAT_QRCONNECT_URL } from '../providers/wechat/openPlatform';

export type SecurityHeadersKind = 'api' | 'page' | 'framed' | 'upload';

/** The kinds an answer can get; 'appPage' is chosen by the plugin, not by a route. */
export type SecurityPolicyKind = SecurityHeadersKind | 'appPage';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which security headers the route's answers carry (server/shared/securityPolicy.ts); default 'api'. */
    securityHeaders?: SecurityHeadersKind;
  }
}

type Directives = Record<string, string[]>;

const SELF = "'self'";
const NONE = "'none'";

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';
/**
 * A year, for this host only: includeSubDomains would force HTTPS on every sibling under the site's
 * name (an http-only m. or api. host would stop working) for a year, which is not this server's call.
 */
const HSTS = { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } as const;

/** Answers that are not documents: no sources at all, and never framed. */
const API_DIRECTIVES: Directives = { 'default-src': [NONE], 'frame-ancestors': [NONE] };

/** Uploaded files keep the inline styles a PDF or SVG viewer needs, run nothing (sandbox) and are never framed. */
const UPLOAD_DIRECTIVES: Directives = { 'default-src': [NONE], 'style-src': ["'unsafe-inline'"], 'frame-ancestors': [NONE], sandbox: [] };

/**
 * Fluent UI (Griffel's renderer, FluentProvider's theme) inserts <style> elements at run time, but
 * empty: the rules go in through CSSOM insertRule, which CSP does not govern. The hash of the empty
 * string allows exactly those empty elements, so no injected CSS text applies and 'unsafe-inline' is
 * not needed (checked by the e2e suite, which fails on any violation; without the hash the app has no
 * Fluent styles at all). A configured third-party script (the chat widget) brings inline styles and
 * style sheets of its own: then 'unsafe-inline' and its hosts, and no hash, since browsers ignore
 * 'unsafe-inline' next to a hash.
 */
const EMPTY_STYLE_HASH = `'sha256-${createHash('sha256').update('').digest('base64')}'`;

function styleSources(scriptHosts: string[]): string[] {
  return scriptHosts.length ? [SELF, "'unsafe-inline'", ...scriptHosts] : [SELF, EMPTY_STYLE_HASH];
}

/** The HTML pages' directives. Every exception to 'self' is named here, with its reason. */
function pageDirectives(config: Pick<ServerConfig, 'cspHosts' | 'wechat'>): Directives {
  const hosts = config.cspHosts;
  // WeChat's own QR page in production; the sandbox QR page (dev.ts) is ours, covered by 'self'.
  const wechatFrame = config.wechat ? [new URL(WECHAT_QRCONNECT_URL).origin] : [];
  return {
    'default-src': [SELF],
    // Only our own bundles (index.html has no inline script) and the configured chat script.
    'script-src': [SELF, ...hosts.script],
    'style-src': styleSources(hosts.script),
    // data: for the slider captcha's pictures (the server sends them as data URLs); blob: for the
    // previews of images a student picks before they are uploaded (object URLs the page made itself).
    'img-src': [SELF, 'data:', 'blob:', ...hosts.media],
    // blob: the course player feeds HLS to the video element through Media Source Extensions (hls.js).
    'media-src': [SELF, 'blob:', ...hosts.media],
    'connect-src': [SELF, ...hosts.connect],
    'frame-src': [SELF, ...wechatFrame, ...hosts.frame],
    'object-src': [NONE],
    'base-uri': [NONE],
    'form-action': [SELF],
    'frame-ancestors': [NONE],
  };
}

/**
 * The iOS bridge (src/services/account/jsBridge.ts, WebViewJavascriptBridge's protocol) signals the app by
 * loading https://__bridge_loaded__ in a hidden frame, which the app intercepts. A CSP host cannot
 * name it (no '_' in host names), so inside the app frames may be any https URL. The app's webview
 * decides where frames really go; in browsers the page keeps frame-src as above.
 */
const APP_FRAME_SOURCES = ['https:'];

/** One header value, as helmet writes it (';' between directives), for the pre-routing answers. */
export function serializeCsp(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join(';');
}

function helmetOptions(directives: Directives, frameAction: 'deny' | 'sameorigin', https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    xFrameOptions: { action: frameAction },
    referrerPolicy: { policy: REFERRER_POLICY },
    // Sent over plain HTTP, HSTS is ignored by browsers at best and pins a dev host to HTTPS at worst.
    strictTransportSecurity: https ? HSTS : false,
  };
}

export type SecurityPolicy = Record<SecurityPolicyKind, { http: HelmetOptions; https: HelmetOptions }>;

export function securityPolicy(config: Pick<ServerConfig, 'cspHosts' | 'wechat'>): SecurityPolicy {
  const page = pageDirectives(config);
  const kinds: Record<SecurityPolicyKind, [Directives, 'deny' | 'sameorigin']> = {
    api: [API_DIRECTIVES, 'deny'],
    page: [page, 'deny'],
    appPage: [{ ...page, 'frame-src': [...(page['frame-src'] ?? []), ...APP_FRAME_SOURCES] }, 'deny'],
    framed: [{ ...page, 'frame-ancestors': [SELF] }, 'sameorigin'],
    upload: [UPLOAD_DIRECTIVES, 'deny'],
  };
  const entries = Object.entries(kinds).map(([kind, [directives, frame]]) => [
    kind,
    { http: helmetOptions(directives, frame, false), https: helmetOptions(directives, frame, true) },
  ]);
  return Object.fromEntries(entries) as SecurityPolicy;
}

/**
 * For the answers written before any route or hook runs (a bad URL, headers too large): the 'api'
 * headers that matter, as a plain record. tests/server/securityHeaders.test.ts checks they match
 * what helmet sends on an ordinary API answer.
 */
export const PRE_ROUTING_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': serializeCsp(API_DIRECTIVES),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': REFERRER_POLICY,
};
