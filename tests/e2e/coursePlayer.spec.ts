/**
 * Issue 11's player journeys with real playback in Chromium (HLS with AES-128 through hls.js) on
 * the real server: watching moves the percentage, a reload resumes where it stopped, 30 s offline
 * lose nothing, a hidden tab does not count, and no record is sent for a course that is not
 * recorded (not owned, FREE, ADD). The demo student's records: these tests run one after another.
 *
 * The tests wait on the media's own clock (how far the picture moved), never on a fixed stretch of
 * wall time: a busy machine makes them slower, not wrong. What was counted is compared with what
 * really played, measured at the moments the test changed something.
 */
import type { Page, Request } from '@playwright/test';
import type { CourseStudyProgress, MyCourseList } from '../../src/domain/learning/contract';
import { DEMO } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { play, video } from './playerHelpers';

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

/** Pauses; answers where the picture stopped. */
const pause = (page: Page) =>
  video(page).evaluate((el: HTMLVideoElement) => {
    el.pause();
    return el.currentTime;
  });
const currentTime = (page: Page) => video(page).evaluate((el: HTMLVideoElement) => el.currentTime);

/**
 * Pauses, then waits until what was watched has reached the server: the recorder stopped counting
 * (the pause's record joins its queue in that same step) and its queue is empty again. Only then
 * is the server's total complete ("学习进度已记录" alone also shows before the pause is handled).
 */
async function pauseAndSave(page: Page): Promise<number> {
  const at = await pause(page);
  const state = page.getByTestId('record-state');
  await expect(state).toHaveAttribute('data-counting', 'false');
  await expect(state).toContainText('学习进度已记录');
  return at;
}

/** Lets the video play on until its picture has moved `seconds` further (media time: however long that takes). */
async function playOn(page: Page, seconds: number): Promise<void> {
  const from = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 90_000, intervals: [100] }).toBeGreaterThanOrEqual(from + seconds);
}

/**
 * Whether everything from the playhead to the end is buffered (holes under 0.5 s aside), the last
 * segment included (its picture may end a second or two before the duration): the player then
 * needs no network.
 */
const bufferedToEnd = (page: Page) =>
  video(page).evaluate((el: HTMLVideoElement) => {
    let end = -1;
    for (let i = 0; i < el.buffered.length; i++) {
      if (end < 0 && el.buffered.start(i) <= el.currentTime + 0.1 && el.currentTime < el.buffered.end(i)) end = el.buffered.end(i);
      else if (end >= 0 && el.buffered.start(i) - end < 0.5) end = el.buffered.end(i);
    }
    return end >= 0 && end >= el.duration - 3;
  });

/** Says the tab is hidden or visible (the recorder listens to visibilitychange); answers the playhead at that moment. */
const setVisible = (page: Page, visible: boolean) =>
  page.evaluate((shown: boolean) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (shown ? 'visible' : 'hidden') });
    document.dispatchEvent(new Event('visibilitychange'));
    return document.querySelector<HTMLVideoElement>('[data-testid="course-video"]')!.currentTime;
  }, visible);

let sysCourseId = 0;
let coursewareId = 0;
/** Another untouched lesson, for the offline test (it plays that one's end). */
let offlineWareId = 0;

test.beforeEach(async ({ page }) => {
  await logIn(page);
  if (sysCourseId === 0) {
    sysCourseId = (await myCourse(page, 'sys', 'SYS')).courseId;
    // Lessons the demo history has not touched: the player starts at their beginning.
    const untouched = (await outline(page, sysCourseId)).coursewares.filter(
      (c) => c.type === 'VIDEO' && c.duration > 0 && c.studyPercentageInfo.learnedTotalTime === 0,
    );
    coursewareId = untouched[0]!.coursewareId;
    offlineWareId = untouched[1]!.coursewareId;
  }
});

test('watching moves the percentage, and a reload resumes where it stopped', async ({ page }) => {
  const before = await learned(page, sysCourseId, coursewareId);
  await gotoApp(page, `/course-player/${sysCourseId}?coursewareId=${coursewareId}`);
  const start = await play(page);
  await playOn(page, 6);
  const watched = (await pauseAndSave(page)) - start;
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
  await gotoApp(page, `/course-player/${sysCourseId}?coursewareId=${offlineWareId}`);
  // The lesson's last 14 s, all in the buffer before the network goes (hls.js fetches them while
  // paused): offline, the video plays on from it and hls.js asks the network for nothing. (A
  // segment it fails to load ends playback after its retries: a matter of wall-clock time.)
  await expect(video(page)).toBeVisible();
  await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.duration), { timeout: 30_000 }).toBeGreaterThan(60);
  await video(page).evaluate((el: HTMLVideoElement) => {
    el.currentTime = el.duration - 14;
  });
  await expect.poll(() => bufferedToEnd(page), { timeout: 60_000 }).toBe(true);
  const before = await learned(page, sysCourseId, offlineWareId);

  const offlineAt = Date.now();
  await context.setOffline(true);
  const start = await currentTime(page);
  await video(page).evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
  await playOn(page, 6);
  const watched = (await pause(page)) - start;
  await expect(page.getByTestId('record-state')).toContainText('待上传');
  await page.waitForTimeout(Math.max(0, 30_000 - (Date.now() - offlineAt)));
  await context.setOffline(false);

  await expect(page.getByTestId('record-state')).toContainText('学习进度已记录', { timeout: 15_000 });
  const after = await learned(page, sysCourseId, offlineWareId);
  expect(watched).toBeGreaterThan(3);
  expect(Math.abs(after - before - watched)).toBeLessThanOrEqual(1.5);
});

test('a hidden tab does not count', async ({ page }) => {
  await gotoApp(page, `/course-player/${sysCourseId}?coursewareId=${coursewareId}`);
  const before = await learned(page, sysCourseId, coursewareId);
  // Hidden from the start: the lesson plays (and resumes where it stopped) without counting. Each
  // change of visibility reads the playhead at that very moment, so what played while visible is
  // known exactly, whenever the player started.
  await expect(page.getByTestId('record-state')).toBeVisible();
  await expect(video(page)).toBeVisible();
  await setVisible(page, false);
  await play(page);
  await playOn(page, 2);
  const shownAt = await setVisible(page, true);
  await playOn(page, 3);
  const hiddenAt = await setVisible(page, false);
  // Hidden again, the video plays on (only the page says it is hidden): 6 s of it must not count.
  await playOn(page, 6);
  const shownAgainAt = await setVisible(page, true);
  await playOn(page, 3);
  const stoppedAt = await pauseAndSave(page);
  const visible = hiddenAt - shownAt + (stoppedAt - shownAgainAt);
  expect(shownAgainAt - hiddenAt).toBeGreaterThanOrEqual(6);
  // What played while visible counts (whole seconds, ±1); the hidden parts, 8 s and more, are not in it.
  const total = (await learned(page, sysCourseId, coursewareId)) - before;
  expect(total).toBeGreaterThanOrEqual(Math.floor(visible) - 1);
  expect(total).toBeLessThanOrEqual(Math.ceil(visible) + 1);
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
    await playOn(page, 2.5);
    await pause(page);
    await expect(page.getByTestId('record-state')).toHaveCount(0);
  }
  await page.waitForTimeout(1_000);
  expect(sent).toEqual([]);
});
