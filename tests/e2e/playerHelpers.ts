/** The course player in the browser for the progress-recording paths: a bought lesson, playback, the other tab and device, the outbox. */
import type { BrowserContext, Page } from '@playwright/test';
import { CATALOG_CALLS } from '../../src/domain/catalog/calls';
import { COMMERCE_CALLS, COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { CourseStudyProgress, CoursewareInfo, LearnedRecordPayload } from '../../src/domain/learning/contract';
import { WALL_CLOCK_SLACK_SECONDS } from '../../src/domain/learning/limits';
import { LEARNING_TEXTS } from '../../src/domain/learning/texts';
import { expect, gotoApp } from './fixtures';
import { LOCK_NAME, WATCHED_SECONDS } from './model/progressRecorderModel';

export type Envelope<D> = { code: number; msg: string; data: D };

export async function api<D>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<D> {
  const res = await page.request.fetch(path, { method, ...(data === undefined ? {} : { data }) });
  const body = (await res.json()) as Envelope<D>;
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(200);
  return body.data;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));

interface Lesson {
  courseId: number;
  coursewareId: number;
  /** Another video lesson of the course (the other device's). */
  otherId: number;
}

/** The student's progress on one lesson, as the server holds it. */
export async function progressOf(page: Page, lesson: Lesson) {
  const outline = await api<CourseStudyProgress>(page, 'GET', withId(LEARNING_CALLS.studyPercentage.path, lesson.courseId));
  return outline.coursewares.find((c) => c.coursewareId === lesson.coursewareId)!.studyPercentageInfo;
}

/** The first system course, its SKU without printed material bought in the sandbox wallet; its first two video lessons. */
export async function buyCourse(page: Page): Promise<Lesson> {
  const courses = await api<{ records: { id: number }[] }>(page, 'POST', CATALOG_CALLS.coursePageList.path, { type: 'SYS', size: 50 });
  const courseId = courses.records[0]!.id;
  const skus = await api<{ skus: { id: number; shipsMaterial: boolean }[] }>(page, 'POST', withId(CATALOG_CALLS.courseSkuList.path, courseId), {});
  const order = await api<{ orderId: number }>(page, 'POST', COMMERCE_EXTRA_CALLS.orderCreate.path, {
    courseId,
    skuId: skus.skus.find((s) => !s.shipsMaterial)!.id,
  });
  const qr = await api<{ codeUrl: string }>(page, 'POST', COMMERCE_CALLS.unifiedPay.path, { orderId: order.orderId, channel: 'SANDBOX' });
  // What the sandbox "phone" posts when 确认支付 is pressed on the QR's page.
  const ticket = new URL(qr.codeUrl, page.url()).searchParams.get('ticket')!;
  expect((await page.request.post(new URL(qr.codeUrl, page.url()).pathname + '/confirm', { form: { ticket } })).ok()).toBe(true);
  expect((await api<{ status: boolean }>(page, 'GET', withId(LEARNING_CALLS.userProductStatus.path, courseId))).status).toBe(true);
  const outline = await api<CourseStudyProgress>(page, 'GET', withId(LEARNING_CALLS.studyPercentage.path, courseId));
  const [first, second] = outline.coursewares.filter((c) => c.type === 'VIDEO' && c.duration > 60);
  return { courseId, coursewareId: first!.coursewareId, otherId: second!.coursewareId };
}

export const playerPath = (lesson: Lesson) => `/course-player/${lesson.courseId}?coursewareId=${lesson.coursewareId}`;
export const recordPattern = `**${LEARNING_CALLS.addLearnedRecord.path}`;
export const video = (page: Page) => page.getByTestId('course-video');
export const recordState = (page: Page) => page.getByTestId('record-state');
export const currentTime = (page: Page) => video(page).evaluate((el: HTMLVideoElement) => el.currentTime);

/** Plays (muted: autoplay rules) and waits until the picture really moves; answers where it started. */
export async function play(page: Page): Promise<number> {
  await expect(video(page)).toBeVisible();
  const from = await video(page).evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    const at = el.currentTime;
    await el.play();
    return at;
  });
  await expect
    .poll(() => video(page).evaluate((el: HTMLVideoElement, at: number) => !el.paused && el.readyState >= 3 && el.currentTime > at + 0.2, from), {
      timeout: 30_000,
    })
    .toBe(true);
  return from;
}

/** Lets the video play on until its picture is at `seconds` (media time: however long that takes). */
export async function playUntil(page: Page, seconds: number): Promise<void> {
  await expect.poll(() => currentTime(page), { timeout: 60_000, intervals: [100] }).toBeGreaterThanOrEqual(seconds);
}

