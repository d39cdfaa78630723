/**
 * 学习进度记录 (the design card's progress recording), model-based in Chromium against the real
 * server (issue 21): the paths come from the real progressRecorder machine, as in the jsdom suite
 * (tests/model/progressRecorder.model.test.tsx), and run on the real player with real playback.
 * A new student buys a system course in the sandbox and watches one of its lessons; another tab of
 * theirs holds the recording lock until it closes; the tab is hidden and shown; the student pauses
 * and leaves the lesson. Every record the page sends is held until the path's step lets it through
 * to the server (counted), the network fails under it (kept, retried after the back-off or when the
 * browser is back online), or the server refuses it for good: the student's other device has
 * already been credited with all the time since it opened its lesson, so the page's seconds cannot
 * be real. A record an earlier page of the lesson kept and never got sent is sent first. A
 * visitor's free audition records nothing.
 *
 * The page waits on the media's own clock (how far the picture moved), never on a stretch of wall
 * time; the page's clock (page.clock) stands still while a failed record waits, so the student's
 * screen can be read before the back-off runs out.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import { CATALOG_CALLS } from '../../src/domain/catalog/calls';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { CoursewareInfo, LearnedRecordPayload, LearnedRecordResult } from '../../src/domain/learning/contract';
import { LEARNED_RECORD_INTERVAL_SECONDS } from '../../src/domain/learning/limits';
import { PLAYER_TEXTS as T } from '../../src/domain/learning/player.texts';
import { LEARNING_TEXTS } from '../../src/domain/learning/texts';
import { RETRY_MAX_SECONDS } from '../../src/domain/shared/retry';
import type { ApiError as ApiErrorClass } from '../../src/services/shared/http/ApiError';
import { registerBySms } from './accountHelpers';
import { expect, gotoApp, test } from './fixtures';
import { heldRoutes, pathTitle, runPath } from './model/chromiumModel';
import {
  auditionPaths,
  BACKOFF,
  coverageOf,
  ctx,
  INTERVAL,
  kindOf,
  LEFTOVER,
  LOCK_NAME,
  outboxIs,
  paths,
  titleOf,
  WATCHED_SECONDS,
} from './model/progressRecorderModel';
import {
  api,
  buyCourse,
  currentTime,
  earlierPageLeavesARecord,
  Envelope,
  otherDevice,
  otherTabHoldingTheLock,
  outboxKeys,
  pause,
  play,
  playerPath,
  playUntil,
  progressOf,
  recordPattern,
  recordState,
  setVisible,
  video,
} from './playerHelpers';

test.describe.configure({ timeout: 120_000 });

test('the progressRecorder machine gives Chromium paths through every state, into each by every event the steps perform', () => {
  const reached = new Set([...paths, ...auditionPaths].flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
  expect([...reached].sort()).toEqual(
    [
      '"disabled"',
      ...['idle', 'counting'].flatMap((watch) =>
        ['restoring', 'idle', 'sending', 'waiting', 'dropping']
          .filter((outbox) => !(watch === 'counting' && outbox === 'restoring'))
          // A course without 禁止拖动未学内容: seeking stays free (tests/e2e/seekLimit.spec.ts drives the other seek states).
          .map((outbox) => JSON.stringify({ recording: { watch, outbox, seek: 'free' } })),
      ),
    ].sort(),
  );
  const entered = new Set(paths.flatMap((p) => [...coverageOf(p)].filter((item) => item.includes('←'))));
  expect([...entered].sort()).toEqual(
    [
      'watch.counting ← LOCK',
      'watch.counting ← PLAYING',
      'watch.counting ← shown',
      'watch.counting ← after:interval',
      'watch.idle ← PAUSED',
      'watch.idle ← hidden',
      'watch.idle ← LEAVE',
      'outbox.idle ← restored',
      'outbox.idle ← done:sendRecord',
      'outbox.idle ← done:dropRecord',
      'outbox.sending ← leftover',
      'outbox.sending ← PAUSED',
      'outbox.sending ← LEAVE',
      'outbox.sending ← after:interval',
      'outbox.sending ← ONLINE',
      'outbox.sending ← after:backoff',
      'outbox.waiting ← offline',
      'outbox.dropping ← refused',
    ].sort(),
  );
});

/** What the status line says, as the student reads it. */
function statusText(s: AnyMachineSnapshot): string {
  const { lockHeld, playing, visible, queue } = ctx(s);
  if (!lockHeld && playing && visible) return T.otherTab;
  if (outboxIs(s, 'waiting')) return T.pending(queue.length);
  return queue.length > 0 ? T.saving : T.saved;
}

