/**
 * Public pages rendered on the server (issue 23) in a real browser at 375 px:
 * - with no JavaScript at all (a crawler that runs none), a course's page shows its title, price,
 *   chapters and teacher, and the home page its courses;
 * - with JavaScript, the app takes the server's HTML over without replacing it (the nodes the
 *   parser made are the ones the page keeps), without asking the server for the page's data again,
 *   with no layout shift and no console error (React reports a hydration mismatch there), even when
 *   the app's code is held back so the server's page is surely painted first;
 * - the page then works as the app: a SKU is chosen, a link navigates inside the app, and a
 *   logged-in visitor's name appears in the header.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { CatalogueNode, CourseDetails, CourseListItem } from '../../src/domain/catalog/contract';
import { DEMO, logInDemo, logInInModal } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';

test.use({ viewport: { width: 375, height: 812 } });

const HOLD_MS = 400;

async function apiData<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const res = method === 'GET' ? await request.get(url) : await request.post(url, { data: data ?? {} });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function aSysCourse(request: APIRequestContext): Promise<{ course: CourseDetails; chapters: CatalogueNode[] }> {
  const list = await apiData<{ records: CourseListItem[] }>(request, 'POST', '/products/front/api/course/getPageList', { type: 'SYS', size: 50 });
  const item = list.records.find((c) => c.lessonCount > 0 && !c.title.includes('建设工程经济'))!;
  const course = await apiData<CourseDetails>(request, 'GET', `/products/front/api/course/getDetails/${item.id}`);
  const chapters = await apiData<CatalogueNode[]>(request, 'POST', `/products/front/api/catalogue/getCatalogueList/${item.id}`, { parentId: 0 });
  return { course, chapters };
}

declare global {
  interface Window {
    __xtShift?: number;
    __xtParsed?: Element[];
    __xtAsked?: string[];
  }
}

/**
 * Before any script of the page: sums layout shifts, keeps the elements the HTML parser made under
 * #root (once parsing is done, before the app's deferred module runs), and lists the API calls made.
 */
async function watchTakeOver(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__xtShift = 0;
    window.__xtAsked = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) window.__xtShift! += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') window.__xtParsed = Array.from(document.querySelectorAll('#root h1, #root h2, #root a, #root img'));
    });
  });
  page.on('request', (request) => {
    if (request.url().includes('/front/api/')) void page.evaluate((url) => window.__xtAsked?.push(url), request.url()).catch(() => {});
  });
}

/** Holds back the app's own code, so the server's HTML is painted before the app takes it over. */
async function holdAppCode(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/new/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue();
    },
  );
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * The app has taken the page over: React is attached to #root, and the page's code has all come
 * (a part whose code is still on its way stays the server's HTML until it arrives; a click there
 * is an ordinary link to a server-rendered page).
 */
async function takenOver(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')))).toBe(true);
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a course page shows its title, price, chapters and teachers; home shows its courses', async ({ page, request }) => {
    const { course, chapters } = await aSysCourse(request);
    const res = await page.goto(`course/detail/${course.id}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
    // The price the page shows is the one its JSON-LD offers.
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (text) => JSON.parse(text) as { '@type': string; offers?: { price: string }[] },
    );
    const price = ld.find((item) => item['@type'] === 'Course')?.offers?.[0]?.price;
    expect(price).toBeTruthy();
    await expect(page.locator('main')).toContainText(`¥${price}`);
    for (const chapter of chapters) await expect(page.locator('main')).toContainText(chapter.name);
    for (const teacher of course.teachers) await expect(page.locator('main')).toContainText(teacher.name);
    expect(await page.title()).toContain(course.title);

    await page.goto('./');
    await expect(page.getByTestId('course-card').first()).toBeVisible();
    const missing = await page.goto('course/detail/99999999');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '课程不存在或已下架' })).toBeVisible();
  });
});

test('the app takes a course page over as it is: same nodes, no new asks for its data, no shift, no error', async ({ page, request }) => {
  const { course } = await aSysCourse(request);
  const errors = consoleErrors(page);
  await watchTakeOver(page);
  await holdAppCode(page);
  await gotoApp(page, `/course/detail/${course.id}`);
  await takenOver(page);
  await expect(page.getByRole('complementary', { name: '学习顾问' }).getByText('扫码咨询')).toBeVisible();
  const kept = await page.evaluate(() => {
    const parsed = window.__xtParsed ?? [];
    return { parsed: parsed.length, connected: parsed.filter((node) => node.isConnected).length };
  });
  expect(kept.parsed).toBeGreaterThan(10);
  expect(kept.connected).toBe(kept.parsed);
  const asked = await page.evaluate(() => window.__xtAsked ?? []);
  expect(asked.filter((url) => /\/course\/getDetails\/|\/course\/getSkuList\/|\/catalogue\/getCatalogueList\//.test(url))).toEqual([]);
  expect(await page.evaluate(() => window.__xtShift)).toBe(0);
  expect(errors).toEqual([]);

  // It works as the app: a chapter opens (its level is asked for now), a SKU is chosen, buying asks for a login.
  const chapter = page.locator('.xt-catalogue > li > .xt-catalogue__toggle').first();
  await chapter.click();
  await expect(chapter).toHaveAttribute('aria-expanded', 'true');
  const radios = page.getByRole('group', { name: '选择班型' }).getByRole('radio');
  await radios.last().check();
  await expect(radios.last()).toBeChecked();
  await page.getByRole('button', { name: '立即购买' }).click();
  await logInInModal(page);
  await expect(page).toHaveURL(new RegExp(`/new/submit-order/${course.id}\\?skuId=`));
});

test('home and a course list are taken over with no shift; a card link then navigates inside the app', async ({ page }) => {
  const errors = consoleErrors(page);
  await watchTakeOver(page);
  await holdAppCode(page);
  await gotoApp(page, '/course/pro-course');
  await takenOver(page);
  expect(await page.evaluate(() => window.__xtShift)).toBe(0);
  await gotoApp(page, '/');
  await takenOver(page);
  expect(await page.evaluate(() => window.__xtShift)).toBe(0);
  const card = page.getByTestId('course-card').first();
  const title = (await card.locator('.xt-course-card__title').textContent())?.trim() ?? '';
  await page.evaluate(() => ((window as { __xtSameDocument?: boolean }).__xtSameDocument = true));
  await card.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // No new document: the app navigated and loaded the course itself.
  expect(await page.evaluate(() => (window as { __xtSameDocument?: boolean }).__xtSameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test('a logged-in visitor gets the logged-in header from the server and the name once the app takes over', async ({ page }) => {
  await logInDemo(page);
  const errors = consoleErrors(page);
  await watchTakeOver(page);
  await gotoApp(page, '/hc/pay-type');
  await takenOver(page);
  await expect(page.getByTestId('header-user')).toContainText(DEMO.nickname);
  await expect(page.getByTestId('header-login')).toHaveCount(0);
  expect(await page.evaluate(() => window.__xtShift)).toBe(0);
  expect(errors).toEqual([]);
});
