/**
 * Issue 20 point 5, the mobile redirect at start-up (src/main.tsx, mobileRedirectTarget): on the
 * variant build (VITE_MOBILE_ORIGIN=https://m.xuetu.test) a phone and an iPad, iPadOS included (a
 * Mac's user agent with touch points), land on the mapped page of the mobile site with the route
 * params and the query kept; a desktop and the app's webview stay; without the setting (the normal
 * build) a phone stays. The mobile site is a stub page (context.route).
 */
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { VARIANT, VARIANT_PORT } from '../../playwright.config';
import { expect, test } from './fixtures';

const VARIANT_APP = `http://127.0.0.1:${VARIANT_PORT}/new/`;
const PAGE = 'course/detail/5?qd=abc&x=1';
const MAPPED = `${VARIANT.mobileOrigin}/pages/course/detail?courseId=5&qd=abc&x=1`;

const UA = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPadOld: 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

/** A page in a context of its own (user agent, touch), the mobile site stubbed. */
async function openAs(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...options, locale: 'zh-CN' });
  await context.route(`${VARIANT.mobileOrigin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>学途手机版</title><p>mobile site</p>' }),
  );
  return context.newPage();
}

/** Stays on the desktop site: the app starts (the course page renders) and the URL is unchanged. */
async function expectStays(page: Page, url: string): Promise<void> {
  await expect(page.locator('#root main, #root .xt-page').first()).toBeVisible();
  expect(page.url()).toBe(url);
}

test('an iPhone goes to the mapped mobile page with the param and the query', async ({ browser }) => {
  const page = await openAs(browser, { userAgent: UA.iPhone, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto(VARIANT_APP + PAGE);
  await expect(page).toHaveURL(MAPPED);
  await expect(page.getByText('mobile site')).toBeVisible();
  await page.context().close();
});

test('an Android phone and an old-UA iPad go there too', async ({ browser }) => {
  for (const userAgent of [UA.android, UA.iPadOld]) {
    const page = await openAs(browser, { userAgent, hasTouch: true });
    await page.goto(VARIANT_APP + PAGE);
    await expect(page).toHaveURL(MAPPED);
    await page.context().close();
  }
});

test('iPadOS (a Mac user agent with touch points) goes there; a desktop Mac without touch stays', async ({ browser }) => {
  // Chromium's hasTouch reports navigator.maxTouchPoints = 1, which a touch-screen laptop reports
  // too; an iPad reports 5: an init script gives the page what iPadOS says.
  const probe = await openAs(browser, { userAgent: UA.mac, hasTouch: true });
  await probe.goto(`http://127.0.0.1:${VARIANT_PORT}/healthz`);
  expect(await probe.evaluate(() => navigator.maxTouchPoints)).toBe(1);
  await probe.context().close();

  const ipad = await openAs(browser, { userAgent: UA.mac, viewport: { width: 1024, height: 1366 }, hasTouch: true });
  await ipad.addInitScript(() => Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5 }));
  await ipad.goto(VARIANT_APP + PAGE);
  await expect(ipad).toHaveURL(MAPPED);
  await ipad.context().close();

  const mac = await openAs(browser, { userAgent: UA.mac, viewport: { width: 1280, height: 800 } });
  await mac.goto(VARIANT_APP + PAGE);
  expect(await mac.evaluate(() => navigator.maxTouchPoints)).toBe(0);
  await expectStays(mac, VARIANT_APP + PAGE);
  await mac.context().close();
});

test('inside the app webview (its user agent mark) a phone stays', async ({ browser }) => {
  const page = await openAs(browser, { userAgent: `${UA.iPhone} XuetuApp/2.5.0`, hasTouch: true, isMobile: true });
  await page.goto(VARIANT_APP + PAGE);
  await expectStays(page, VARIANT_APP + PAGE);
  await page.context().close();
});

test('without VITE_MOBILE_ORIGIN (the normal build) a phone stays', async ({ browser, baseURL }) => {
  const page = await openAs(browser, { userAgent: UA.iPhone, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto(baseURL! + PAGE);
  await expectStays(page, baseURL! + PAGE);
  await page.context().close();
});
