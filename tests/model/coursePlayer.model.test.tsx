/**
 * The course player's load, model-based: paths from the real coursePlayer machine drive the real
 * view at /course-player/7 (no courseware named: where the student stopped, else the first). The
 * catalogue, the courseware's info and its media link wait on msw gates that path steps answer: a
 * video to play, a courseware whose link could not be had (重试 asks for a fresh one), a course with
 * nothing to open, a failure and its 重新加载; the rate picked under the video is kept.
 *
 * The courseware sends no learning records (no watch ticket): the progress recorder has its own model.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { CATALOG_CALLS } from '../../src/domain/catalog/calls';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { PlayerConfig } from '../../src/domain/learning/contract';
import { PLAYER_TEXTS as T } from '../../src/domain/learning/player.texts';
import type { PlaybackRate } from '../../src/domain/learning/recording';
import { httpErrorText } from '../../src/domain/shared/errors';
import { coursePlayerMachine } from '../../src/machines/learning/coursePlayer.machine';
import { forgetLearningOutbox, MemoryOutbox } from '../../src/services/learning/learningOutbox';
import type { PlayerData } from '../../src/services/learning/player.data';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CoursePlayerView from '../../src/views/learning/player/CoursePlayerView';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { CONFIG, info, OUTLINE } from '../unit/learning/player.fixtures';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';
import { heldCalls } from './learningQb.kit';

/** An MP4 plays in the element itself (hls.js is mediaAttachment's model). */
const VIDEO: PlayerConfig = { ...CONFIG, kind: 'mp4', url: '/media/70/lecture.mp4?uid=1&exp=9999999999&sig=x' };
const FRESH: PlayerConfig = { ...VIDEO, url: '/media/70/lecture.mp4?uid=1&exp=9999999999&sig=y' };
const INFO = info({ recordable: false, watchTicket: null });
const NO_LINK = '该课件的播放地址暂不可用';
const SERVER_ERROR = httpErrorText(500)!;
const EMPTY_OUTLINE = { ...OUTLINE, coursewares: [] };

const WITH_VIDEO: PlayerData = { info: INFO, config: VIDEO, mediaError: null, outline: OUTLINE };
const WITHOUT_LINK: PlayerData = { info: INFO, config: null, mediaError: NO_LINK, outline: OUTLINE };

// A failing check waits 5 s for the screen (eventually): let it report rather than time out.
vi.setConfig({ testTimeout: 15_000 });
type Call = 'outline' | 'info' | 'config';
const calls = heldCalls<Call>();
const server = setupServer(
  ...sessionHandlers,
  answer(LEARNING_CALLS.studyPercentage, calls.held('outline')),
  answer(LEARNING_CALLS.lastLearnedRecord, null),
  answer(CATALOG_CALLS.firstAudition, null),
  answer(LEARNING_CALLS.coursewareInfo, calls.held('info')),
  answer(LEARNING_CALLS.ccConfig, calls.held('config')),
);
const realLoad = HTMLMediaElement.prototype.load;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom plays nothing: a detached element's load() (mediaSource's detach) does nothing either.
  HTMLMediaElement.prototype.load = () => {};
});
afterAll(() => {
  HTMLMediaElement.prototype.load = realLoad;
  server.close();
});

type Snap = ReturnType<typeof coursePlayerMachine.getInitialSnapshot>;
type Media = { config: PlayerConfig | null; mediaError: string | null };

function events(s: Snap) {
  const config = s.context.data?.config ?? null;
  return [
    { type: 'xstate.done.actor.loadPlayer', output: WITH_VIDEO },
    { type: 'xstate.done.actor.loadPlayer', output: WITHOUT_LINK },
    { type: 'xstate.done.actor.loadPlayer', output: null },
    { type: 'xstate.error.actor.loadPlayer', error: new Error(SERVER_ERROR) },
    { type: 'RETRY' },
    // 重试 shows where there is no link to play; the rate picker under a video.
    ...(s.matches('ready') && config === null ? [{ type: 'RELOAD_MEDIA' }] : []),
    ...(s.matches('ready') && config !== null ? [{ type: 'SET_RATE', rate: s.context.rate === 1.5 ? 1 : 1.5 }] : []),
    { type: 'xstate.done.actor.loadMedia', output: { config: FRESH, mediaError: null } },
    { type: 'xstate.done.actor.loadMedia', output: { config: null, mediaError: NO_LINK } },
  ];
}

