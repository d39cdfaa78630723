/**
 * Shared Playwright fixtures and helpers. Import `test` / `expect` from here, not from
 * '@playwright/test':
 *
 *   import { test, expect, gotoApp, readSmsOutbox } from './fixtures';
 *
 * - Every test fails when the page throws an uncaught error (`pageerror`); a test that expects
 *   one lists it with `test.use({ allowedPageErrors: [/pattern/] })`.
 * - Every test fails when the browser reports a Content-Security-Policy violation, in any page or
 *   frame of the test's context (`cspViolations`; a test that provokes one on purpose lists it with
 *   `test.use({ allowedCspViolations: [/pattern|other/] })`: one pattern, since Playwright would read a
 *   list of two as a fixture tuple).
 * - `gotoApp(page, '/about')` opens a route of the SPA (paths are relative to the /new/ base).
 * - `readSmsOutbox(request, mobile)` reads the latest SMS code the test-mode server "sent".
 * - Every test (each retry too) is its own client address: its requests carry an X-Forwarded-For
 *   the e2e servers trust, so per-IP limits never add up across the run.
 * - Each worker lifts the main server's device limit (account.deviceLimit, default 2) to
 *   E2E_DEVICE_LIMIT (none) once, unless a value is set already: many tests log the demo students
 *   in at the same time. tests/e2e/deviceLimit.spec.ts lowers it and puts it back (`setSiteParam`).
 */
import { createHash } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page, type Response, type TestInfo } from '@playwright/test';
import { SITE_SETTING_KEYS } from '../../src/domain/site/settings';

export { expect };

/**
 * Opens an app route: `path` is relative to the SPA base (`/` → /new/, `/about` → /new/about). A
 * page the server rendered shows its content before the app has taken it over; like a person who
 * waits for a page to finish loading, this waits until then (the app marks the document:
 * src/views/app/AppRoutes.tsx), so a click is never lost on a control that does not answer yet.
 */
export async function gotoApp(page: Page, path = '/', options?: Parameters<Page['goto']>[1]): Promise<Response | null> {
  // A relative URL keeps baseURL's /new/ prefix; a leading slash would drop it. (The page fixture's
  // goto waits for the app: see `page` below.)
  return page.goto(path.replace(/^\/+/, ''), options);
}

/** Until the app has taken a server-rendered page over (a page the app renders itself, or no page of the app: at once). */
export async function appReady(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForFunction(
        () => document.documentElement.hasAttribute('data-app-ready') || !document.getElementById('root')?.hasAttribute('data-server-rendered'),
        undefined,
        { timeout: 15_000 },
      );
      return;
    } catch (error) {
      // A page that navigates on (a redirect) destroys the context the wait ran in: wait on the next one.
      if (attempt < 3 && error instanceof Error && /context was destroyed|navigat/i.test(error.message)) continue;
      throw error;
    }
  }
}

interface OutboxMessage {
  mobile?: string;
  phone?: string;
  code?: string | number;
  content?: string;
  text?: string;
  sentAt?: string | number;
  createdAt?: string | number;
  time?: string | number;
}

function codeOf(m: OutboxMessage | undefined): string | undefined {
  if (!m) return undefined;
  if (m.code !== undefined && m.code !== null && String(m.code) !== '') return String(m.code);
  const text = m.content ?? m.text ?? '';
  return /\b(\d{4,8})\b/.exec(text)?.[1];
}

function timeOf(m: OutboxMessage): number {
  const t = m.sentAt ?? m.createdAt ?? m.time;
  if (t === undefined) return 0;
  return typeof t === 'number' ? t : Date.parse(t) || 0;
}

/** The latest message of an outbox answer, whatever its envelope (`{data: …}`, list, single). */
function latestMessage(body: unknown): OutboxMessage | undefined {
  let value: unknown = body;
  for (let i = 0; i < 3 && value && typeof value === 'object' && !Array.isArray(value); i++) {
    const v = value as Record<string, unknown>;
    if ('code' in v || 'content' in v || 'text' in v) break;
    const inner = v.data ?? v.messages ?? v.items ?? v.list;
    if (inner === undefined) break;
    value = inner;
  }
  if (Array.isArray(value)) {
    const list = (value as OutboxMessage[]).filter((m) => m && typeof m === 'object');
    // Stable: among equal times the later entry wins.
    return list.reduce<OutboxMessage | undefined>((best, m) => (!best || timeOf(m) >= timeOf(best) ? m : best), undefined);
  }
  return value && typeof value === 'object' ? (value as OutboxMessage) : undefined;
}

/**
 * The latest SMS verification code sent to `mobile`, from the test-mode server's
 * `GET /dev/sms-outbox?mobile=…`. Polls until a code is there (codes are sent asynchronously).
 */
export async function readSmsOutbox(request: APIRequestContext, mobile: string, options: { timeoutMs?: number } = {}): Promise<string> {
  const until = Date.now() + (options.timeoutMs ?? 5_000);
  let last = '';
  for (;;) {
    // Absolute path: the outbox lives at the server root, outside the SPA's /new/ base.
    const res = await request.get(`/dev/sms-outbox?mobile=${encodeURIComponent(mobile)}`);
    if (res.ok()) {
      const code = codeOf(latestMessage(await res.json().catch(() => undefined)));
      if (code) return code;
      last = 'no code for this number yet';
    } else {
      last = `HTTP ${res.status()} ${(await res.text()).slice(0, 200)}`;
    }
    if (Date.now() > until) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`readSmsOutbox(${mobile}): no SMS code from GET /dev/sms-outbox (${last}); the server must run with NODE_ENV=test`);
}

