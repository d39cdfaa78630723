/**
 * Model-based testing on xstate/graph: paths are generated from the real machine, and each path
 * is replayed against the real views. Every reachable state must be matched by an assertion (a
 * TestModel without a matching key would pass silently), and a failing path prints its steps.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { act } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { type AnyStateMachine, type EventFromLogic, type InputFrom, type SnapshotFrom, type StateValue } from 'xstate';
import { TestModel } from 'xstate/graph';
import { measureCoverage, writeCoverage } from './coverage';
import { generatePaths } from './pathGeneration';
import { recordPaths, writeOrCompare } from './pathRecord';
import { screenRecorder } from './screenCapture';

type Snap<M extends AnyStateMachine> = SnapshotFrom<M>;
type Ev<M extends AnyStateMachine> = EventFromLogic<M>;

export interface ModelSuite<M extends AnyStateMachine> {
  machine: M;
  input?: InputFrom<M>;
  /**
   * Event fixtures the traversal may send (payload-less synthetic events cannot satisfy guards); a
   * function of the snapshot when a payload depends on it (the answer to the batch a save sent).
   */
  events: readonly Ev<M>[] | ((snapshot: Snap<M>) => readonly Ev<M>[]);
  /** What makes two snapshots the same model state (keep it small to keep paths few). */
  serializeState: (snapshot: Snap<M>) => string;
  /** Keys are dotted state paths ('loggedIn.ready'); each asserts what the real views show. */
  states: Record<string, (snapshot: Snap<M>) => Promise<void>>;
  /** How each event type is performed on the real system. */
  exec: { [K in Ev<M>['type']]?: (event: Extract<Ev<M>, { type: K }>) => Promise<void> };
  /** Builds a fresh system under test for one path; returns its teardown. */
  setup: () => Promise<() => void | Promise<void>>;
  /** 'states' reaches every state by its shortest path; 'transitions' also takes every transition once. */
  coverage?: 'states' | 'transitions';
  /**
   * Transitions no path can take through the real view, each with the reason in one line, keyed as
   * the coverage table names them (`<state path> <event>`, `#n` for the n-th guarded alternative).
   */
  excused?: Readonly<Record<string, string>>;
  /**
   * Where a tester begins, in Chinese and the screen's words (打开 /uc/login，选择“短信登录”): the
   * first of each path's numbered steps (`npm run paths`, the gallery).
   */
  start: string;
}

/**
 * Lets the page settle inside act: a step that starts lazy loading and requests (a login that
 * leads to another page) must not leave React updates to land later, during a state check's
 * waitFor (React would warn that they happen outside act). Returns once the DOM has stayed the
 * same for a few ticks (at most `timeoutMs` of real time; node:timers/promises is never faked).
 */
export async function settle(timeoutMs = 3000): Promise<void> {
  const started = performance.now();
  let last = '';
  let quiet = 0;
  while (quiet < 5 && performance.now() - started < timeoutMs) {
    await act(async () => {
      await sleep(20);
    });
    const html = document.body.innerHTML;
    quiet = html === last ? quiet + 1 : 0;
    last = html;
  }
}

export function keyToStateValue(key: string): StateValue {
  const parts = key.split('.');
  return parts.reduceRight<StateValue>((inner, part) => ({ [part]: inner }), parts.pop() as string);
}

