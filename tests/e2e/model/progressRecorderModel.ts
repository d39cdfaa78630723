/**
 * The progressRecorder machine's model for Chromium (tests/e2e/progressRecorder.model.spec.ts): the
 * real machine loaded through Vite, what the student, the player and the real server can do in
 * each state, and the few paths chosen to take every step.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { loadModules } from '../../../scripts/statecharts/loadModules';
import type { LearnedRecordPayload, LearnedRecordResult } from '../../../src/domain/learning/contract';
import { LEARNING_TEXTS } from '../../../src/domain/learning/texts';
import { NETWORK_ERROR_TEXT } from '../../../src/domain/shared/errors';
import type { ApiError as ApiErrorClass } from '../../../src/services/shared/http/ApiError';
import type { GeneratedPath } from '../../model/pathGeneration';
import { chromiumPaths } from './chromiumModel';

// The machine's refusal guard asks `instanceof` of the ApiError its own modules load: both come from one Vite load.
const [recorderModule, errorModule] = await loadModules(process.cwd(), [
  'src/machines/learning/progressRecorder.machine.ts',
  'src/services/shared/http/ApiError.ts',
]);
const machine = recorderModule!.mod.progressRecorderMachine as AnyStateMachine;
const ApiError = errorModule!.mod.ApiError as typeof ApiErrorClass;

export const INTERVAL = 'xstate.after.interval.progressRecorder.recording.watch.counting';
export const BACKOFF = 'xstate.after.backoff.progressRecorder.recording.outbox.waiting';
/** The name src/services/learning/recordingLock.ts gives the Web Lock (checked against what the page asks for). */
export const LOCK_NAME = 'xuetu-study-time';
/** Seconds of real watching in each stretch of counting: whatever cuts it makes a record of whole seconds, as in the model. */
export const WATCHED_SECONDS = 3;

/** Stand-ins the steps turn into the real lesson: the record base (the model's input), a record an earlier page left, the server's answers. */
const BASE = { courseId: 1, coursewareId: 1, coursewareName: '课件', coursewareType: 'VIDEO', stageId: null, watchTicket: 'ticket' } as const;
export const LEFTOVER: LearnedRecordPayload = {
  ...BASE,
  learnedTime: WATCHED_SECONDS,
  progressBar: WATCHED_SECONDS,
  recordId: 'record-left-by-an-earlier-page',
};
const COUNTED: LearnedRecordResult = {
  coursewareId: BASE.coursewareId,
  counted: true,
  studyPercentageInfo: { learnedTotalTime: 3, studyPercentage: 0, progressBar: 3 },
};
const OFFLINE = new ApiError(NETWORK_ERROR_TEXT, 0, null);
const REFUSED = new ApiError(LEARNING_TEXTS.tooMuchTime, 400, 400);

interface Ctx {
  playing: boolean;
  visible: boolean;
  lockHeld: boolean;
  position: number;
  queue: LearnedRecordPayload[];
  progress: unknown;
  refused: number;
  refusedReason: string | null;
}
export const ctx = (s: AnyMachineSnapshot) => s.context as Ctx;
const event = (e: { type: string } & Record<string, unknown>): EventObject => e;
export const outboxIs = (s: AnyMachineSnapshot, value: 'restoring' | 'idle' | 'sending' | 'dropping' | 'waiting') =>
  s.matches({ recording: { outbox: value } });
const counting = (s: AnyMachineSnapshot) => s.matches({ recording: { watch: 'counting' } });

/**
 * What a real page lets happen in `s`. The outbox's first read (IndexedDB) and a refused record's
 * removal end within milliseconds and cannot be held from the page, nor made to fail: their done
 * events come at once, their error events never. While a failed record waits only its way out (the
 * back-off, the browser back online) happens: the page's clock stands still meanwhile. The interval
 * is taken only while no record is on its way (the step waits for the record it sends). After a
 * refusal the student has no time left to be credited, so nothing more is sent; leaving ends a path.
 * Left out to keep the paths few: a stall (seeking, buffering) stops counting as a pause does, only
 * without a record; the end cuts a record as a pause does (the lessons last 18 minutes and more); a
 * position changes no state. The lock, once this tab holds it, is never taken away.
 */
function events(s: AnyMachineSnapshot): EventObject[] {
  if (!s.matches('recording')) return [];
  const { playing, visible, lockHeld, position, refusedReason } = ctx(s);
  if (outboxIs(s, 'restoring'))
    return [event({ type: 'xstate.done.actor.loadPending', output: [] }), event({ type: 'xstate.done.actor.loadPending', output: [LEFTOVER] })];
  if (outboxIs(s, 'dropping')) return [event({ type: 'xstate.done.actor.dropRecord', output: undefined })];
  if (refusedReason !== null) return [];
  if (outboxIs(s, 'waiting')) return [{ type: 'ONLINE' }, { type: BACKOFF }];
  const list: EventObject[] = [];
  if (outboxIs(s, 'sending'))
    list.push(
      event({ type: 'xstate.done.actor.sendRecord', output: COUNTED }),
      event({ type: 'xstate.error.actor.sendRecord', error: OFFLINE }),
      event({ type: 'xstate.error.actor.sendRecord', error: REFUSED }),
    );
  if (counting(s) && outboxIs(s, 'idle')) list.push({ type: INTERVAL });
  if (!lockHeld) list.push(event({ type: 'LOCK', held: true }));
  list.push(playing ? event({ type: 'PAUSED', position: position + WATCHED_SECONDS }) : event({ type: 'PLAYING', position }));
  list.push(event({ type: 'VISIBILITY', visible: !visible }), event({ type: 'LEAVE', position: -1 }));
  return list;
}

