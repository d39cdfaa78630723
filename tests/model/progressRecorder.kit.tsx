/**
 * The course player as a system under test for the progressRecorder's model-based paths: course 7's
 * lesson 70 as an MP4 in the real view, with what the browser around it does stood in for (each the
 * way the browser does it):
 * - the media: the <video> element's own events, its currentTime set first (jsdom plays nothing);
 * - the tab: document.visibilityState with visibilitychange, pagehide when the page goes away (the
 *   records then go by navigator.sendBeacon, which the page records), the window's online event;
 * - the Web Locks API: another tab holds the recording lock until a step grants it to this one;
 * - the outbox: the real durable queue on fake-indexeddb (a fresh database per path), whose read at
 *   the start waits for a step (it may find what an earlier page left, or fail to read), and whose
 *   removal of a refused record waits for a step too (it may fail);
 * - the server: msw holds each learning record until a step answers it.
 * Each step moves the clock 5 s (the time the student spends on it); the recorder's interval and
 * back-off are fake timers the steps run.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { HttpResponse } from 'msw';
import { setTimeout as sleep } from 'node:timers/promises';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { CoursewareInfo, LearnedRecordPayload, PlayerConfig } from '../../src/domain/learning/contract';
import { forgetLearningOutbox, openLearningOutbox, type LearningOutbox } from '../../src/services/learning/learningOutbox';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CoursePlayerView from '../../src/views/learning/player/CoursePlayerView';
import { advance, eventually, gate, type Gate } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { CONFIG, info, OUTLINE, RESULT } from '../unit/learning/player.fixtures';

const PLAYER_PATH = '/course-player/7?coursewareId=70';
/** A lesson the student has not started: playback begins at 0 (no resume seek). */
const LESSON: CoursewareInfo = info({ studyPercentageInfo: { learnedTotalTime: 0, studyPercentage: 0, progressBar: 0 } });
/** A visitor's free audition: it plays, and nothing is recorded (no watch ticket). */
export const AUDITION: CoursewareInfo = info({ owned: false, freeAudition: true, recordable: false, watchTicket: null });
export const DURATION = LESSON.duration;
export const VIDEO: PlayerConfig = { ...CONFIG, kind: 'mp4', url: '/media/70/lecture.mp4?uid=1&exp=9999999999&sig=x' };
/** What every record of the lesson carries (the recorder's input). */
export const BASE = {
  courseId: LESSON.courseId,
  coursewareId: LESSON.coursewareId,
  coursewareName: LESSON.coursewareName,
  coursewareType: LESSON.type,
  stageId: LESSON.stageId,
  watchTicket: LESSON.watchTicket!,
};
/** A record an earlier page of this lesson kept and never got sent (a reload, a crash). */
export const LEFTOVER: LearnedRecordPayload = { ...BASE, learnedTime: 12, progressBar: 90, recordId: 'record-left-by-an-earlier-page' };
export const REFUSAL = '学习时长异常，本次记录未被采纳';
/** How the outbox's own storage fails (a broken or evicted IndexedDB). */
const STORAGE_FAILURE = 'IndexedDB: the database connection is closing';
export const STEP_MS = 5000;

const realLoad = HTMLMediaElement.prototype.load;
const realLocks = Object.getOwnPropertyDescriptor(navigator, 'locks');
const realBeacon = Object.getOwnPropertyDescriptor(navigator, 'sendBeacon');

/** jsdom's Blob has no text(): its FileReader reads it. */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable beacon'));
    reader.readAsText(blob);
  });
}

interface Held {
  gate: Gate<Response>;
  record: LearnedRecordPayload;
}