for (const path of paths) {
  test(`progressRecorder in Chromium: ${titleOf(path)}`, async ({ page, context }) => {
    const kinds = path.steps.slice(1).map((s) => kindOf(s.event));
    await registerBySms(page, '/about');
    await expect(page).toHaveURL(/\/new\/about$/);
    const lesson = await buyCourse(page);
    const device = kinds.includes('refused') ? await otherDevice(page, lesson) : null;
    const leftover = kinds.includes('leftover') ? await earlierPageLeavesARecord(page, lesson) : null;
    let otherTab: Page | null = await otherTabHoldingTheLock(context);

    await page.clock.install();
    const held = heldRoutes(page, { send: recordPattern });
    await held.ready();
    /** The records the page sent (the last one is the one held), those it handed to the browser as it went, and what the server took. */
    const sent: LearnedRecordPayload[] = [];
    const beaconed: LearnedRecordPayload[] = [];
    const taken = new Map<string, number>();
    // Registered after the held route, so it sees each record first: beacons go to the server, the page's sends on to be held.
    await page.route(recordPattern, async (route) => {
      const record = route.request().postDataJSON() as LearnedRecordPayload;
      if (route.request().resourceType() !== 'ping') {
        sent.push(record);
        return route.fallback();
      }
      beaconed.push(record);
      // The page may be gone by then (the test over): nothing waits for this answer.
      await route.continue().catch(() => undefined);
    });
    page.on('response', async (response) => {
      if (!response.url().endsWith(LEARNING_CALLS.addLearnedRecord.path) || response.request().resourceType() === 'ping') return;
      const answer = (await response.json().catch(() => null)) as Envelope<LearnedRecordResult> | null;
      const record = response.request().postDataJSON() as LearnedRecordPayload;
      if (answer?.code === 200) taken.set(record.recordId, record.learnedTime);
    });
    let ticket = '';
    page.on('response', async (response) => {
      if (!response.url().endsWith(LEARNING_CALLS.coursewareInfo.path)) return;
      const answer = (await response.json().catch(() => null)) as Envelope<CoursewareInfo> | null;
      ticket = answer?.data.watchTicket ?? ticket;
    });

    /** What the server should hold: every record it took, and what the page handed to the browser as it went. */
    const expectedTotal = () => {
      const all = new Map(taken);
      for (const r of beaconed) if (!all.has(r.recordId)) all.set(r.recordId, r.learnedTime);
      return [...all.values()].reduce((a, b) => a + b, 0);
    };
    const serverHoldsWhatItTook = () => expect.poll(async () => (await progressOf(page, lesson)).learnedTotalTime - expectedTotal()).toBe(0);

    let left = false;
    let frozen = false;
    /** Where the picture was when the current stretch of counting began (null: not counting). */
    let countingFrom: number | null = null;
    const status = recordState(page).locator(':scope > span:not([class])');
    const percent = recordState(page).locator('.xt-player__percent');
    const refusal = recordState(page).locator('.xt-player__refused');

    await gotoApp(page, playerPath(lesson));
    await expect(video(page)).toBeVisible();

    await runPath(
      path,
      {
        recording: async (s) => {
          const { queue, progress, refused, refusedReason } = ctx(s);
          if (left) {
            // The page is gone: what still waited went with the browser, and the server took it.
            await expect.poll(() => beaconed.length).toBe(queue.length);
            for (const record of beaconed) expect(record).toMatchObject({ courseId: lesson.courseId, coursewareId: lesson.coursewareId, watchTicket: ticket });
            await serverHoldsWhatItTook();
            return;
          }
          // The outbox's first read and a refused record's removal are over before the screen can be read.
          if (outboxIs(s, 'restoring') || outboxIs(s, 'dropping')) return;
          await expect(status).toHaveText(statusText(s));
          if (progress === null) await expect(percent).toHaveCount(0);
          else await expect(percent).toHaveText(T.progress((await progressOf(page, lesson)).studyPercentage));
          if (refused > 0) await expect(refusal).toHaveText(T.refused(refusedReason));
          else await expect(refusal).toHaveCount(0);
        },
        'recording.watch.idle': async (s) => {
          countingFrom = null;
          if (left) return;
          await expect(recordState(page)).toHaveAttribute('data-counting', 'false');
          expect(await page.evaluate(() => document.visibilityState)).toBe(ctx(s).visible ? 'visible' : 'hidden');
        },
        'recording.watch.counting': async () => {
          await expect(recordState(page)).toHaveAttribute('data-counting', 'true');
          expect(await page.evaluate(() => document.visibilityState)).toBe('visible');
          countingFrom ??= await currentTime(page);
          await playUntil(page, countingFrom + WATCHED_SECONDS);
        },
        'recording.outbox.restoring': async () => {
          // This page takes part in recording: it asks for the lock the other tab holds, and the server has taken nothing from it.
          await expect.poll(() => page.evaluate(async () => (await navigator.locks.query()).pending?.map((l) => l.name))).toContain(LOCK_NAME);
          await expect(recordState(page)).toHaveAttribute('data-counting', 'false');
          expect(taken.size).toBe(0);
        },
        'recording.outbox.idle': async () => {
          if (left) return;
          expect(held.isHeld('send')).toBe(false);
          await serverHoldsWhatItTook();
          // Nothing waits: whatever the server answered has left the device.
          await expect.poll(() => page.evaluate(outboxKeys)).toEqual([]);
        },
        'recording.outbox.sending': async (s) => {
          if (left) return;
          await expect.poll(() => held.isHeld('send')).toBe(true);
          const record = sent.at(-1)!;
          const first = ctx(s).queue[0]!;
          if (first.recordId === LEFTOVER.recordId) expect(record).toEqual(leftover);
          else expect(record).toMatchObject({ courseId: lesson.courseId, coursewareId: lesson.coursewareId, coursewareType: 'VIDEO', watchTicket: ticket });
          expect(record.learnedTime).toBeGreaterThanOrEqual(1);
          expect(taken.has(record.recordId)).toBe(false);
          // Kept on the device before it was sent.
          await expect.poll(() => page.evaluate(outboxKeys)).toContain(record.recordId);
        },
        'recording.outbox.waiting': async () => {
          expect(held.isHeld('send')).toBe(false);
          await serverHoldsWhatItTook();
          expect(await page.evaluate(outboxKeys)).toContain(sent.at(-1)!.recordId);
        },
        'recording.outbox.dropping': async () => {
          // Refused: answered, and not counted.
          expect(held.isHeld('send')).toBe(false);
          await serverHoldsWhatItTook();
        },
      },
      {
        'xstate.done.actor.loadPending': async (e) => {
          // The page reads its outbox by itself; what an earlier page left is sent first.
          if ((e as unknown as { output: unknown[] }).output.length > 0) await expect.poll(() => held.isHeld('send')).toBe(true);
        },
        'xstate.done.actor.sendRecord': async () => {
          const answered = page.waitForResponse((r) => r.url().endsWith(LEARNING_CALLS.addLearnedRecord.path) && r.request().resourceType() !== 'ping');
          await held.pass('send');
          expect(((await (await answered).json()) as Envelope<LearnedRecordResult>).data.counted).toBe(true);
        },
        'xstate.error.actor.sendRecord': async (e) => {
          if ((e as unknown as { error: ApiErrorClass }).error.status === 0) {
            // The page's clock stands still while the record waits (the screen is read before the back-off runs out);
            // a second ahead of the page's now, as the clock cannot be paused in the past.
            await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
            frozen = true;
            await held.drop('send');
          } else {
            await device!.claimAllTime();
            const answered = page.waitForResponse((r) => r.url().endsWith(LEARNING_CALLS.addLearnedRecord.path) && r.request().resourceType() !== 'ping');
            await held.pass('send');
            expect(((await (await answered).json()) as Envelope<unknown>).msg).toBe(LEARNING_TEXTS.tooMuchTime);
          }
        },
        // The page removes the refused record from its outbox by itself.
        'xstate.done.actor.dropRecord': async () => {},
        ONLINE: async () => {
          await context.setOffline(true);
          await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
          await context.setOffline(false);
          await expect.poll(() => held.isHeld('send')).toBe(true);
          await page.clock.resume();
          frozen = false;
        },
        [BACKOFF]: async () => {
          expect(frozen).toBe(true);
          await page.clock.resume();
          frozen = false;
          // However long the back-off is, the page waits it by itself: the step is over when the record is sent again.
          await expect.poll(() => held.isHeld('send'), { timeout: (RETRY_MAX_SECONDS + 5) * 1000 }).toBe(true);
        },
        [INTERVAL]: async () => {
          countingFrom = null;
          await expect.poll(() => held.isHeld('send'), { timeout: (LEARNED_RECORD_INTERVAL_SECONDS + 15) * 1000 }).toBe(true);
        },
        LOCK: async () => {
          await otherTab!.close();
          otherTab = null;
        },
        PLAYING: async () => {
          await play(page);
        },
        PAUSED: async () => pause(page),
        VISIBILITY: async (e) => setVisible(page, (e as unknown as { visible: boolean }).visible),
        LEAVE: async () => {
          await page.getByRole('link', { name: T.backToCourse }).click();
          await expect(page).toHaveURL(new RegExp(`/course/detail/${lesson.courseId}$`));
          left = true;
        },
      },
    );
  });
}

