/**
 * Issue 11's player journeys with real playback in Chromium (HLS with AES-128 through hls.js) on
 * the real server: watching moves the percentage, a reload resumes where it stopped, 30 s offline
 * lose nothing, a hidden tab does not count, and no record is sent for a course that is not
 * recorded (not owned, FREE, ADD). The demo student's records: these tests run one after another.
 */
import type { Page, Request } from '@playwright/test';
import type { CourseStudyProgress, MyCourseList } from '../../src/domain/learning/contract';
import { DEMO } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Envelope<T> = { code: number; msg: string; data: T };

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const res = await page.request.fetch(path, { method, ...(data === undefined ? {} : { data }) });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(200);
  return body.data;
}

async function logIn(page: Page): Promise<void> {
  await gotoApp(page, '/uc/login?redirect=%2Fabout');
  await page.getByTestId('tab-password').click();
  await page.getByTestId('mobile-input').fill(DEMO.mobile);
  await page.getByTestId('password-input').fill(DEMO.password);
  await page.getByTestId('agreement').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/new\/about$/);
}

/** The demo student's system course with a study history (other tests may grant them more courses). */
const DEMO_SYS_COURSE = '2027一级建造师《建设工程经济》精讲班';

async function myCourses(page: Page, tab: 'sys' | 'free' | 'add') {
  return (await api<MyCourseList>(page, 'GET', `/usercenter/front/api/userproduct/getMyCourseList?tab=${tab}&size=50`)).records;
}

async function myCourse(page: Page, tab: 'sys' | 'free' | 'add', type: string) {
  const list = await myCourses(page, tab);
  const course = list.find((c) => c.courseType === type && !c.expired && (type !== 'SYS' || c.title === DEMO_SYS_COURSE));
  expect(course, `${tab}/${type}`).toBeDefined();
  return course!;
}

async function outline(page: Page, courseId: number): Promise<CourseStudyProgress> {
  return api<CourseStudyProgress>(page, 'GET', `/products/front/api/catalogue/getStudyPercentage/${courseId}`);
}

async function learned(page: Page, courseId: number, coursewareId: number): Promise<number> {
  return (await outline(page, courseId)).coursewares.find((c) => c.coursewareId === coursewareId)!.studyPercentageInfo.learnedTotalTime;
}

const video = (page: Page) => page.getByTestId('course-video');

/** Plays (muted: autoplay rules) and waits until the picture really moves. */
async function play(page: Page): Promise<void> {
  await expect(video(page)).toBeVisible();
  await video(page).evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
  await expect
    .poll(() => video(page).evaluate((el: HTMLVideoElement) => !el.paused && el.readyState >= 3 && el.currentTime > 0.2), { timeout: 30_000 })
    .toBe(true);
}

const pause = (page: Page) => video(page).evaluate((el: HTMLVideoElement) => el.pause());
const currentTime = (page: Page) => video(page).evaluate((el: HTMLVideoElement) => el.currentTime);

let sysCourseId = 0;
let coursewareId = 0;

test.beforeEach(async ({ page }) => {
  await logIn(page);
  if (sysCourseId === 0) {
    sysCourseId = (await myCourse(page, 'sys', 'SYS')).courseId;
    // A lesson the demo history has not touched: the player starts at its beginning.
    coursewareId = (await outline(page, sysCourseId)).coursewares.find(
      (c) => c.type === 'VIDEO' && c.duration > 0 && c.studyPercentageInfo.learnedTotalTime === 0,
    )!.coursewareId;
  }
});