const video = () => screen.queryByTestId('course-video') as HTMLVideoElement | null;
const rateSelect = () => screen.getByRole('combobox', { name: T.rate }) as HTMLSelectElement;

describeModel('coursePlayer on /course-player/7', {
  machine: coursePlayerMachine,
  input: { courseId: 7, coursewareId: null, loggedIn: true },
  start: '登录后打开 /course-player/7（课程学习页，链接未指定课节）',
  events: events as never,
  serializeState: (s: Snap) => JSON.stringify([s.value, s.context.data?.config?.url ?? null]),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.pending('outline')).toBeDefined());
      expect(screen.getByRole('status').textContent).toContain(T.loading);
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    },
    empty: async () => {
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toContain(T.notOwned));
      expect(screen.getByRole('link', { name: T.buy }).getAttribute('href')).toBe('/course/detail/7');
      expect(video()).toBeNull();
    },
    failed: async () => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain(SERVER_ERROR));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(video()).toBeNull();
    },
    ready: async (s: Snap) => {
      const config = s.context.data!.config;
      await eventually(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(INFO.coursewareName));
      const catalogue = screen.getByRole('navigation', { name: T.catalogue });
      expect(within(catalogue).getByRole('link', { current: true }).textContent).toContain(INFO.coursewareName);
      expect((screen.getByRole('button', { name: T.previous }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('button', { name: T.next }) as HTMLButtonElement).disabled).toBe(false);
      expect(calls.pending('config')).toBeUndefined();
      if (config) {
        // The media is in the element, at the rate the student picked.
        await eventually(() => expect(video()?.getAttribute('src')).toBe(config.url));
        expect(rateSelect().value).toBe(String(s.context.rate));
        expect(video()!.playbackRate).toBe(s.context.rate);
        expect(screen.queryByRole('alert')).toBeNull();
      } else {
        await eventually(() => expect(screen.getByRole('alert').textContent).toContain(NO_LINK));
        expect(within(screen.getByRole('alert')).getByRole('button', { name: T.retry })).toBeTruthy();
        expect(video()).toBeNull();
      }
    },
    // The view shows nothing new while a fresh link is asked for: the courseware stays as it was.
    reloadingMedia: async () => {
      await eventually(() => expect(calls.pending('config')).toBeDefined());
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(INFO.coursewareName);
      expect(screen.getByRole('alert').textContent).toContain(NO_LINK);
    },
  },
  exec: {
    'xstate.done.actor.loadPlayer': async (e: { output: PlayerData | null }) => {
      if (!e.output) return calls.respond('outline', () => ok(EMPTY_OUTLINE));
      const { config } = e.output;
      await calls.respond('outline', () => ok(OUTLINE));
      await calls.respond('info', () => ok(INFO));
      await calls.respond('config', () => (config ? ok(config) : fail(NO_LINK, 400)));
    },
    'xstate.error.actor.loadPlayer': async () => {
      await calls.respond('outline', () => ok(OUTLINE));
      await calls.respond('info', () => fail('boom', 500));
    },
    RETRY: async () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新加载' }))),
    RELOAD_MEDIA: async () => act(async () => void fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: T.retry }))),
    SET_RATE: async (e: { rate: PlaybackRate }) => act(async () => void fireEvent.change(rateSelect(), { target: { value: String(e.rate) } })),
    'xstate.done.actor.loadMedia': async (e: { output: Media }) => calls.respond('config', () => (e.output.config ? ok(e.output.config) : fail(NO_LINK, 400))),
  } as never,
  setup: async () => {
    calls.reset();
    forgetLearningOutbox(new MemoryOutbox());
    renderView(CoursePlayerView, '/course-player/7', { pattern: '/course-player/:id' });
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
      forgetLearningOutbox();
    };
  },
  coverage: 'transitions',
  excused: {
    'reloadingMedia xstate.error.actor.loadMedia': 'loadMedia never rejects: a failed link call resolves with its mediaError (player.data.ts)',
  },
});
