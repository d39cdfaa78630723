/**
 * The progressRecorder statechart, model-based: paths from the real machine drive the real player
 * view at /course-player/7?coursewareId=70 (progressRecorder.kit.tsx stands in for the browser
 * around it). The student plays, buffers, pauses, finishes and leaves the lesson on the real
 * <video>; the tab is hidden and shown; this tab is granted the recording lock; the browser comes
 * back online. Each record is kept in the IndexedDB outbox before it is sent, and the server holds
 * it until a step answers: counted, failed (kept, retried after the back-off), refused for good
 * (removed from the outbox, which may fail). The outbox's first read may find a record an earlier
 * page left, or fail. A visitor's free audition records nothing (the `disabled` suite).
 *
 * The model's clock moves STEP_MS each time the recorder reads it, as the page's clock moves STEP_MS
 * each step: whenever the model counted time, the page counted whole seconds too, so both cut a
 * record at the same steps (their lengths differ; a record's position does not).
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { LearnedRecordPayload } from '../../src/domain/learning/contract';
import { LEARNED_RECORD_INTERVAL_SECONDS } from '../../src/domain/learning/limits';
import { PLAYER_TEXTS as T } from '../../src/domain/learning/player.texts';
import { NETWORK_ERROR_TEXT } from '../../src/domain/shared/errors';
import { RETRY_MAX_SECONDS } from '../../src/domain/shared/retry';
import { progressRecorderMachine, type ProgressRecorderEvent } from '../../src/machines/learning/progressRecorder.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { eventually } from '../support/loginKit';
import { RESULT } from '../unit/learning/player.fixtures';
import { describeModel } from './harness';
import { AUDITION, BASE, DURATION, LEFTOVER, recorderSuite, REFUSAL, STEP_MS } from './progressRecorder.kit';

const page = recorderSuite();

const INTERVAL = 'xstate.after.interval.progressRecorder.recording.watch.counting';
const BACKOFF = 'xstate.after.backoff.progressRecorder.recording.outbox.waiting';
const OFFLINE = new ApiError(NETWORK_ERROR_TEXT, 0, null);
const REFUSED = new ApiError(REFUSAL, 400, 400);

type Snap = ReturnType<typeof progressRecorderMachine.getInitialSnapshot>;
type ModelEvent =
  | ProgressRecorderEvent
  | { type: 'xstate.done.actor.loadPending'; output: LearnedRecordPayload[] }
  | { type: 'xstate.error.actor.loadPending'; error: Error }
  | { type: 'xstate.done.actor.sendRecord'; output: typeof RESULT }
  | { type: 'xstate.error.actor.sendRecord'; error: ApiError }
  | { type: 'xstate.done.actor.dropRecord'; output: undefined }
  | { type: 'xstate.error.actor.dropRecord'; error: Error }
  | { type: typeof INTERVAL | typeof BACKOFF };

const outboxIs = (s: Snap, value: 'restoring' | 'idle' | 'sending' | 'dropping' | 'waiting') => s.matches({ recording: { outbox: value } });
const counting = (s: Snap) => s.matches({ recording: { watch: 'counting' } });
/** Playing in a visible tab while another tab holds the lock: this one says it does not count. */
const otherTab = (s: Snap) => !s.context.lockHeld && s.context.playing && s.context.visible;

/**
 * What can happen in `s`: the answers the outbox and the server owe, the timers, and the steps of
 * the student and the browser. The media moves on STEP_MS a step while it plays (a later rule about
 * positions starts here); a finished lesson plays again from the start. The interval and the
 * back-off are fake timers run to their end, so one never runs while the other waits (running one
 * would run the other too). The outbox's first read and a refused record's removal take a moment:
 * meanwhile only the lock may come, and at the start a press of play or pause.
 */
