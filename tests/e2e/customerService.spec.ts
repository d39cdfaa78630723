/**
 * Issue 20 point 3, the floating customer-service button, on the real servers: on the variant build
 * (VITE_CHAT_SCRIPT set, its host in CSP_SCRIPT_HOSTS) the chat host is asked nothing before the
 * click and exactly once after it; on the normal build the contact panel shows the seeded details;
 * on the player, the answering screen and checkout, at 375×812 and 1280×800, the button never
 * covers the player's controls, the answer sheet or the pay button, wherever they are scrolled to.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { CourseListItem } from '../../src/domain/catalog/contract';
import type { PaperListItem } from '../../src/domain/questionBank/contract';
import { VARIANT, VARIANT_PORT } from '../../playwright.config';
import { DEMO } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { handInWrittenPaper, horizontalOverflow, logIn, newStudent } from './questionBankReportHelpers';

test.describe.configure({ timeout: 120_000 });

const VARIANT_APP = `http://127.0.0.1:${VARIANT_PORT}/new/`;
const button = (page: Page) => page.getByTestId('customer-service');

async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
}

test('variant build: the chat script is requested only after the click, exactly once', async ({ page }) => {
  const chatRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(VARIANT.chatHost)) chatRequests.push(r.url());
  });
  // The vendor's script: a tiny one that marks the window and says it opened its window.
  await page.route(`${VARIANT.chatHost}/**`, (route) =>
    route.fulfill({ contentType: 'application/javascript', body: 'window.__chatLoaded = (window.__chatLoaded || 0) + 1;' }),
  );
  await page.goto(VARIANT_APP);
  await expect(button(page)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(chatRequests).toEqual([]);

  await button(page).click();
  await expect.poll(() => page.evaluate(() => (window as { __chatLoaded?: number }).__chatLoaded ?? 0)).toBe(1);
  await expect(button(page)).toHaveAttribute('aria-busy', 'false');
  expect(chatRequests).toEqual([VARIANT.chatScript]);
  await expect(page.locator('script[data-chat-script]')).toHaveCount(1);

  // Another click: the script defined no hook to reopen it, so the contact panel; the vendor is not asked again.
  await button(page).click();
  await expect(page.getByRole('dialog', { name: '联系客服' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(chatRequests).toEqual([VARIANT.chatScript]);
});

test('variant build: a chat script that fails to load falls back to the contact panel', async ({ page }) => {
  await page.route(`${VARIANT.chatHost}/**`, (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.goto(VARIANT_APP);
  await button(page).click();
  const dialog = page.getByRole('dialog', { name: '联系客服' });
  await expect(dialog.getByRole('alert')).toContainText('在线客服暂时无法连接');
  await expect(dialog.getByRole('link', { name: '400-618-2027' })).toBeVisible();
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`normal build at ${viewport.width}px: the contact panel with the seeded details, no sideways scroll, axe clean`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const chatRequests: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('http://127.0.0.1')) chatRequests.push(r.url());
    });
    await gotoApp(page, '/');
    await expect(button(page)).toBeVisible();
    await expect(button(page)).toHaveAccessibleName('联系在线客服');
    await button(page).click();
    const dialog = page.getByRole('dialog', { name: '联系客服' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: '400-618-2027' })).toHaveAttribute('href', 'tel:4006182027');
    await expect(dialog.getByText('xuetu-kefu')).toBeVisible();
    await expect(dialog.getByText('周一至周日 9:00-21:00')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'service@xuetu.example.com' })).toBeVisible();
    // Focus is in the dialog; Escape closes it and gives focus back to the button.
    await expect(dialog.getByRole('button', { name: '关闭' })).toBeFocused();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button(page)).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    expect(chatRequests).toEqual([]);
  });
}

/** Waits two frames: the button places itself on the frame after a scroll. */
const settle = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/**
 * Scrolls each kept-clear control to the top, the middle and the bottom of the screen (and the page
 * to both ends) and checks each time that the button, when shown, does not overlap it.
 */
