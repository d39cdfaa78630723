/**
 * 禁止拖动未学内容 (issue 24) in the progressRecorder's `seek` region and its rules: the real machine,
 * its outbox and lock stood in for (they are the model suite's concern).
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { LearnedRecordPayload, LearnedRecordResult } from '../../../src/domain/learning/contract';
import { lessonCompleted, naturalPlayReach, seeksAhead, NATURAL_PLAY_STEP_SECONDS, SEEK_AHEAD_TOLERANCE_SECONDS } from '../../../src/domain/learning/recording';
import { progressRecorderMachine, type SnapBack } from '../../../src/machines/learning/progressRecorder.machine';

const BASE = { courseId: 7, coursewareId: 70, coursewareName: '第1讲', coursewareType: 'VIDEO' as const, stageId: null, watchTicket: 'ticket' };

function recorder() {
  const machine = progressRecorderMachine.provide({
    actors: {
      loadPending: fromPromise(async (): Promise<LearnedRecordPayload[]> => []),
      sendRecord: fromPromise(() => new Promise<LearnedRecordResult>(() => undefined)),
      dropRecord: fromPromise<void, string>(async () => undefined),
      recordingLock: fromCallback(() => () => undefined),
    },
  });
  const actor = createActor(machine, { input: { base: BASE, now: () => 0 } }).start();
  const snaps: number[] = [];
  actor.on('snapBack', (e: SnapBack) => snaps.push(e.position));
  const seek = () => (actor.getSnapshot().value as { recording: { seek: string } }).recording.seek;
  return { actor, snaps, seek };
}

describe('the seek rules', () => {
  it('lets a seek go back or up to the furthest point, not past it', () => {
    expect(seeksAhead(10, 100)).toBe(false);
    expect(seeksAhead(100 + SEEK_AHEAD_TOLERANCE_SECONDS, 100)).toBe(false);
    expect(seeksAhead(100 + SEEK_AHEAD_TOLERANCE_SECONDS + 1, 100)).toBe(true);
  });

  it('moves the furthest point with plain playing only', () => {
    expect(naturalPlayReach(100, 101)).toBe(101);
    expect(naturalPlayReach(100, 100 + NATURAL_PLAY_STEP_SECONDS)).toBe(100 + NATURAL_PLAY_STEP_SECONDS);
    expect(naturalPlayReach(100, 100 + NATURAL_PLAY_STEP_SECONDS + 1)).toBe(100);
    expect(naturalPlayReach(100, 40)).toBe(100);
  });

  it('calls a lesson completed at its end only', () => {
    expect(lessonCompleted(598, 600)).toBe(true);
    expect(lessonCompleted(590, 600)).toBe(false);
    expect(lessonCompleted(0, 0)).toBe(false);
  });
});

describe('the recorder under 禁止拖动未学内容', () => {
  it('is free until the config names a limit, and free when it names none', () => {
    const { actor, snaps, seek } = recorder();
    actor.send({ type: 'SEEKING', position: 500 });
    expect(seek()).toBe('free');
    actor.send({ type: 'SEEK_LIMIT', limit: null, duration: 600 });
    actor.send({ type: 'SEEKING', position: 400 });
    expect(seek()).toBe('free');
    expect(snaps).toEqual([]);
  });

  it('sends a seek past the furthest point back there, and lets a seek back go', () => {
    const { actor, snaps, seek } = recorder();
    actor.send({ type: 'SEEK_LIMIT', limit: { furthest: 120 }, duration: 600 });
    expect(seek()).toBe('guarded');
    actor.send({ type: 'SEEKING', position: 300 });
    expect(snaps).toEqual([120]);
    // The recorder's position is where the playhead is sent, not where the student dragged it.
    expect(actor.getSnapshot().context.position).toBe(120);
    actor.send({ type: 'SEEKING', position: 30 });
    expect(snaps).toEqual([120]);
    expect(actor.getSnapshot().context.position).toBe(30);
  });

  it('moves the limit on as the media plays on from it, never with a jump', () => {
    const { actor, snaps } = recorder();
    actor.send({ type: 'SEEK_LIMIT', limit: { furthest: 120 }, duration: 600 });
    actor.send({ type: 'PLAYING', position: 120 });
    for (const position of [121, 122, 124]) actor.send({ type: 'POSITION', position });
    expect(actor.getSnapshot().context.furthest).toBe(124);
    actor.send({ type: 'POSITION', position: 400 });
    expect(actor.getSnapshot().context.furthest).toBe(124);
    actor.send({ type: 'SEEKING', position: 200 });
    expect(snaps).toEqual([124]);
  });

  it('keeps the further of its own point and a later config (a renewed link)', () => {
    const { actor } = recorder();
    actor.send({ type: 'SEEK_LIMIT', limit: { furthest: 120 }, duration: 600 });
    actor.send({ type: 'POSITION', position: 122 });
    actor.send({ type: 'SEEK_LIMIT', limit: { furthest: 90 }, duration: 600 });
    expect(actor.getSnapshot().context.furthest).toBe(122);
  });

  it('is free for good once the lesson has played to its end', () => {
    const { actor, snaps, seek } = recorder();
    actor.send({ type: 'SEEK_LIMIT', limit: { furthest: 598 }, duration: 600 });
    actor.send({ type: 'PLAYING', position: 598 });
    actor.send({ type: 'ENDED', position: 600 });
    expect(seek()).toBe('completed');
    actor.send({ type: 'SEEK_LIMIT', limit: { furthest: 10 }, duration: 600 });
    actor.send({ type: 'SEEKING', position: 300 });
    expect(seek()).toBe('completed');
    expect(snaps).toEqual([]);
  });

  it('starts completed when the config already reaches the end', () => {
    const { actor, seek } = recorder();
    actor.send({ type: 'SEEK_LIMIT', limit: { furthest: 600 }, duration: 600 });
    expect(seek()).toBe('completed');
  });
});