function events(s: Snap): ModelEvent[] {
  if (!s.matches('recording')) return [];
  const { playing, visible, lockHeld, position } = s.context;
  const ahead = position + STEP_MS / 1000;
  const list: ModelEvent[] = [];
  if (outboxIs(s, 'restoring'))
    list.push(
      { type: 'xstate.done.actor.loadPending', output: [] },
      { type: 'xstate.done.actor.loadPending', output: [LEFTOVER] },
      { type: 'xstate.error.actor.loadPending', error: new Error('本机学习记录读取失败') },
    );
  if (outboxIs(s, 'sending'))
    list.push(
      { type: 'xstate.done.actor.sendRecord', output: RESULT },
      { type: 'xstate.error.actor.sendRecord', error: OFFLINE },
      { type: 'xstate.error.actor.sendRecord', error: REFUSED },
    );
  if (outboxIs(s, 'dropping'))
    list.push({ type: 'xstate.done.actor.dropRecord', output: undefined }, { type: 'xstate.error.actor.dropRecord', error: new Error('本机学习记录删除失败') });
  if (outboxIs(s, 'waiting')) list.push({ type: 'ONLINE' }, ...(counting(s) ? [] : [{ type: BACKOFF } as const]));
  if (counting(s) && !outboxIs(s, 'waiting')) list.push({ type: INTERVAL });

  if (!lockHeld) list.push({ type: 'LOCK', held: true });
  if (outboxIs(s, 'dropping')) return list;
  if (outboxIs(s, 'restoring')) {
    list.push(playing ? { type: 'PAUSED', position: ahead } : { type: 'PLAYING', position });
    return list;
  }
  if (playing)
    list.push(
      { type: 'POSITION', position: ahead },
      { type: 'STALLED', position: ahead },
      { type: 'PAUSED', position: ahead },
      { type: 'ENDED', position: DURATION },
    );
  else list.push({ type: 'PLAYING', position: position >= DURATION ? 0 : position });
  list.push({ type: 'VISIBILITY', visible: !visible }, { type: 'LEAVE', position: -1 });
  return list;
}

/** What the page's status line says, as the student reads it. */
function statusText(s: Snap): string {
  if (otherTab(s)) return T.otherTab;
  if (outboxIs(s, 'waiting')) return T.pending(s.context.queue.length);
  return s.context.queue.length > 0 ? T.saving : T.saved;
}

/** A record as the model and the page both know it (their ids and counted seconds are their own). */
function sameRecord({ recordId, learnedTime: _learnedTime, ...rest }: LearnedRecordPayload) {
  return { ...rest, earlier: recordId === LEFTOVER.recordId };
}

