/**
 * The progressRecorder statechart, model-based: paths from the real machine drive the real player
 * view at /course-player/7?coursewareId=70 — media events on the real <video>, the tab hidden and
 * shown, the browser back online — while msw holds each record at a gate the path's steps answer:
 * counted, failed (kept and retried), refused for good (dropped). The outbox's restore is a gate too.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { LearnedRecordPayload } from '../../src/domain/learning/contract';
import { progressRecorderMachine } from '../../src/machines/learning/progressRecorder.machine';
import { forgetLearningOutbox, type LearningOutbox } from '../../src/services/learning/learningOutbox';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CoursePlayerView from '../../src/views/learning/player/CoursePlayerView';
import { eventually, gate, type Gate } from '../support/loginKit';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { CONFIG, info, OUTLINE, RESULT } from '../unit/learning/player.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

let sendGate: Gate<Response> | null = null;
/** The Web Locks request the player made; the LOCK step grants it. */
let lockRequest: (() => void) | null = null;
const fakeLocks = {
  request: (_name: string, callback: () => Promise<void>) => {
    lockRequest = () => void callback();
    return new Promise<void>(() => {});
  },
};
let restoreGate: Gate<LearnedRecordPayload[]> | null = null;
const sent: LearnedRecordPayload[] = [];

const server = setupServer(
  ...sessionHandlers,
  answer(LEARNING_CALLS.studyPercentage, OUTLINE),
  answer(LEARNING_CALLS.coursewareInfo, () => ok(info())),
  answer(LEARNING_CALLS.ccConfig, CONFIG),
  answer(LEARNING_CALLS.addLearnedRecord, async ({ request }) => {
    sent.push((await request.json()) as LearnedRecordPayload);
    sendGate = gate<Response>();
    return sendGate.promise;
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // Only Date: the recorder counts wall-clock time, the steps move it; timers stay real.
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => vi.setSystemTime(Date.now()));
afterAll(() => {
  vi.useRealTimers();
  server.close();
});

const outbox: LearningOutbox = {
  durable: true,
  put: () => Promise.resolve(),
  remove: () => Promise.resolve(),
  all: () => {
    restoreGate = gate<LearnedRecordPayload[]>();
    return restoreGate.promise;
  },
};

const recordState = () => screen.getByTestId('record-state');
const video = () => screen.getByTestId('course-video');
const answerSend = async (response: () => Response) => {
  await eventually(() => expect(sendGate).not.toBeNull());
  const g = sendGate!;
  sendGate = null;
  g.open(response());
};
function setVisible(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
  document.dispatchEvent(new Event('visibilitychange'));
}

// The model's clock moves 5 s a reading, so a pause after playing always cuts a record.
let tick = 0;
type Snap = ReturnType<typeof progressRecorderMachine.getInitialSnapshot>;

describeModel('progressRecorder on /course-player/7?coursewareId=70', {
  machine: progressRecorderMachine,
  input: {
    base: {
      courseId: 7,
      coursewareId: 70,
      coursewareName: '第1讲 资金时间价值',
      coursewareType: 'VIDEO',
      stageId: null,
      watchTicket: 'ticket-ticket-ticket-0001',
    },
    now: () => (tick += 5000),
  },
  events: [
    { type: 'xstate.done.actor.loadPending', output: [] },
    { type: 'LOCK', held: true },
    { type: 'PLAYING', position: 120 },
    { type: 'PAUSED', position: 125 },
    { type: 'VISIBILITY', visible: false },
    { type: 'VISIBILITY', visible: true },
    { type: 'ONLINE' },
    { type: 'xstate.done.actor.sendRecord', output: RESULT },
    { type: 'xstate.error.actor.sendRecord', error: new ApiError('请求异常, 请重试', 0, null) },
    { type: 'xstate.error.actor.sendRecord', error: new ApiError('学习时长异常，本次记录未被采纳', 400, 400) },
    { type: 'xstate.done.actor.dropRecord', output: undefined },
  ] as never[],
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.queue.length > 0, s.context.playing && s.context.visible, s.context.lockHeld, s.context.refused > 0]),
  states: {
    'recording.watch.idle': async (s: Snap) => {
      await eventually(() => expect(recordState().dataset.counting).toBe('false'));
      if (s.context.playing && !s.context.visible) expect(document.visibilityState).toBe('hidden');
    },
    'recording.watch.counting': async () => {
      await eventually(() => expect(recordState().dataset.counting).toBe('true'));
    },
    'recording.outbox.restoring': async () => {
      await eventually(() => expect(restoreGate).not.toBeNull());
      expect(sent).toHaveLength(0);
    },
    'recording.outbox.idle': async (s: Snap) => {
      // Playing while another tab holds the lock: this one says it does not count.
      const text = !s.context.lockHeld && s.context.playing && s.context.visible ? '你正在其他窗口学习' : '学习进度已记录';
      await eventually(() => expect(recordState().textContent).toContain(text));
      expect(sendGate).toBeNull();
      if (s.context.progress) expect(recordState().textContent).toContain('已学 10%');
    },
    'recording.outbox.sending': async () => {
      await eventually(() => expect(sendGate).not.toBeNull());
      const record = sent.at(-1)!;
      expect(record).toMatchObject({ courseId: 7, coursewareId: 70, coursewareType: 'VIDEO', watchTicket: 'ticket-ticket-ticket-0001', progressBar: 125 });
      expect(record.learnedTime).toBeGreaterThanOrEqual(1);
      expect(recordState().textContent).toContain('正在记录学习进度');
    },
    'recording.outbox.waiting': async () => {
      await eventually(() => expect(recordState().textContent).toContain('1条学习记录待上传'));
    },
    'recording.outbox.dropping': async () => {
      await eventually(() => expect(recordState().textContent).toContain('有一条学习记录未被采纳：学习时长异常，本次记录未被采纳'));
    },
  },
  exec: {
    'xstate.done.actor.loadPending': async () => {
      await eventually(() => expect(restoreGate).not.toBeNull());
      restoreGate!.open([]);
    },
    LOCK: async () => {
      await eventually(() => expect(lockRequest).not.toBeNull());
      lockRequest!();
    },
    PLAYING: async () => {
      fireEvent.playing(video());
    },
    PAUSED: async () => {
      vi.setSystemTime(Date.now() + 5000);
      Object.defineProperty(video(), 'currentTime', { configurable: true, value: 125 });
      fireEvent.pause(video());
    },
    VISIBILITY: async (e: { visible: boolean }) => setVisible(e.visible),
    ONLINE: async () => {
      window.dispatchEvent(new Event('online'));
    },
    'xstate.done.actor.sendRecord': async () => answerSend(() => ok(RESULT)),
    'xstate.error.actor.sendRecord': async (e: { error: ApiError }) =>
      answerSend(() => (e.error.status === 0 ? Response.error() : fail(e.error.message, e.error.status))),
    'xstate.done.actor.dropRecord': async () => {},
  } as never,
  setup: async () => {
    tick = 0;
    sendGate = null;
    restoreGate = null;
    sent.length = 0;
    forgetLearningOutbox(outbox);
    lockRequest = null;
    Object.defineProperty(navigator, 'locks', { configurable: true, value: fakeLocks });
    setVisible(true);
    renderView(CoursePlayerView, '/course-player/7?coursewareId=70', { pattern: '/course-player/:id' });
    await eventually(() => expect(video()).toBeTruthy());
    return () => {
      sendGate?.open(ok(RESULT));
      restoreGate?.open([]);
      cleanup();
      dismissAllToasts();
      forgetLearningOutbox();
    };
  },
});
