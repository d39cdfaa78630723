/**
 * Issue 24's moving watermark in Chromium at 375 px, on the real server: a paid lesson of the demo
 * student shows their masked mobile and moves; removing its element or hiding it with a style
 * sheet does not get rid of it (a removal pauses the video); in the stage's fullscreen it is inside
 * the fullscreen element; a free audition has none. The watermark's own clock is the page's: the
 * waits are bounded by its intervals (src/domain/learning/watermark.ts), never a guess.
 */
import type { Page } from '@playwright/test';
import type { CourseStudyProgress, MyCourseList } from '../../src/domain/learning/contract';
import { WATERMARK_CHECK_MS, WATERMARK_MOVE_MS } from '../../src/domain/learning/watermark';
import { DEMO, logInDemo } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { api, play, video } from './playerHelpers';

test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ viewport: { width: 375, height: 812 } });

/** The demo student's system course (seeded as theirs). */
const DEMO_SYS_COURSE = '2027一级建造师《建设工程经济》精讲班';
const MASKED = `${DEMO.mobile.slice(0, 3)}****${DEMO.mobile.slice(7)}`;

const outline = (page: Page, courseId: number) => api<CourseStudyProgress>(page, 'GET', `/products/front/api/catalogue/getStudyPercentage/${courseId}`);

let paidLesson = '';

test.beforeEach(async ({ page }) => {
  await logInDemo(page);
  if (!paidLesson) {
    const mine = await api<MyCourseList>(page, 'GET', '/usercenter/front/api/userproduct/getMyCourseList?tab=sys&size=50');
    const course = mine.records.find((c) => c.title === DEMO_SYS_COURSE && !c.expired)!;
    const lesson = (await outline(page, course.courseId)).coursewares.find((c) => c.type === 'VIDEO' && c.duration > 60 && !c.freeAudition)!;
    paidLesson = `/course-player/${course.courseId}?coursewareId=${lesson.coursewareId}`;
  }
});

const watermark = (page: Page) => page.getByTestId('watermark');
const box = async (page: Page) => (await watermark(page).boundingBox())!;

test("a paid lesson shows the student's masked mobile over the video, and it moves", async ({ page }) => {
  await gotoApp(page, paidLesson);
  await expect(video(page)).toBeVisible();
  await expect(watermark(page)).toBeVisible();
  await expect(watermark(page)).toHaveText(new RegExp(`^${MASKED.replace(/\*/g, '\\*')} \\d\\d-\\d\\d \\d\\d:\\d\\d$`));
  const picture = (await video(page).boundingBox())!;
  const first = await box(page);
  // Whole over the picture, at 375 px too.
  expect(first.x).toBeGreaterThanOrEqual(picture.x - 1);
  expect(first.x + first.width).toBeLessThanOrEqual(picture.x + picture.width + 1);
  expect(first.y).toBeGreaterThanOrEqual(picture.y - 1);
  expect(first.y + first.height).toBeLessThanOrEqual(picture.y + picture.height + 1);
  // Every move goes to another zone of the picture: within two intervals it has moved.
  await expect
    .poll(
      async () => {
        const now = await box(page);
        return Math.abs(now.x - first.x) > 5 || Math.abs(now.y - first.y) > 5;
      },
      { timeout: 2 * WATERMARK_MOVE_MS, intervals: [250] },
    )
    .toBe(true);
});

test('removing its element brings a fresh one back at once, and the video is paused', async ({ page }) => {
  await gotoApp(page, paidLesson);
  await play(page);
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="watermark"]')!;
    (window as unknown as { removedMark: Element }).removedMark = el;
    el.remove();
  });
  await expect(watermark(page)).toBeVisible({ timeout: 1_500 });
  expect(await page.evaluate(() => document.querySelector('[data-testid="watermark"]') !== (window as unknown as { removedMark: Element }).removedMark)).toBe(
    true,
  );
  await expect(watermark(page)).toHaveText(new RegExp(`^${MASKED.replace(/\*/g, '\\*')} `));
  expect(await video(page).evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
});

test('a style sheet hiding it does not hide it', async ({ page }) => {
  await gotoApp(page, paidLesson);
  await play(page);
  // Through the CSSOM, as one would in devtools (the page's CSP refuses a <style> element).
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      '[data-testid="watermark"], .xt-player__stage > div:last-child { display: none !important; visibility: hidden !important; opacity: 0 !important; }',
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  // Two checks later: still shown, as the page draws it, and nothing had to pause the video.
  await page.waitForTimeout(2 * WATERMARK_CHECK_MS);
  await expect(watermark(page)).toBeVisible();
  const style = await watermark(page).evaluate((el) => {
    const s = getComputedStyle(el);
    return { display: s.display, visibility: s.visibility, opacity: Number(s.opacity) };
  });
  expect(style.display).toBe('block');
  expect(style.visibility).toBe('visible');
  expect(style.opacity).toBeGreaterThan(0.5);
  expect(await video(page).evaluate((el: HTMLVideoElement) => el.paused)).toBe(false);
});

test('全屏 puts the stage in fullscreen, the watermark inside it and visible', async ({ page }) => {
  await gotoApp(page, paidLesson);
  await expect(video(page)).toBeVisible();
  expect(await video(page).getAttribute('controlslist')).toBe('nofullscreen');
  await page.getByRole('button', { name: '全屏' }).click();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const full = document.fullscreenElement;
        return !!full && full.classList.contains('xt-player__stage') && !!full.querySelector('[data-testid="watermark"]');
      }),
    )
    .toBe(true);
  await expect(page.getByRole('button', { name: '退出全屏' })).toBeVisible();
  await expect(watermark(page)).toBeVisible();
  const picture = (await video(page).boundingBox())!;
  await expect
    .poll(async () => {
      const now = await box(page);
      return (
        now.x >= picture.x - 1 &&
        now.x + now.width <= picture.x + picture.width + 1 &&
        now.y >= picture.y - 1 &&
        now.y + now.height <= picture.y + picture.height + 1
      );
    })
    .toBe(true);
  await page.getByRole('button', { name: '退出全屏' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  await expect(watermark(page)).toBeVisible();
});

test('a free audition has no watermark', async ({ page }) => {
  const owned = new Set(
    (await api<MyCourseList>(page, 'GET', '/usercenter/front/api/userproduct/getMyCourseList?tab=sys&size=50')).records.map((c) => c.courseId),
  );
  const courses = await api<{ records: { id: number }[] }>(page, 'POST', '/products/front/api/course/getPageList', { type: 'SYS', size: 50 });
  let audition = '';
  for (const course of courses.records.filter((c) => !owned.has(c.id))) {
    const ware = (await outline(page, course.id)).coursewares.find((c) => c.type === 'VIDEO' && c.freeAudition);
    if (ware) {
      audition = `/course-player/${course.id}?coursewareId=${ware.coursewareId}`;
      break;
    }
  }
  expect(audition, 'a course the student does not own, with a free audition').not.toBe('');
  await gotoApp(page, audition);
  await play(page);
  // A check's time after playing: the watermark would be drawn by now.
  await page.waitForTimeout(WATERMARK_CHECK_MS);
  await expect(watermark(page)).toHaveCount(0);
  expect(await video(page).evaluate((el: HTMLVideoElement) => el.paused)).toBe(false);
});
