/**
 * Issue 24's 禁止拖动未学内容 in Chromium at 375 px, on the real server: 备考小园丁 owns 《综合素质》 (a
 * course with the setting) through the 教资 pack, and the demo has them stopped 20 s before the end
 * of its first lesson. A drag past that point is sent back to it; a drag back is free; once the
 * lesson has played to its end, dragging is free, there and after a reload (the server now has the
 * lesson completed). The waits follow the media's own clock, never a fixed stretch of wall time.
 */
import type { Page } from '@playwright/test';
import type { CourseStudyProgress, MyCourseList } from '../../src/domain/learning/contract';
import { PLAYER_TEXTS as T } from '../../src/domain/learning/player.texts';
import { NATURAL_PLAY_STEP_SECONDS, SEEK_AHEAD_TOLERANCE_SECONDS } from '../../src/domain/learning/recording';
import { DEMO_2, logInBySmsHere, passCaptchaInTestMode } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { api, currentTime, play, recordState, video } from './playerHelpers';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 375, height: 812 } });

/** The pack 备考小园丁 owns, and the guarded course in it. */
const PACK = '教师资格证笔试全科套餐';
const GUARDED_COURSE = '《综合素质》';

const guard = (page: Page) => page.getByTestId('seek-guard');
/** Moves the playhead as a drag on the scrubber does; answers where it is once the media has settled. */
async function drag(page: Page, to: number): Promise<number> {
  await video(page).evaluate((el: HTMLVideoElement, at: number) => {
    el.currentTime = at;
  }, to);
  await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.seeking)).toBe(false);
  return currentTime(page);
}

test('a drag past the furthest point watched goes back to it; after the end, dragging is free', async ({ page }) => {
  // By SMS: another test changes this student's password during the run.
  await passCaptchaInTestMode(page);
  await gotoApp(page, '/uc/login?redirect=%2Fabout');
  await logInBySmsHere(page, DEMO_2.mobile);
  await expect(page).toHaveURL(/\/new\/about$/);

  const mine = await api<MyCourseList>(page, 'GET', '/usercenter/front/api/userproduct/getMyCourseList?tab=sys&size=50');
  const pack = mine.records.find((c) => c.title.includes(PACK) && c.courseType === 'PACK' && !c.expired);
  expect(pack, 'the 教资 pack of 备考小园丁').toBeDefined();
  const outline = await api<CourseStudyProgress>(page, 'GET', `/products/front/api/catalogue/getStudyPercentage/${pack!.courseId}`);
  const lesson = outline.coursewares.find((c) => c.type === 'VIDEO' && !c.freeAudition && c.studyPercentageInfo.learnedTotalTime > 0);
  expect(lesson, `a begun lesson of ${GUARDED_COURSE}`).toBeDefined();
  const { duration } = lesson!;
  const furthest = lesson!.studyPercentageInfo.learnedTotalTime;

  await gotoApp(page, `/course-player/${pack!.courseId}?coursewareId=${lesson!.coursewareId}`);
  await expect(video(page)).toBeVisible();
  await expect(guard(page)).toHaveText(T.seekGuarded);
  await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.duration), { timeout: 30_000 }).toBeGreaterThan(duration - 2);

  // Past the furthest point: back to it, and the page says why.
  const landed = await drag(page, duration - 5);
  expect(landed).toBeLessThanOrEqual(furthest + SEEK_AHEAD_TOLERANCE_SECONDS);
  expect(landed).toBeGreaterThanOrEqual(furthest - NATURAL_PLAY_STEP_SECONDS);
  await expect(guard(page)).toHaveText(T.seekSnapped);
  // Back: free.
  expect(await drag(page, 60)).toBeCloseTo(60, 0);

  // Plays on from the furthest point to the end (at 2x): from then on dragging is free.
  await drag(page, furthest);
  await video(page).evaluate((el: HTMLVideoElement) => {
    el.playbackRate = 2;
  });
  await play(page);
  await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.ended), { timeout: 60_000 }).toBe(true);
  await expect(guard(page)).toBeHidden();
  expect(await drag(page, 100)).toBeCloseTo(100, 0);
  expect(await drag(page, duration - 10)).toBeCloseTo(duration - 10, 0);
  await expect(recordState(page)).toContainText('学习进度已记录', { timeout: 15_000 });

  // The server has the lesson completed: the next visit is free from the start.
  await page.reload();
  await expect(video(page)).toBeVisible();
  await expect(recordState(page)).toBeVisible();
  await expect(guard(page)).toBeHidden();
  await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.duration), { timeout: 30_000 }).toBeGreaterThan(duration - 2);
  expect(await drag(page, duration - 30)).toBeCloseTo(duration - 30, 0);
});