export const pause = (page: Page) => video(page).evaluate((el: HTMLVideoElement) => el.pause());

/** Says the tab is hidden or visible (the recorder listens to visibilitychange). */
export const setVisible = (page: Page, visible: boolean) =>
  page.evaluate((shown: boolean) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (shown ? 'visible' : 'hidden') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);

/** The student's other device opens another lesson of the course (its watch ticket), before any page here records. */
export async function otherDevice(page: Page, lesson: Lesson) {
  const openedBefore = Date.now();
  const info = await api<CoursewareInfo>(page, 'POST', LEARNING_CALLS.coursewareInfo.path, { courseId: lesson.courseId, coursewareId: lesson.otherId });
  let sent = 0;
  return {
    /**
     * The other device is credited with all the time since it opened its lesson: the largest record
     * the server takes, found from above (a refused record changes nothing). The server then has less
     * than a second left to credit the student with (a moment more when the page's record comes),
     * and the page's record holds WATCHED_SECONDS or more.
     */
    async claimAllTime(): Promise<void> {
      let claim = Math.ceil((Date.now() - openedBefore) / 1000) + WALL_CLOCK_SLACK_SECONDS + 1;
      let refusals = 0;
      for (;;) {
        const res = await page.request.post(LEARNING_CALLS.addLearnedRecord.path, {
          data: {
            courseId: info.courseId,
            coursewareId: info.coursewareId,
            coursewareName: info.coursewareName,
            coursewareType: info.type,
            stageId: info.stageId,
            watchTicket: info.watchTicket!,
            learnedTime: claim,
            progressBar: claim,
            recordId: `other-device-${(sent += 1)}`,
          } satisfies LearnedRecordPayload,
        });
        const body = (await res.json()) as Envelope<unknown>;
        if (body.code === 200) break;
        expect(body.msg).toBe(LEARNING_TEXTS.tooMuchTime);
        refusals += 1;
        claim -= 1;
      }
      expect(refusals, 'the first claim asks more than the time since the other device opened its lesson').toBeGreaterThan(0);
    },
  };
}

/** Another tab of the student holds the recording lock (it records elsewhere) until it closes. */
export async function otherTabHoldingTheLock(context: BrowserContext): Promise<Page> {
  const tab = await context.newPage();
  // Any page of the site will do: a light one.
  await tab.goto('/dev/sms-outbox?mobile=0');
  await tab.evaluate(
    (name) =>
      new Promise<void>((granted) => {
        void navigator.locks.request(name, () => {
          granted();
          // Held as long as the tab lives.
          return new Promise<void>(() => undefined);
        });
      }),
    LOCK_NAME,
  );
  return tab;
}

/**
 * An earlier page of the lesson: the student watched and paused, and the tab crashed while the
 * record was on its way. (A page that goes away in order hands its records to the browser, whose
 * beacon reaches the server whatever the test does: only a crash leaves a record nobody sent.)
 */
export async function earlierPageLeavesARecord(page: Page, lesson: Lesson): Promise<LearnedRecordPayload> {
  const earlier = await page.context().newPage();
  let kept: LearnedRecordPayload | null = null;
  await earlier.route(recordPattern, (route) => {
    kept = route.request().postDataJSON() as LearnedRecordPayload;
  });
  await gotoApp(earlier, playerPath(lesson));
  await play(earlier);
  await expect(recordState(earlier)).toHaveAttribute('data-counting', 'true');
  await playUntil(earlier, (await currentTime(earlier)) + WATCHED_SECONDS);
  await pause(earlier);
  await expect.poll(() => kept).not.toBeNull();
  // The record is kept on the device before it is sent: the crash comes once it is there.
  await expect.poll(() => earlier.evaluate(outboxKeys)).toContain(kept!.recordId);
  const crashed = earlier.waitForEvent('crash');
  // The session goes down with the tab: its answer never comes.
  void (await page.context().newCDPSession(earlier)).send('Page.crash').catch(() => undefined);
  await crashed;
  await earlier.close();
  expect((await progressOf(page, lesson)).learnedTotalTime).toBe(0);
  return kept!;
}

/** The record ids in the page's learning outbox (IndexedDB, src/services/learning/learningOutbox.ts), read in the page. */
export function outboxKeys(): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('xuetu-learning');
    open.onerror = () => reject(open.error ?? new Error('xuetu-learning: not opened'));
    open.onsuccess = () => {
      const db = open.result;
      const keys = db.transaction('entries').objectStore('entries').getAllKeys();
      keys.onerror = () => reject(keys.error ?? new Error('xuetu-learning: not read'));
      keys.onsuccess = () => {
        db.close();
        resolve(keys.result.map(String));
      };
    };
  });
}