test('watching moves the percentage, and a reload resumes where it stopped', async ({ page }) => {
  const before = await learned(page, sysCourseId, coursewareId);
  await gotoApp(page, `/course-player/${sysCourseId}?coursewareId=${coursewareId}`);
  await play(page);
  const start = await currentTime(page);
  await page.waitForTimeout(6_000);
  await pause(page);
  const watched = (await currentTime(page)) - start;
  await expect(page.getByTestId('record-state')).toContainText('学习进度已记录');
  await expect.poll(() => learned(page, sysCourseId, coursewareId)).toBeGreaterThanOrEqual(before + Math.floor(watched) - 1);
  const total = await learned(page, sysCourseId, coursewareId);
  expect(total - before).toBeLessThanOrEqual(Math.ceil(watched) + 1);
  await expect(page.getByTestId('record-state')).toContainText(/已学 \d+%/);

  const stoppedAt = await currentTime(page);
  await page.reload();
  await expect(video(page)).toBeVisible();
  await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(Math.floor(stoppedAt) - 1);
});

test('30 seconds offline lose no watched second', async ({ page, context }) => {
  await gotoApp(page, `/course-player/${sysCourseId}?coursewareId=${coursewareId}`);
  await play(page);
  // Some picture in the buffer before the network goes.
  await page.waitForTimeout(3_000);
  await pause(page);
  await expect(page.getByTestId('record-state')).toContainText('学习进度已记录');
  const before = await learned(page, sysCourseId, coursewareId);

  const offlineAt = Date.now();
  await context.setOffline(true);
  const start = await currentTime(page);
  await video(page).evaluate((el: HTMLVideoElement) => el.play());
  await page.waitForTimeout(20_000);
  await pause(page);
  const watched = (await currentTime(page)) - start;
  await expect(page.getByTestId('record-state')).toContainText('待上传');
  await page.waitForTimeout(Math.max(0, 30_000 - (Date.now() - offlineAt)));
  await context.setOffline(false);

  await expect(page.getByTestId('record-state')).toContainText('学习进度已记录', { timeout: 15_000 });
  const after = await learned(page, sysCourseId, coursewareId);
  expect(watched).toBeGreaterThan(3);
  expect(Math.abs(after - before - watched)).toBeLessThanOrEqual(1.5);
});

test('a hidden tab does not count', async ({ page }) => {
  await gotoApp(page, `/course-player/${sysCourseId}?coursewareId=${coursewareId}`);
  const before = await learned(page, sysCourseId, coursewareId);
  await play(page);
  await page.waitForTimeout(3_000);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(8_000);
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(3_000);
  await pause(page);
  await expect(page.getByTestId('record-state')).toContainText('学习进度已记录');
  await expect.poll(() => learned(page, sysCourseId, coursewareId)).toBeGreaterThan(before + 3);
  // About 6 s visible; the 8 s hidden are not in it.
  expect((await learned(page, sysCourseId, coursewareId)) - before).toBeLessThanOrEqual(8);
});

test('no record is sent for a course not owned, a FREE or an ADD course', async ({ page }) => {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/userLearnedRecord/add')) sent.push(request);
  });
  const free = await myCourse(page, 'free', 'FREE');
  const add = await myCourse(page, 'add', 'ADD');
  // A paid course the student does not own: its free audition plays, unrecorded.
  const courses = await api<{ records: { id: number; type: string }[] }>(page, 'POST', '/products/front/api/course/getPageList', { type: 'SYS', size: 50 });
  // Another test may have given the student a course or two: a stranger is one they do not own.
  const owned = new Set((await myCourses(page, 'sys')).map((c) => c.courseId));
  const stranger = courses.records.find((c) => !owned.has(c.id))!;
  for (const courseId of [free.courseId, add.courseId, stranger.id]) {
    const wares = (await outline(page, courseId)).coursewares.filter((c) => c.type === 'VIDEO');
    const ware = courseId === stranger.id ? wares.find((c) => c.freeAudition) : wares[0];
    expect(ware, String(courseId)).toBeDefined();
    await gotoApp(page, `/course-player/${courseId}?coursewareId=${ware!.coursewareId}`);
    await play(page);
    await page.waitForTimeout(2_500);
    await pause(page);
    await expect(page.getByTestId('record-state')).toHaveCount(0);
  }
  await page.waitForTimeout(1_000);
  expect(sent).toEqual([]);
});
