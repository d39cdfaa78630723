/**
 * The player's progress recording (the design card's statechart), one per opened courseware.
 *
 * `disabled` when the courseware is not recorded (a visitor, a course not owned, a type other than
 * SYS/PACK, a paper): nothing is ever sent. Otherwise two regions run side by side:
 * - `watch`: time counts only while the media really plays (not paused, seeking or stalled), the
 *   tab is visible and this tab holds the recording lock (one tab per user counts). Every
 *   LEARNED_RECORD_INTERVAL_SECONDS of counted time, and on pause, end and leaving, the counted
 *   whole seconds become a record, kept in the outbox before anything is sent;
 * - `outbox`: the durable queue's flow, driven as the exam drives its journal
 *   (src/services/shared/durableQueue.ts): a record is written to the outbox by the `keep` action,
 *   what an earlier page left (a reload, a crash) is read at the start and sent first, and records
 *   go to the server one by one; a record refused for good is dropped, a failed one waits
 *   `retryDelayMs` (2, 4, 8 … s; at once when the browser comes back online);
 * - `seek`: 禁止拖动未学内容 (issue 24). `free` until the player config names a limit (SEEK_LIMIT, the
 *   server's furthest point watched on this lesson); then `guarded`: the furthest point moves on as
 *   the media plays on from it, a seek back is free, and a seek past it is sent back there (the
 *   `snapBack` the player obeys). Once the lesson has been watched to its end it is `completed` and
 *   seeking is free for good. The server keeps its own furthest point from the records it counts
 *   (migration 0014), so a page that skipped this still moves nothing on.
 * Time comes from `now` in the input, so tests drive it.
 */
import { assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import type { LearnedRecordPayload, LearnedRecordResult, SeekLimit, StudyPercentageInfo } from '../../domain/learning/contract';
import { LEARNED_RECORD_INTERVAL_SECONDS } from '../../domain/learning/limits';
import { cutLearnedTime, lessonCompleted, naturalPlayReach, seeksAhead } from '../../domain/learning/recording';
import { retryDelayMs } from '../../domain/shared/retry';
import type { CoursewareType } from '../../domain/learning/rules';
import { beaconRecords, deliverRecord, dropRecord, keepRecord, newRecordId, pendingRecords } from '../../services/learning/player.data';
import { isRefusedError } from '../../services/shared/durableQueue';
import { holdRecordingLock } from '../../services/learning/recordingLock';

/** What every record of this courseware carries; null: not recorded. */
export interface RecordBase {
  courseId: number;
  coursewareId: number;
  coursewareName: string;
  coursewareType: CoursewareType;
  stageId: number | null;
  watchTicket: string;
}

export interface ProgressRecorderInput {
  base: RecordBase | null;
  now: () => number;
}

interface Context {
  base: RecordBase | null;
  now: () => number;
  playing: boolean;
  visible: boolean;
  lockHeld: boolean;
  /** When counting started (now()), while counting. */
  since: number | null;
  /** Counted milliseconds not yet in a record. */
  countedMs: number;
  position: number;
  queue: LearnedRecordPayload[];
  failures: number;
  /** The server's answer to the last counted record of this courseware. */
  progress: StudyPercentageInfo | null;
  refused: number;
  /** Why the server refused the last record it will never take (its message). */
  refusedReason: string | null;
  /** Seconds: the furthest point watched on this lesson, while seeking is `guarded`. */
  furthest: number;
  /** Seconds of the media (from the player config); 0 until it is known. */
  duration: number;
}

export type ProgressRecorderEvent =
  | { type: 'PLAYING'; position: number }
  | { type: 'PAUSED'; position: number }
  | { type: 'STALLED'; position: number }
  | { type: 'ENDED'; position: number }
  | { type: 'POSITION'; position: number }
  | { type: 'VISIBILITY'; visible: boolean }
  | { type: 'LOCK'; held: boolean }
  | { type: 'LEAVE'; position: number }
  | { type: 'ONLINE' }
  /** The student moves the playhead to `position` (the media's `seeking`). */
  | { type: 'SEEKING'; position: number }
  /** The player config: the lesson's seek limit (null: seeking is free) and its length. */
  | { type: 'SEEK_LIMIT'; limit: SeekLimit | null; duration: number };

/** What the recorder asks of the player: move the playhead back to `position` (a seek went past the furthest point watched). */
export interface SnapBack {
  type: 'snapBack';
  position: number;
}

const watching = (c: Pick<Context, 'playing' | 'visible' | 'lockHeld'>) => c.playing && c.visible && c.lockHeld;

/** A negative position (the view no longer knows it) keeps the last one. */
const positionOf = (event: ProgressRecorderEvent, fallback: number) => ('position' in event && event.position >= 0 ? Math.floor(event.position) : fallback);

const recorder = setup({
  types: { context: {} as Context, events: {} as ProgressRecorderEvent, input: {} as ProgressRecorderInput, emitted: {} as SnapBack },
  actors: {
    loadPending: fromPromise<LearnedRecordPayload[]>(() => pendingRecords()),
    sendRecord: fromPromise<LearnedRecordResult, LearnedRecordPayload>(({ input }) => deliverRecord(input)),
    dropRecord: fromPromise<void, string>(({ input }) => dropRecord(input)),
    recordingLock: fromCallback<ProgressRecorderEvent>(({ sendBack }) => holdRecordingLock((held) => sendBack({ type: 'LOCK', held }))),
  },
  actions: {
    /** Counted time so far moves into countedMs (counting goes on from now if still watching, with the flags as they are now). */
    bank: assign(({ context }) => {
      if (context.since === null) return {};
      const now = context.now();
      return { countedMs: context.countedMs + Math.max(0, now - context.since), since: watching(context) ? now : null };
    }),
    startCounting: assign(({ context }) => ({ since: context.now() })),
    stopCounting: assign({ since: null }),
    /** Writes a record to the outbox (the durable queue) before it is sent; a failing write is not the screen's concern. */
    keep: (_, params: { record: LearnedRecordPayload }) => void keepRecord(params.record).catch(() => undefined),
    /** The page goes away: the browser takes what still waits and sends it after the page is gone. */
    beacon: ({ context }) => beaconRecords(context.queue),
    setPosition: assign({ position: ({ context, event }) => positionOf(event, context.position) }),
    takeLimit: assign(({ context, event }) =>
      event.type === 'SEEK_LIMIT' && event.limit ? { furthest: Math.max(context.furthest, event.limit.furthest), duration: event.duration } : {},
    ),
    /** The media played on from the furthest point: it moves with it (a jump is a seek, never this). */
    extendFurthest: assign({ furthest: ({ context, event }) => naturalPlayReach(context.furthest, positionOf(event, -1)) }),
    /** The playhead goes back to the furthest point: the position is that point, and the player is told (`snapBack`). */
    toFurthest: assign({ position: ({ context }) => context.furthest }),
    snapBack: emit(({ context }) => ({ type: 'snapBack' as const, position: context.furthest })),
  },
  guards: {
    recorded: ({ context }) => context.base !== null,
    isWatching: ({ context }) => watching(context),
    notWatching: ({ context }) => !watching(context),
    hasQueue: ({ context }) => context.queue.length > 0,
    refusedForGood: ({ event }) => isRefusedError((event as { error?: unknown }).error),
    limitGiven: ({ event }) => event.type === 'SEEK_LIMIT' && event.limit !== null,
    seeksAhead: ({ context, event }) => event.type === 'SEEKING' && seeksAhead(event.position, context.furthest),
    watchedToEnd: ({ context }) => lessonCompleted(context.furthest, context.duration),
  },
  delays: {
    interval: LEARNED_RECORD_INTERVAL_SECONDS * 1000,
    backoff: ({ context }) => retryDelayMs(context.failures),
  },
});

// `cut` enqueues the named `keep` action, so it is declared once `keep` is known.
export const progressRecorderMachine = recorder
  .extend({
    actions: {
      /** The counted whole seconds become a record: kept in the outbox first (`keep`), then queued to send. */
      cut: recorder.enqueueActions(({ context, enqueue }) => {
        const { seconds, restMs } = cutLearnedTime(context.countedMs);
        if (seconds < 1 || !context.base) return;
        const record: LearnedRecordPayload = { ...context.base, learnedTime: seconds, progressBar: context.position, recordId: newRecordId() };
        enqueue({ type: 'keep', params: { record } });
        enqueue.assign({ countedMs: restMs, queue: [...context.queue, record] });
      }),
    },
  })
  .createMachine({
    id: 'progressRecorder',
    context: ({ input }) => ({
      base: input.base,
      now: input.now,
      playing: false,
      visible: true,
      lockHeld: false,
      since: null,
      countedMs: 0,
      position: 0,
      queue: [],
      failures: 0,
      progress: null,
      refused: 0,
      refusedReason: null,
      furthest: 0,
      duration: 0,
    }),
    initial: 'checking',
    states: {
      checking: { always: [{ guard: 'recorded', target: 'recording' }, { target: 'disabled' }] },
      disabled: {},
      recording: {
        type: 'parallel',
        invoke: { id: 'recordingLock', src: 'recordingLock' },
        on: {
          // The flag first, then bank: the time counted up to now is kept, and counting goes on only if still watching.
          PLAYING: { actions: [assign({ playing: true }), 'bank', 'setPosition'] },
          POSITION: { actions: 'setPosition' },
          STALLED: { actions: [assign({ playing: false }), 'bank', 'setPosition'] },
          SEEKING: { actions: [assign({ playing: false }), 'bank', 'setPosition'] },
          PAUSED: { actions: [assign({ playing: false }), 'bank', 'setPosition', 'cut'] },
          ENDED: { actions: [assign({ playing: false }), 'bank', 'setPosition', 'cut'] },
          LEAVE: { actions: [assign({ playing: false }), 'bank', 'setPosition', 'cut', 'beacon'] },
          VISIBILITY: { actions: [assign({ visible: ({ event }) => event.visible }), 'bank'] },
          LOCK: { actions: [assign({ lockHeld: ({ event }) => event.held }), 'bank'] },
        },
        states: {
          watch: {
            initial: 'idle',
            states: {
              idle: { always: { guard: 'isWatching', target: 'counting' } },
              counting: {
                entry: 'startCounting',
                exit: ['bank', 'stopCounting'],
                always: { guard: 'notWatching', target: 'idle' },
                after: { interval: { target: 'counting', reenter: true, actions: ['bank', 'cut'] } },
              },
            },
          },
          outbox: {
            initial: 'restoring',
            states: {
              restoring: {
                invoke: {
                  id: 'loadPending',
                  src: 'loadPending',
                  onDone: {
                    target: 'idle',
                    actions: assign({
                      queue: ({ context, event }) => [...event.output.filter((r) => !context.queue.some((q) => q.recordId === r.recordId)), ...context.queue],
                    }),
                  },
                  onError: 'idle',
                },
              },
              idle: { always: { guard: 'hasQueue', target: 'sending' } },
              sending: {
                invoke: {
                  id: 'sendRecord',
                  src: 'sendRecord',
                  input: ({ context }) => context.queue[0]!,
                  onDone: {
                    target: 'idle',
                    actions: assign(({ context, event }) => ({
                      queue: context.queue.slice(1),
                      failures: 0,
                      progress: event.output.coursewareId === context.base?.coursewareId ? event.output.studyPercentageInfo : context.progress,
                    })),
                  },
                  onError: [
                    {
                      guard: 'refusedForGood',
                      target: 'dropping',
                      actions: assign({ refusedReason: ({ event }) => (event.error instanceof Error && event.error.message ? event.error.message : null) }),
                    },
                    { target: 'waiting', actions: assign({ failures: ({ context }) => context.failures + 1 }) },
                  ],
                },
              },
              dropping: {
                invoke: {
                  id: 'dropRecord',
                  src: 'dropRecord',
                  input: ({ context }) => context.queue[0]!.recordId,
                  onDone: { target: 'idle', actions: assign(({ context }) => ({ queue: context.queue.slice(1), refused: context.refused + 1, failures: 0 })) },
                  onError: { target: 'idle', actions: assign(({ context }) => ({ queue: context.queue.slice(1), refused: context.refused + 1 })) },
                },
              },
              waiting: {
                after: { backoff: 'sending' },
                on: { ONLINE: 'sending' },
              },
            },
          },
          seek: {
            initial: 'free',
            states: {
              free: { on: { SEEK_LIMIT: { guard: 'limitGiven', target: 'guarded', actions: 'takeLimit' } } },
              guarded: {
                always: { guard: 'watchedToEnd', target: 'completed' },
                // Each also runs the `recording` region's own transition for the event (counting, the position).
                on: {
                  SEEK_LIMIT: [{ guard: 'limitGiven', actions: 'takeLimit' }, { target: 'free' }],
                  SEEKING: { guard: 'seeksAhead', actions: ['toFurthest', 'snapBack'] },
                  POSITION: { actions: 'extendFurthest' },
                  PAUSED: { actions: 'extendFurthest' },
                  STALLED: { actions: 'extendFurthest' },
                  ENDED: { actions: 'extendFurthest' },
                },
              },
              completed: {},
            },
          },
        },
      },
    },
  });
