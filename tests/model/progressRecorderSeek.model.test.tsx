/**
 * The progressRecorder's `seek` region (禁止拖动未学内容, issue 24), model-based: paths from the real
 * machine drive the real player view at /course-player/7?coursewareId=70 on a lesson whose config
 * names a seek limit (progressRecorder.kit.tsx stands in for the browser). The config arrives (it
 * is held until a step answers it); the student plays on from the furthest point watched, drags
 * the playhead past it (sent back there) or back (free), buffers, pauses, and plays to the end, after which
 * seeking is free. Counting and the outbox are the other suite's: this tab never gets the
 * recording lock here, so nothing is counted or sent, and the outbox finds nothing left.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { PlayerConfig } from '../../src/domain/learning/contract';
import { PLAYER_TEXTS as T } from '../../src/domain/learning/player.texts';
import { NATURAL_PLAY_STEP_SECONDS } from '../../src/domain/learning/recording';
import { progressRecorderMachine, type ProgressRecorderEvent } from '../../src/machines/learning/progressRecorder.machine';
import { eventually } from '../support/loginKit';
import { describeModel } from './harness';
import { BASE, DURATION, recorderSuite, VIDEO } from './progressRecorder.kit';

const page = recorderSuite();

/** Seconds: the server's furthest point watched on this lesson, a little before its end (so a path can play to it). */
const FURTHEST = DURATION - 7;
const GUARDED: PlayerConfig = { ...VIDEO, seekLimit: { furthest: FURTHEST } };
/** How far a drag goes: well past the furthest point, or well behind it. */
const DRAG_SECONDS = 60;
/** A step of plain playing, shorter than what counts as a jump. */
const PLAY_STEP = NATURAL_PLAY_STEP_SECONDS - 1;

type Snap = ReturnType<typeof progressRecorderMachine.getInitialSnapshot>;
type ModelEvent = ProgressRecorderEvent | { type: 'xstate.done.actor.loadPending'; output: [] };

const seekIs = (s: Snap, value: 'free' | 'guarded' | 'completed') => s.matches({ recording: { seek: value } });

function events(s: Snap): ModelEvent[] {
  if (!s.matches('recording')) return [];
  const { playing, furthest, duration } = s.context;
  // The config comes first: the player, and its recorder, start with it.
  if (seekIs(s, 'free') && duration === 0) return [{ type: 'SEEK_LIMIT', limit: GUARDED.seekLimit, duration: DURATION }];
  // Then the outbox's first read answers (it finds nothing), before the student does anything.
  if (s.matches({ recording: { outbox: 'restoring' } })) return [{ type: 'xstate.done.actor.loadPending', output: [] }];
  const list: ModelEvent[] = [];
  if (seekIs(s, 'guarded')) {
    list.push({ type: 'SEEKING', position: furthest + DRAG_SECONDS }, { type: 'SEEKING', position: Math.max(0, furthest - DRAG_SECONDS) });
    if (playing) {
      list.push({ type: 'POSITION', position: furthest + PLAY_STEP }, { type: 'STALLED', position: furthest }, { type: 'PAUSED', position: furthest });
      if (DURATION - furthest <= NATURAL_PLAY_STEP_SECONDS) list.push({ type: 'ENDED', position: DURATION });
    } else list.push({ type: 'PLAYING', position: furthest });
  }
  if (seekIs(s, 'completed')) list.push({ type: 'SEEKING', position: DURATION - DRAG_SECONDS });
  return list;
}

describeModel('progressRecorder on a lesson of a course that forbids skipping ahead', {
  machine: progressRecorderMachine,
  input: { base: BASE, now: () => 0 },
  events: events as never,
  serializeState: (s: Snap) => JSON.stringify([s.value, s.context.playing, s.context.furthest, s.context.duration]),
  states: {
    'recording.seek.free': async () => {
      expect(screen.queryByTestId('seek-guard')).toBeNull();
    },
    'recording.seek.guarded': async (s: Snap) => {
      const hint = () => screen.getByTestId('seek-guard').textContent;
      await eventually(() => expect([T.seekGuarded, T.seekSnapped]).toContain(hint()));
      if (page.lastStep === 'SEEKING') {
        // A drag past the furthest point is sent back to it at once (and the page says so); one behind it stays where it went.
        expect(page.video().currentTime).toBe(s.context.position);
        if (page.lastDragTo > s.context.furthest) expect(hint()).toBe(T.seekSnapped);
      }
    },
    'recording.seek.completed': async (s: Snap) => {
      await eventually(() => expect(screen.queryByTestId('seek-guard')).toBeNull());
      if (page.lastStep === 'SEEKING') expect(page.video().currentTime).toBe(s.context.position);
    },
  },
  exec: {
    'xstate.done.actor.loadPending': async () => page.answerRestore([]),
    SEEK_LIMIT: async () => page.answerConfig(),
    PLAYING: async (e: { position: number }) => page.step('PLAYING', () => page.media('playing', e.position)),
    POSITION: async (e: { position: number }) => page.step('POSITION', () => page.media('timeUpdate', e.position)),
    PAUSED: async (e: { position: number }) => page.step('PAUSED', () => page.media('pause', e.position)),
    STALLED: async (e: { position: number }) => page.step('STALLED', () => page.media('waiting', e.position)),
    ENDED: async (e: { position: number }) => page.step('ENDED', () => page.media('ended', e.position)),
    SEEKING: async (e: { position: number }) => page.drag(e.position),
  } as never,
  setup: () => page.setup(undefined, { config: GUARDED, holdConfig: true }),
  coverage: 'transitions',
  excused: {
    'recording.seek.guarded SEEK_LIMIT#0': 'a second config comes only with a renewed link (a 403 mid-lesson); the unit test seekLimit.test.ts sends it',
    'recording.seek.guarded SEEK_LIMIT#1': 'a renewed link whose config names no limit; the unit test seekLimit.test.ts sends it',
  },
  start: '以“备考小园丁”登录后打开禁止拖动未学内容的课程里一节学到快结尾的视频课件（/course-player/7?coursewareId=70）',
});
