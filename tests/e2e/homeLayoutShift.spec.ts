/**
 * The home page does not jump while it loads (issue 9, point 7): the layout-shift entries the
 * browser reports (PerformanceObserver 'layout-shift', the input of Lighthouse's CLS) add up to at
 * most 0.02, at desktop and phone width, logged out and in. Independent of timing: the slow
 * variants hold back the view's code, every API answer and every image, so each loading stage
 * (boot screen, route fallback, the home skeleton, content without images) is surely painted
 * before the next one replaces it.
 */
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { logInDemo } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';

const CLS_LIMIT = 0.02;
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;
/** Long enough for the browser to paint the stage before it, short enough for the test's time. */
const HOLD_MS = 400;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __xtShifts?: Shift[];
  }
}

/** Records every layout shift from the first byte of the document on (no user input on the page). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    window.__xtShifts = shifts;
    interface LayoutShiftEntry extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources?: Array<{ node?: Node | null }>;
    }
    const describe = (node: Node | null | undefined): string => {
      if (!node) return '?';
      if (!(node instanceof Element)) return node.nodeName;
      return `${node.tagName.toLowerCase()}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        if (!entry.hadRecentInput) shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Holds back the home view's code, the API answers and the images, each by HOLD_MS. */
async function slowEverything(page: Page): Promise<void> {
  const hold = () => new Promise((resolve) => setTimeout(resolve, HOLD_MS));
  await page.route(
    (url) => /\/assets\/HomeView-[^/]*\.js$/.test(url.pathname),
    async (route) => {
      await hold();
      await route.continue();
    },
  );
  await page.route(
    (url) => url.pathname.includes('/front/api/') || url.pathname.startsWith('/new/demo/'),
    async (route) => {
      await hold();
      await route.continue();
    },
  );
}

/** Waits until the home page is complete: its cards shown, every image decoded, two frames painted. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByTestId('course-card').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('home-banner')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    // Lazy covers below the fold load when scrolled to; those in view must be done.
    await Promise.all(
      Array.from(document.images)
        .filter((img) => img.loading !== 'lazy' || img.getBoundingClientRect().top < window.innerHeight)
        .map((img) =>
          img.complete ? Promise.resolve() : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })).then(() => img.decode()),
        ),
    );
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

async function shiftsOf(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  const shifts = await page.evaluate(() => window.__xtShifts ?? []);
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

for (const viewport of VIEWPORTS) {
  test.describe(`home layout shift, ${viewport.name} ${viewport.width}px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const slow of [false, true]) {
      test(`logged out${slow ? ', every stage held back' : ''}: CLS ≤ ${CLS_LIMIT}`, async ({ page }, testInfo) => {
        await recordShifts(page);
        if (slow) await slowEverything(page);
        await gotoApp(page, '/');
        await settle(page);
        const { total, shifts } = await shiftsOf(page);
        await testInfo.attach('layout-shifts', { body: JSON.stringify({ total, shifts }, null, 2), contentType: 'application/json' });
        expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_LIMIT);
      });
    }

    test(`logged in, the user fetched again while the page loads: CLS ≤ ${CLS_LIMIT}`, async ({ page }, testInfo) => {
      await logInDemo(page);
      // The next visit knows the session but not the user: the header learns the name while the home page loads.
      await page.context().clearCookies({ name: STORAGE_KEYS.userInfoRefreshCookie });
      await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.user);
      await recordShifts(page);
      await slowEverything(page);
      await gotoApp(page, '/');
      await settle(page);
      await expect(page.getByTestId('header-user')).toBeVisible();
      const { total, shifts } = await shiftsOf(page);
      await testInfo.attach('layout-shifts', { body: JSON.stringify({ total, shifts }, null, 2), contentType: 'application/json' });
      expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_LIMIT);
    });
  });
}