for (const path of auditionPaths) {
  test(`progressRecorder in Chromium, a visitor's free audition: ${pathTitle(path)}`, async ({ page }) => {
    const courses = await api<{ records: { id: number }[] }>(page, 'POST', CATALOG_CALLS.coursePageList.path, { type: 'SYS', size: 50 });
    const recordsSent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(LEARNING_CALLS.addLearnedRecord.path)) recordsSent.push(request.url());
    });
    // Without a courseware, a visitor's player opens the course's first free audition.
    await gotoApp(page, `/course-player/${courses.records[0]!.id}`);
    await runPath(
      path,
      {
        disabled: async () => {
          await expect(video(page)).toBeVisible();
          await play(page);
          await playUntil(page, (await currentTime(page)) + 1);
          await pause(page);
          await expect.poll(() => video(page).evaluate((el: HTMLVideoElement) => el.paused)).toBe(true);
          // Nothing is recorded: no status line, no lock asked for, no record sent.
          await expect(recordState(page)).toHaveCount(0);
          const locks = await page.evaluate(async () => {
            const { held = [], pending = [] } = await navigator.locks.query();
            return [...held, ...pending].map((l) => l.name);
          });
          expect(locks).not.toContain(LOCK_NAME);
          expect(recordsSent).toEqual([]);
        },
      },
      {},
    );
  });
}