export interface AppFixtures {
  /** Uncaught page errors matching one of these do not fail the test. */
  allowedPageErrors: RegExp[];
  /** Uncaught errors (`pageerror`) seen so far; the test fails after it ends if any is not allowed. */
  pageErrors: Error[];
  /** `console.error` messages seen so far (reported, never failing by themselves). */
  consoleErrors: string[];
  /** CSP violations matching one of these do not fail the test. */
  allowedCspViolations: RegExp[];
  /** CSP violations seen so far; the test fails after it ends if any is not allowed. */
  cspViolations: string[];
}

/** What makes a test fail: the violations no pattern allows. */
export function unexpectedCspViolations(violations: readonly string[], allowed: readonly RegExp[]): string[] {
  return violations.filter((v) => !allowed.some((re) => re.test(v)));
}

/** A stable private address per test and retry: 10.x.y.z from its id. */
export function clientIpFor(testInfo: Pick<TestInfo, 'testId' | 'retry'>): string {
  const [a, b, c] = createHash('sha256').update(`${testInfo.testId}#${testInfo.retry}`).digest();
  return `10.${a}.${b}.${Math.max(1, c! % 255)}`;
}

/**
 * The main e2e server's device limit for the run: none ('0'). The model-based specs log the demo
 * students in once per path, dozens in a minute, beside tests that hold a session meanwhile.
 */
export const E2E_DEVICE_LIMIT = 0;

/** A site param on a server outside production (the developer route GET/PUT /dev/site-params/:key); `request` carries the server's origin. */
export async function siteParam(request: APIRequestContext, key: string): Promise<string | null> {
  const res = await request.get(`/dev/site-params/${encodeURIComponent(key)}`);
  if (!res.ok()) throw new Error(`GET /dev/site-params/${key}: HTTP ${res.status()}`);
  return ((await res.json()) as { data: { value: string | null } }).data.value;
}

export async function setSiteParam(request: APIRequestContext, key: string, value: string): Promise<void> {
  const res = await request.put(`/dev/site-params/${encodeURIComponent(key)}`, { data: { value } });
  if (!res.ok()) throw new Error(`PUT /dev/site-params/${key}: HTTP ${res.status()} ${(await res.text()).slice(0, 200)}`);
}

export interface WorkerFixtures {
  /** Auto, once per worker: the main server's device limit lifted to E2E_DEVICE_LIMIT unless already set. */
  deviceLimitRaised: void;
}

export const test = base.extend<AppFixtures, WorkerFixtures>({
  deviceLimitRaised: [
    async ({ playwright }, use, workerInfo) => {
      // The project's baseURL is the main server's SPA (…/new/); the developer route lives at its root.
      const origin = new URL(workerInfo.project.use.baseURL ?? 'http://127.0.0.1:18931/new/').origin;
      const api = await playwright.request.newContext({ baseURL: origin });
      try {
        // Set already: by an earlier worker, or lowered on purpose by a spec running now (which puts it back).
        if ((await siteParam(api, SITE_SETTING_KEYS.deviceLimit)) === null) await setSiteParam(api, SITE_SETTING_KEYS.deviceLimit, String(E2E_DEVICE_LIMIT));
      } finally {
        await api.dispose();
      }
      await use();
    },
    { scope: 'worker', auto: true },
  ],
  /**
   * Like a person who waits for a page to finish loading before using it: after `goto` and
   * `reload`, a page the server rendered is used once the app has taken it over (it shows its
   * content before; a click on a control then would be lost).
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== 'commit') await appReady(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil !== 'commit') await appReady(page);
        return response;
      };
    }
    await use(page);
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => use({ ...extraHTTPHeaders, 'x-forwarded-for': clientIpFor(testInfo) }),
  allowedPageErrors: [[], { option: true }],
  allowedCspViolations: [[], { option: true }],
  cspViolations: [
    async ({ context, allowedCspViolations }, use, testInfo) => {
      const violations: string[] = [];
      // Chromium reports every violation (a blocked load, inline code, a frame refused by its own
      // frame-ancestors) in the console of the frame concerned, and the context hears every page and
      // frame: no init script or binding to slow each new page and frame down.
      context.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) violations.push(`${msg.text()} (in ${msg.location().url || msg.page()?.url() || '?'})`);
      });
      await use(violations);
      const unexpected = unexpectedCspViolations(violations, allowedCspViolations);
      if (unexpected.length > 0) {
        const text = unexpected.join('\n');
        await testInfo.attach('csp-violations', { body: text, contentType: 'text/plain' });
        if (testInfo.status === 'passed') throw new Error(`The browser reported ${unexpected.length} Content-Security-Policy violation(s):\n${text}`);
      }
    },
    { auto: true },
  ],
  consoleErrors: async ({ page }, use) => {
    const messages: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') messages.push(msg.text());
    });
    await use(messages);
  },
  pageErrors: [
    async ({ page, allowedPageErrors, consoleErrors }, use, testInfo) => {
      const errors: Error[] = [];
      page.on('pageerror', (err) => errors.push(err));
      await use(errors);
      if (consoleErrors.length > 0) {
        await testInfo.attach('console-errors', { body: consoleErrors.join('\n'), contentType: 'text/plain' });
      }
      const unexpected = errors.filter((e) => !allowedPageErrors.some((re) => re.test(`${e.name}: ${e.message}`)));
      if (unexpected.length > 0) {
        const text = unexpected.map((e) => e.stack || `${e.name}: ${e.message}`).join('\n\n');
        await testInfo.attach('page-errors', { body: text, contentType: 'text/plain' });
        // A test that already failed keeps its own error; the page errors are attached to it.
        if (testInfo.status === 'passed') throw new Error(`The page threw ${unexpected.length} uncaught error(s):\n${text}`);
      }
    },
    { auto: true },
  ],
});
