/**
 * The media of the player's element, model-based: paths from the real mediaAttachment machine drive
 * the real course player at /course-player/7?coursewareId=70, as MediaStage runs it. The element is
 * a browser that plays HLS itself (canPlayType stubbed at the element, as Safari answers), so the
 * link goes into its src; hls.js is not loaded.
 *
 * - ATTACH: the courseware's loads are answered; MediaStage mounts and gives its <video> the link.
 * - FATAL: the element reports a source it cannot use (MEDIA_ERR_SRC_NOT_SUPPORTED): 视频加载失败, 重试.
 * - DETACH: the student goes to another lesson; the element is let go (its src removed) while the
 *   next lesson loads, whose ATTACH starts the next lesson's stage.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { PlayerConfig } from '../../src/domain/learning/contract';
import { PLAYER_TEXTS as T } from '../../src/domain/learning/player.texts';
import { mediaAttachmentMachine } from '../../src/machines/learning/mediaAttachment.machine';
import { forgetLearningOutbox, MemoryOutbox } from '../../src/services/learning/learningOutbox';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CoursePlayerView from '../../src/views/learning/player/CoursePlayerView';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { CONFIG, info, OUTLINE } from '../unit/learning/player.fixtures';
import { eventually } from '../support/loginKit';
import { answer, ok } from '../support/msw';
import { describeModel } from './harness';
import { heldCalls } from './learningQb.kit';

const linkOf = (coursewareId: number) => `/media/${coursewareId}/index.m3u8?uid=1&exp=9999999999&sig=x`;
const configOf = (coursewareId: number): PlayerConfig => ({ ...CONFIG, coursewareId, url: linkOf(coursewareId) });
/** MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED. */
const SRC_NOT_SUPPORTED = 4;

// A failing check waits 5 s for the screen (eventually): let it report rather than time out.
vi.setConfig({ testTimeout: 15_000 });
type Call = 'outline' | 'info' | 'config';
const calls = heldCalls<Call>();
/** The courseware each info call asked for. */
const asked: number[] = [];
const server = setupServer(
  ...sessionHandlers,
  answer(LEARNING_CALLS.studyPercentage, calls.held('outline')),
  answer(LEARNING_CALLS.coursewareInfo, async ({ request }) => {
    asked.push(((await request.json()) as { coursewareId: number }).coursewareId);
    return calls.held('info')();
  }),
  answer(LEARNING_CALLS.ccConfig, calls.held('config')),
);
const realCanPlayType = HTMLMediaElement.prototype.canPlayType;
const realLoad = HTMLMediaElement.prototype.load;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // The browser plays HLS itself (Safari, recent Chromium); jsdom's load() (a detach) does nothing.
  HTMLMediaElement.prototype.canPlayType = () => 'maybe';
  HTMLMediaElement.prototype.load = () => {};
});
afterAll(() => {
  HTMLMediaElement.prototype.canPlayType = realCanPlayType;
  HTMLMediaElement.prototype.load = realLoad;
  server.close();
});

type Snap = ReturnType<typeof mediaAttachmentMachine.getInitialSnapshot>;
/** Only for the model: the real element is the one MediaStage renders. */
const MODEL_ELEMENT = document.createElement('video');

function events(s: Snap) {
  if (s.matches('detached')) return [{ type: 'ATTACH', element: MODEL_ELEMENT, config: configOf(70) }];
  return [...(s.matches('attached') ? [{ type: 'FATAL', status: 0 }] : []), { type: 'DETACH' }];
}

const video = () => screen.queryByTestId('course-video') as HTMLVideoElement | null;
/** The lesson on screen now, and the element of the one before (to see it let go). */
let lesson = 70;
let previousElement: HTMLVideoElement | null = null;

describeModel('mediaAttachment on /course-player/7?coursewareId=70', {
  machine: mediaAttachmentMachine,
  start: '用能直接播放 HLS 的浏览器（如 Safari）登录后打开 /course-player/7?coursewareId=70',
  events: events as never,
  serializeState: (s: Snap) => JSON.stringify(s.value),
  states: {
    detached: async () => {
      // The lesson loads: no element plays anything, and the one before was let go.
      await eventually(() => expect(calls.pending('outline')).toBeDefined());
      expect(video()).toBeNull();
      expect(screen.getByRole('status').textContent).toContain(T.loading);
      if (previousElement) expect(previousElement.hasAttribute('src')).toBe(false);
    },
    attached: async () => {
      await eventually(() => expect(video()?.getAttribute('src')).toBe(linkOf(lesson)));
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`第${lesson - 69}讲`);
      expect(screen.queryByText(T.mediaFailed)).toBeNull();
    },
    failed: async () => {
      await eventually(() => expect(screen.getByRole('alert').textContent).toContain(T.mediaFailed));
      expect(within(screen.getByRole('alert')).getByRole('button', { name: T.retry })).toBeTruthy();
      // No fresh link is asked for by itself (only a 403 would).
      expect(calls.pending('config')).toBeUndefined();
    },
  },
  exec: {
    ATTACH: async () => {
      await calls.respond('outline', () => ok(OUTLINE));
      await calls.respond('info', () =>
        ok(info({ coursewareId: asked.at(-1)!, coursewareName: `第${asked.at(-1)! - 69}讲`, recordable: false, watchTicket: null })),
      );
      await calls.respond('config', () => ok(configOf(asked.at(-1)!)));
    },
    FATAL: async () => {
      const element = video()!;
      Object.defineProperty(element, 'error', { configurable: true, get: () => ({ code: SRC_NOT_SUPPORTED, message: '' }) });
      await act(async () => void fireEvent.error(element));
    },
    DETACH: async () => {
      previousElement = video();
      lesson = lesson === 70 ? 71 : 70;
      await act(async () => void fireEvent.click(screen.getByRole('button', { name: T.next })));
    },
  } as never,
  setup: async () => {
    calls.reset();
    asked.length = 0;
    lesson = 70;
    previousElement = null;
    forgetLearningOutbox(new MemoryOutbox());
    renderView(CoursePlayerView, '/course-player/7?coursewareId=70', { pattern: '/course-player/:id' });
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
      forgetLearningOutbox();
    };
  },
  coverage: 'transitions',
});