let tick = 0;
describeModel('progressRecorder on /course-player/7?coursewareId=70', {
  machine: progressRecorderMachine,
  input: { base: BASE, now: () => (tick += STEP_MS) },
  events: events as never,
  // A record cut before the outbox's first read answers is read back too (the recorder keeps it once).
  serializeState: (s: Snap) =>
    JSON.stringify([s.value, s.context.playing, s.context.visible, s.context.lockHeld, outboxIs(s, 'restoring') && s.context.queue.length > 0]),
  states: {
    recording: async (s: Snap) => {
      const { progress, refused, queue, position } = s.context;
      await eventually(() => expect(page.recordState()?.querySelector(':scope > span:not([class])')?.textContent).toBe(statusText(s)));
      const shown = page.recordState()!.textContent;
      expect(shown.includes(T.progress(RESULT.studyPercentageInfo.studyPercentage))).toBe(progress !== null);
      expect(shown.includes(T.refused(REFUSAL))).toBe(refused > 0);
      // Every record not yet answered is on the device; one whose removal failed stays there too.
      const kept = await page.expectKept(queue.length + page.stuck);
      expect(kept.map(sameRecord)).toEqual(expect.arrayContaining(queue.map(sameRecord)));
      // Leaving hands what still waits to the browser; nothing else goes by beacon.
      expect((await page.beaconed()).map(sameRecord)).toEqual(page.lastStep === 'LEAVE' ? queue.map(sameRecord) : []);
      if (position === DURATION) expect(screen.getByRole('link', { name: T.playNext })).toBeTruthy();
    },
    'recording.watch.idle': async (s: Snap) => {
      await eventually(() => expect(page.recordState()!.dataset.counting).toBe('false'));
      expect(document.visibilityState).toBe(s.context.visible ? 'visible' : 'hidden');
    },
    'recording.watch.counting': async () => {
      await eventually(() => expect(page.recordState()!.dataset.counting).toBe('true'));
      expect(document.visibilityState).toBe('visible');
    },
    'recording.outbox.restoring': async () => {
      await eventually(() => expect(page.restoring()).toBe(true));
      expect(page.sent).toHaveLength(0);
    },
    'recording.outbox.idle': async () => {
      expect(page.held()).toBeNull();
    },
    'recording.outbox.sending': async (s: Snap) => {
      await eventually(() => expect(page.held()).not.toBeNull());
      const record = page.held()!;
      expect(sameRecord(record)).toEqual(sameRecord(s.context.queue[0]!));
      expect(sameRecord(record)).toMatchObject(BASE);
      expect(record.learnedTime).toBeGreaterThanOrEqual(1);
    },
    'recording.outbox.waiting': async () => {
      expect(page.held()).toBeNull();
    },
    'recording.outbox.dropping': async () => {
      await eventually(() => expect(page.dropping()).toBe(true));
      expect(page.held()).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.loadPending': async (e: { output: LearnedRecordPayload[] }) => page.answerRestore(e.output),
    'xstate.error.actor.loadPending': async () => page.answerRestore('fails'),
    'xstate.done.actor.sendRecord': async () => page.answerSend('counted'),
    'xstate.error.actor.sendRecord': async (e: { error: ApiError }) => page.answerSend(e.error.status === 0 ? 'offline' : 'refused'),
    'xstate.done.actor.dropRecord': async () => page.answerDrop(true),
    'xstate.error.actor.dropRecord': async () => page.answerDrop(false),
    LOCK: async () => page.step('LOCK', () => page.grantLock()),
    PLAYING: async (e: { position: number }) => page.step('PLAYING', () => page.media('playing', e.position)),
    POSITION: async (e: { position: number }) => page.step('POSITION', () => page.media('timeUpdate', e.position)),
    STALLED: async (e: { position: number }) => page.step('STALLED', () => page.media('waiting', e.position)),
    PAUSED: async (e: { position: number }) => page.step('PAUSED', () => page.media('pause', e.position)),
    ENDED: async (e: { position: number }) => page.step('ENDED', () => page.media('ended', e.position)),
    VISIBILITY: async (e: { visible: boolean }) => page.step('VISIBILITY', () => page.setVisible(e.visible)),
    LEAVE: async () => page.step('LEAVE', () => void window.dispatchEvent(new Event('pagehide'))),
    ONLINE: async () => page.step('ONLINE', () => void window.dispatchEvent(new Event('online'))),
    [INTERVAL]: async () => page.runTimers('interval', LEARNED_RECORD_INTERVAL_SECONDS * 1000),
    // However long the back-off is (2 s after one failure, at most RETRY_MAX_SECONDS), it runs out.
    [BACKOFF]: async () => page.runTimers('backoff', RETRY_MAX_SECONDS * 1000),
  } as never,
  setup: () => {
    tick = 0;
    return page.setup();
  },
  coverage: 'transitions',
  start: '登录后打开 /course-player/7?coursewareId=70（已购课程里还没学过的视频课件）',
});

describeModel("progressRecorder on a visitor's free audition", {
  machine: progressRecorderMachine,
  input: { base: null, now: () => 0 },
  events: [],
  serializeState: (s) => JSON.stringify(s.value),
  states: {
    disabled: async () => {
      await eventually(() => expect(page.video()).toBeTruthy());
      expect(page.recordState()).toBeNull();
      // Watching changes nothing: the recorder ignores the media, so nothing is sent or kept.
      await page.step('PLAYING', () => page.media('playing', 0));
      await page.step('PAUSED', () => page.media('pause', STEP_MS / 1000));
      expect(page.recordState()).toBeNull();
      expect(page.sent).toHaveLength(0);
      await page.expectKept(0);
    },
  },
  exec: {},
  setup: () => page.setup(AUDITION),
  start: '以游客身份打开 /course-player/7?coursewareId=70（可免费试听的视频课件）',
});