async function expectNeverCovers(page: Page, selector: string): Promise<void> {
  const targets = page.locator(selector);
  await expect(targets.first()).toBeVisible();
  const positions: string[] = ['top of page', 'end of page'];
  for (let i = 0; i < (await targets.count()); i++) for (const block of ['start', 'center', 'end']) positions.push(`${i}:${block}`);
  for (const position of positions) {
    if (position === 'top of page') await page.evaluate(() => window.scrollTo(0, 0));
    else if (position === 'end of page') await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    else {
      const [index, block] = position.split(':') as [string, ScrollLogicalPosition];
      await targets.nth(Number(index)).evaluate((el, b) => el.scrollIntoView({ block: b }), block);
    }
    await settle(page);
    const hidden = await button(page).evaluate((el) => getComputedStyle(el).visibility === 'hidden');
    if (hidden) continue;
    const b = (await button(page).boundingBox())!;
    for (let i = 0; i < (await targets.count()); i++) {
      const t = await targets.nth(i).boundingBox();
      if (!t) continue;
      const overlap = b.x < t.x + t.width && b.x + b.width > t.x && b.y < t.y + t.height && b.y + b.height > t.y;
      expect(overlap, `${selector} #${i} at ${position}: button ${JSON.stringify(b)} over ${JSON.stringify(t)}`).toBe(false);
    }
  }
  // Back at the top, the button is there to be used.
  await page.evaluate(() => window.scrollTo(0, 0));
  await settle(page);
  await expect(button(page)).toBeVisible();
}

const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

test('the player: the button never covers the video and its controls', async ({ page }) => {
  await logIn(page);
  const res = await page.request.get('/usercenter/front/api/userproduct/getMyCourseList?tab=sys&size=50');
  const courses = ((await res.json()) as { data: { records: { courseId: number; courseType: string; expired: boolean }[] } }).data.records;
  const course = courses.find((c) => c.courseType === 'SYS' && !c.expired);
  expect(course, `${DEMO.mobile} owns a system course`).toBeDefined();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await gotoApp(page, `/course-player/${course!.courseId}`);
    await expect(page.getByTestId('course-video')).toBeVisible();
    await expectNeverCovers(page, '[data-testid="course-video"], .xt-player__controls');
    expect(await horizontalOverflow(page)).toBe(0);
  }
});

test('the answering screen: the button never covers the answer sheet (or the bar with 交卷)', async ({ page }) => {
  await newStudent(page);
  const list = await page.request.post('/questionbank/front/api/paper/getPageList', { data: { current: 1, size: 50, paperType: 'REAL' } });
  const paper = ((await list.json()) as { data: { records: PaperListItem[] } }).data.records.find((p) => p.free)!;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await gotoApp(page, `/question-bank/learn-center/${paper.id}?mode=practice`);
    await expect(page.locator('.xt-answer__question')).toBeVisible();
    await expectNeverCovers(page, 'nav[aria-label="答题卡"], .xt-answer__bar');
    expect(await horizontalOverflow(page)).toBe(0);
  }
});

test('checkout: the button never covers the pay button', async ({ page }) => {
  await newStudent(page);
  const list = await page.request.post('/products/front/api/course/getPageList', { data: { type: 'SYS', size: 50 } });
  const course = ((await list.json()) as { data: { records: CourseListItem[] } }).data.records[0]!;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await gotoApp(page, `/submit-order/${course.id}`);
    const pay = page.getByRole('button', { name: '提交订单' });
    await expect(pay).toBeVisible();
    await expectNeverCovers(page, '.xt-checkout__submit');
    expect(await horizontalOverflow(page)).toBe(0);
  }
});

/**
 * Scrolls the page from top to bottom in steps and, at each, lists the controls (buttons, fields)
 * the shown button overlaps: kept-clear or not, it must cover none.
 */
async function coveredControlsWhileScrolling(page: Page): Promise<string[]> {
  const covered: string[] = [];
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  for (let y = 0; y <= height + 150; y += 150) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await settle(page);
    covered.push(
      ...(await page.evaluate(() => {
        const cs = document.querySelector<HTMLElement>('[data-testid="customer-service"]');
        if (!cs || getComputedStyle(cs).visibility === 'hidden') return [];
        const b = cs.getBoundingClientRect();
        return [...document.querySelectorAll<HTMLElement>('button, input:not([type="hidden"]), select, textarea')]
          .filter((el) => el !== cs && !cs.contains(el))
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 1 && r.height > 1 && b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top;
          })
          .map((el) => `${el.tagName} "${(el.textContent ?? '').trim().slice(0, 20)}" at scrollY ${window.scrollY}`);
      })),
    );
  }
  return covered;
}

test('at 375 px the button covers no control anywhere on a long page (the course list, the marking page)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await gotoApp(page, '/course/pro-course');
  await expect(page.getByRole('link', { name: /课/ }).first()).toBeVisible();
  expect(await coveredControlsWhileScrolling(page)).toEqual([]);
  await logIn(page);
  const { record } = await handInWrittenPaper(page);
  await gotoApp(page, `/question-bank/learn-center-mark/${record.id}`);
  await expect(page.getByRole('button', { name: '提交批阅' })).toBeVisible();
  expect(await coveredControlsWhileScrolling(page)).toEqual([]);
});