/** The player page of one path: what it sent, what it keeps, what waits on a step. */
export function recorderPage() {
  let info: CoursewareInfo = LESSON;
  let config: PlayerConfig = VIDEO;
  /** Set: the player config waits for a step (answerConfig) instead of answering at once. */
  let configGate: Gate<void> | null = null;
  let send: Held | null = null;
  let restore: Gate<void> | null = null;
  let restoreFails = false;
  let drop: Gate<boolean> | null = null;
  let dropArmed = false;
  let grantLock: (() => void) | null = null;
  /** This path's outbox, on a database of its own (what an earlier path left late never lands in it). */
  let disk: LearningOutbox | null = null;

  /** The real outbox on the path's own database; its first read and a refused record's removal wait for steps. */
  const gatedOutbox = (disk: LearningOutbox): LearningOutbox => ({
    durable: disk.durable,
    put: (record) => disk.put(record),
    async remove(recordId) {
      if (dropArmed) {
        dropArmed = false;
        drop = gate<boolean>();
        if (!(await drop.promise)) throw new Error(STORAGE_FAILURE);
      }
      return disk.remove(recordId);
    },
    async all() {
      restore = gate();
      await restore.promise;
      if (restoreFails) throw new Error(STORAGE_FAILURE);
      return disk.all();
    },
  });

  const page = {
    /** Every record the server received, in order. */
    sent: [] as LearnedRecordPayload[],
    /** What the page handed to navigator.sendBeacon during the last step. */
    beacons: [] as Blob[],
    /** The last step performed (a state check tells apart what only one step does). */
    lastStep: '',
    /** Where the student last dragged the playhead (the page may have sent it back since). */
    lastDragTo: 0,
    /** The outbox's records whose removal failed: they stay on the device. */
    stuck: 0,
    handlers: [
      ...sessionHandlers,
      answer(LEARNING_CALLS.studyPercentage, OUTLINE),
      answer(LEARNING_CALLS.coursewareInfo, () => ok(info)),
      answer(LEARNING_CALLS.ccConfig, async () => {
        if (configGate) await configGate.promise;
        return ok(config);
      }),
      answer(LEARNING_CALLS.addLearnedRecord, async ({ request }) => {
        const record = (await request.json()) as LearnedRecordPayload;
        page.sent.push(record);
        send = { gate: gate<Response>(), record };
        return send.gate.promise;
      }),
    ],
    /** The records the last step handed to the browser to send after the page is gone. */
    beaconed: async () => Promise.all(page.beacons.map(async (blob) => JSON.parse(await textOf(blob)) as LearnedRecordPayload)),
    /** The record the server holds unanswered, if any. */
    held: () => send?.record ?? null,
    restoring: () => restore !== null,
    dropping: () => drop !== null,
    video: () => screen.getByTestId('course-video') as HTMLVideoElement,
    recordState: () => screen.queryByTestId('record-state'),
    /** Every step starts here: what the last one handed to the browser is forgotten. */
    did(name: string) {
      page.lastStep = name;
      page.beacons = [];
    },
    /** A step of the student or the browser: it takes STEP_MS, then it happens. */
    async step(name: string, perform: () => void | Promise<void>): Promise<void> {
      page.did(name);
      vi.setSystemTime(Date.now() + STEP_MS);
      await act(async () => {
        await perform();
      });
    },
    /** The media element fires `type` with the playhead at `position`. */
    media(type: 'playing' | 'pause' | 'waiting' | 'timeUpdate' | 'ended' | 'seeking', position: number) {
      Object.defineProperty(page.video(), 'currentTime', { configurable: true, writable: true, value: position });
      fireEvent[type](page.video());
    },
    /** The student drags the playhead to `position` (the media seeks there); the page may send it back. */
    async drag(position: number) {
      page.lastDragTo = position;
      await page.step('SEEKING', () => page.media('seeking', position));
    },
    setVisible(visible: boolean) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
      document.dispatchEvent(new Event('visibilitychange'));
    },
    /** The other tab lets the lock go: this one holds it now. */
    grantLock() {
      grantLock!();
    },
    /** The outbox's first read returns: what `earlier` pages left, or a failure to read. */
    async answerRestore(earlier: readonly LearnedRecordPayload[] | 'fails') {
      page.did('restore');
      await eventually(() => expect(restore).not.toBeNull());
      restoreFails = earlier === 'fails';
      for (const record of earlier === 'fails' ? [] : earlier) await disk!.put(record);
      const g = restore!;
      restore = null;
      await act(async () => g.open());
    },
    /** The server answers the held record: counted, refused for good (the outbox then removes it), or no answer at all. */
    async answerSend(reply: 'counted' | 'refused' | 'offline') {
      page.did('send');
      await eventually(() => expect(send).not.toBeNull());
      const held = send!;
      send = null;
      dropArmed = reply === 'refused';
      const response = reply === 'counted' ? ok(RESULT) : reply === 'refused' ? fail(REFUSAL, 400) : HttpResponse.error();
      await act(async () => held.gate.open(response));
    },
    /** The outbox's removal of the refused record ends: done, or failed (the record stays on the device). */
    async answerDrop(removed: boolean) {
      page.did('drop');
      await eventually(() => expect(drop).not.toBeNull());
      const g = drop!;
      drop = null;
      if (!removed) page.stuck += 1;
      await act(async () => g.open(removed));
    },
    /** A timer of the page runs out (the fake clock moves `ms`). */
    async runTimers(name: string, ms: number) {
      page.did(name);
      await advance(ms);
    },
    /** The records the device keeps, once the outbox has caught up with `count` of them. */
    async expectKept(count: number): Promise<LearnedRecordPayload[]> {
      const started = performance.now();
      for (;;) {
        const kept = await disk!.all();
        if (kept.length === count || performance.now() - started > 5000) {
          expect(kept).toHaveLength(count);
          return kept;
        }
        await act(async () => {
          await sleep(5);
        });
      }
    },
    /** The held player config answers (setup with `holdConfig`). */
    async answerConfig() {
      page.did('config');
      const g = configGate!;
      configGate = null;
      await act(async () => g.open());
      await eventually(() => expect(page.video()).toBeTruthy());
    },
    /** `options.config`: the lesson's player config (default: an MP4 with no seek limit); `holdConfig`: it waits for answerConfig. */
    async setup(shown: CoursewareInfo = LESSON, options: { config?: PlayerConfig; holdConfig?: boolean } = {}): Promise<() => void> {
      info = shown;
      config = options.config ?? VIDEO;
      configGate = options.holdConfig ? gate<void>() : null;
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      send = null;
      restore = null;
      restoreFails = false;
      drop = null;
      dropArmed = false;
      grantLock = null;
      page.sent = [];
      page.beacons = [];
      page.lastStep = '';
      page.stuck = 0;
      page.lastDragTo = 0;
      forgetLearningOutbox();
      disk = await openLearningOutbox(new IDBFactory());
      forgetLearningOutbox(gatedOutbox(disk));
      page.setVisible(true);
      renderView(CoursePlayerView, PLAYER_PATH, { pattern: '/course-player/:id', loggedIn: shown.owned });
      if (!configGate) await eventually(() => expect(page.video()).toBeTruthy());
      // A recorded lesson asks for the lock as it starts.
      // (The player and its recorder wait for the config: a held one answers first.)
      if (shown.watchTicket && !configGate) await eventually(() => expect(grantLock).not.toBeNull());
      return () => {
        // What is still held gets an answer, so nothing lands later in another path.
        send?.gate.open(ok(RESULT));
        restore?.open();
        drop?.open(true);
        configGate?.open();
        cleanup();
        dismissAllToasts();
        forgetLearningOutbox();
        vi.useRealTimers();
      };
    },
  };

  /** The browser around the page, for the whole file. */
  const browser = {
    install() {
      // jsdom plays nothing: a detached element's load() (mediaSource's detach) does nothing either.
      HTMLMediaElement.prototype.load = () => {};
      // Another tab holds the recording lock until a step grants it to this one.
      const locks = {
        request: (_name: string, callback: () => Promise<void>) => {
          grantLock = () => void callback();
          return new Promise<void>(() => {});
        },
      };
      Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
      Object.defineProperty(navigator, 'sendBeacon', {
        configurable: true,
        value: (_url: string, body: Blob) => page.beacons.push(body) > 0,
      });
    },
    uninstall() {
      HTMLMediaElement.prototype.load = realLoad;
      for (const [key, descriptor] of [
        ['locks', realLocks],
        ['sendBeacon', realBeacon],
      ] as const) {
        if (descriptor) Object.defineProperty(navigator, key, descriptor);
        else delete (navigator as unknown as Record<string, unknown>)[key];
      }
      delete (document as unknown as Record<string, unknown>).visibilityState;
    },
  };
  return { page, browser };
}

/** The page of a model suite file, with its server (msw) and browser stand-ins installed for the whole file. */
export function recorderSuite(): ReturnType<typeof recorderPage>['page'] {
  const { page, browser } = recorderPage();
  const server = setupServer(...page.handlers);
  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    browser.install();
  });
  afterAll(() => {
    browser.uninstall();
    server.close();
  });
  return page;
}