/** A path as a tester reads it: the state it ends in, and its steps as told apart here. */
export const titleOf = (path: GeneratedPath) =>
  `${JSON.stringify(path.state.value).replace(/"/g, '')} via ${
    path.steps
      .slice(1)
      .map((s) => kindOf(s.event))
      .join(' → ') || 'start'
  }`;

/** An event as a student or tester tells it apart (the error and the outbox's read by what they carry). */
export function kindOf(e: EventObject): string {
  const { output, error, visible } = e as { output?: unknown[]; error?: ApiErrorClass; visible?: boolean };
  if (e.type === 'xstate.error.actor.sendRecord') return error!.status === 0 ? 'offline' : 'refused';
  if (e.type === 'xstate.done.actor.loadPending') return output!.length > 0 ? 'leftover' : 'restored';
  if (e.type === 'VISIBILITY') return visible ? 'shown' : 'hidden';
  return e.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\.(\w+)\..*$/, 'after:$1');
}

const regionOf = (s: AnyMachineSnapshot, region: 'watch' | 'outbox') => (s.value as { recording: Record<string, string> }).recording[region]!;
/** What a path shows: every state it passes, and each region's state with the event that entered it (the interval re-enters counting). */
export function coverageOf(path: GeneratedPath): Set<string> {
  const seen = new Set<string>();
  path.steps.forEach((step, i) => {
    seen.add(JSON.stringify(step.state.value));
    if (i === 0) return;
    const before = path.steps[i - 1]!.state;
    for (const region of ['watch', 'outbox'] as const)
      if (regionOf(before, region) !== regionOf(step.state, region) || (region === 'watch' && step.event.type === INTERVAL))
        seen.add(`${region}.${regionOf(step.state, region)} ← ${kindOf(step.event)}`);
  });
  return seen;
}

/**
 * A path's price, about the seconds it takes (a new student and a page load, a step, the back-off,
 * each stretch of counting); an earlier page and the interval priced above their seconds, so that
 * few paths wait for them.
 */
function costOf(path: GeneratedPath): number {
  return path.steps.slice(1).reduce((seconds, step, i) => {
    const kind = kindOf(step.event);
    const startsCounting = !counting(path.steps[i]!.state) && counting(step.state);
    return (
      seconds + 1 + (kind === 'leftover' ? 30 : kind === 'after:interval' ? 25 : kind === 'after:backoff' ? 2 : 0) + (startsCounting ? WATCHED_SECONDS : 0)
    );
  }, 8);
}

let tick = 0;
// The model's clock moves 5 s each time the recorder reads it: whenever the model counted, the page has counted whole seconds too.
const generated = chromiumPaths({
  machine,
  input: { base: BASE, now: () => (tick += 5000) },
  events,
  serializeState: (s) => {
    const { playing, visible, lockHeld, refusedReason, queue } = ctx(s);
    return JSON.stringify([s.value, playing, visible, lockHeld, refusedReason !== null, queue.some((r) => r.recordId === LEFTOVER.recordId)]);
  },
  coverage: 'transitions',
}).filter((p) => !p.steps.slice(0, -1).some((step) => step.event.type === 'LEAVE'));

/**
 * Few paths, each a page load and seconds of playback: of the generated ones (the shortest to each
 * state, each extended by every event it may take), greedily the ones that show most of what is not
 * yet shown for their cost, until every state has been passed and each region's state entered by
 * every event that enters it.
 */
function choose(candidates: GeneratedPath[]): GeneratedPath[] {
  const wanted = new Set(candidates.flatMap((p) => [...coverageOf(p)]));
  const shown = new Set<string>();
  const chosen: GeneratedPath[] = [];
  while (shown.size < wanted.size) {
    let best: GeneratedPath | null = null;
    let bestScore = 0;
    for (const p of candidates) {
      const score = [...coverageOf(p)].filter((item) => !shown.has(item)).length / costOf(p);
      if (score > bestScore) [best, bestScore] = [p, score];
    }
    chosen.push(best!);
    for (const item of coverageOf(best!)) shown.add(item);
  }
  return chosen;
}
export const paths = choose(generated);

/** A visitor's free audition: not recorded, the machine's other start. */
export const auditionPaths = chromiumPaths({ machine, input: { base: null, now: () => 0 }, events: () => [], serializeState: (s) => JSON.stringify(s.value) });