export function stepsText(steps: readonly { event: { type: string } }[]): string {
  return steps.map((s, i) => `  ${i + 1}. ${s.event.type}`).join('\n');
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the harness drives TestModels of every machine, whose snapshot and event types differ. */
type AnyModel = TestModel<any, any, any>;
interface AnyStatePath {
  state: any;
  steps: { event: { type: string }; state: any }[];
  weight: number;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

function pathName(path: AnyStatePath): string {
  const value = JSON.stringify((path.state as { value: unknown }).value).replace(/"/g, '');
  const events = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).slice(1);
  return `${value} via ${events.length ? events.join(' → ') : 'start'}`;
}

const PATH_TIMEOUT_MS = 20_000;
const FIRST_PATH_TIMEOUT_MS = 60_000;

/**
 * Runs the paths of one machine against the real views. Note on fixtures: paths are told apart by
 * the JSON of their events, in which an Error or a File is `{}`: two fixtures that differ only by
 * such a payload count as one (give each a field of its own, e.g. a reason or a preview URL).
 */
export function describeModel<M extends AnyStateMachine>(name: string, suite: ModelSuite<M>): void {
  const matcher = (snapshot: Snap<M>, key: string) => (snapshot as { matches: (v: StateValue) => boolean }).matches(keyToStateValue(key));
  // Only events the state handles: an unhandled one cannot be performed on the real system.
  const fixtures = (snapshot: Snap<M>) => (typeof suite.events === 'function' ? suite.events(snapshot) : suite.events);
  const available = (snapshot: Snap<M>) => fixtures(snapshot).filter((e) => (snapshot as { can: (e: Ev<M>) => boolean }).can(e));
  const model = new TestModel(suite.machine, {
    events: available,
    serializeState: (s: Snap<M>) => suite.serializeState(s),
    stateMatcher: matcher,
    ...(suite.input !== undefined ? { input: suite.input } : {}),
  } as never);
  const paths = generatePaths(model, suite, available as (s: unknown) => Ev<M>[]) as AnyStatePath[];
  // What these paths cover, for the table at the end of the run (coverage.ts, globalSetup.ts).
  const coverage = measureCoverage(suite.machine, name, paths as never, suite.excused, Object.keys(suite.states));
  writeCoverage(coverage);
  const record = recordPaths(coverage, suite.start, paths as never);

  describe(name, () => {
    const screens = screenRecorder(suite.machine.id, name);
    afterAll(() => screens.done());

    it('every reachable state is checked by an assertion', () => {
      const snapshots = paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]);
      expect(snapshots.length).toBeGreaterThan(0);
      for (const snapshot of snapshots) {
        const keys = Object.keys(suite.states).filter((key) => matcher(snapshot as Snap<M>, key));
        expect(keys, `no assertion for ${JSON.stringify((snapshot as { value: unknown }).value)}`).not.toHaveLength(0);
      }
    });

    it('its paths for QA are the ones kept in statecharts/paths', () => {
      expect(writeOrCompare(record)).toBeNull();
    });

    paths.forEach((path, i) => {
      // Longer than a state check's own 5 s wait, so a failing check reports its assertion, not a
      // timeout. The first path also imports the view's modules (lazy routes included), which on a
      // busy machine can take many seconds: it gets longer.
      it(pathName(path), { timeout: i === 0 ? FIRST_PATH_TIMEOUT_MS : PATH_TIMEOUT_MS }, async () => {
        const teardown = await suite.setup();
        try {
          const execs = Object.fromEntries(
            Object.entries(suite.exec).map(([type, fn]) => [type, (step: { event: Ev<M> }) => (fn as (e: Ev<M>) => Promise<void>)(step.event)]),
          );
          // Once a state's assertion holds, the page is that state's screen (screenCapture.ts).
          const states = Object.fromEntries(
            Object.entries(suite.states).map(([key, fn]) => [
              key,
              async (s: Snap<M>) => {
                await fn(s);
                screens.seen((s as { value: unknown }).value);
              },
            ]),
          );
          const result = await (model as AnyModel).testPath(path as never, { states, events: execs } as never);
          const failed = result.steps.find((step) => step.event.error || step.state.error) ?? (result.state.error ? result : undefined);
          if (failed)
            throw (
              (failed as { state: { error: Error | null }; event?: { error: Error | null } }).event?.error ??
              failed.state.error ??
              new Error('model path failed')
            );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(`${message}\nPath steps:\n${stepsText(path.steps)}`, { cause: error });
        } finally {
          await teardown();
        }
      });
    });
  });
}
