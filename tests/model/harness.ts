/**
 * Model-based testing on xstate/graph: paths are generated from the real machine, and each path
 * is replayed against the real views. Every reachable state must be matched by an assertion (a
 * TestModel without a matching key would pass silently), and a failing path prints its steps.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom, StateValue } from 'xstate';
import { TestModel } from 'xstate/graph';

type Snap<M extends AnyStateMachine> = SnapshotFrom<M>;
type Ev<M extends AnyStateMachine> = EventFromLogic<M>;

export interface ModelSuite<M extends AnyStateMachine> {
  machine: M;
  input?: InputFrom<M>;
  /** Event fixtures the traversal may send (payload-less synthetic events cannot satisfy guards). */
  events: readonly Ev<M>[];
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
}

export function keyToStateValue(key: string): StateValue {
  const parts = key.split('.');
  return parts.reduceRight<StateValue>((inner, part) => ({ [part]: inner }), parts.pop() as string);
}

export function stepsText(steps: readonly { event: { type: string } }[]): string {
  return steps.map((s, i) => `  ${i + 1}. ${s.event.type}`).join('\n');
}

type AnyModel = TestModel<any, any, any>;
interface AnyStatePath {
  state: any;
  steps: { event: { type: string }; state: any }[];
  weight: number;
}

function pathName(path: AnyStatePath): string {
  const value = JSON.stringify((path.state as { value: unknown }).value).replace(/"/g, '');
  const events = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).slice(1);
  return `${value} via ${events.length ? events.join(' → ') : 'start'}`;
}

/**
 * 'states': the shortest path to every state. 'transitions': those, each extended by every
 * transition out of its state (xstate/graph's getPathsFromEvents ignores `input`, so paths are
 * built here from the adjacency map).
 */
function generatePaths(model: AnyModel, serialize: (s: any) => string, coverage: 'states' | 'transitions'): AnyStatePath[] {
  const shortest = model.getShortestPaths({ allowDuplicatePaths: true }) as AnyStatePath[];
  if (coverage === 'states') return shortest;
  const adjacency = model.getAdjacencyMap() as unknown as Record<string, { transitions: Record<string, { event: { type: string }; state: any }> }>;
  const seen = new Set<string>();
  const result: AnyStatePath[] = [];
  for (const path of shortest) {
    const vertex = adjacency[serialize(path.state)];
    for (const t of Object.values(vertex?.transitions ?? {})) {
      const extended = { state: t.state, steps: [...path.steps, { event: t.event, state: t.state }], weight: path.weight + 1 };
      const id = JSON.stringify(extended.steps.map((s) => [s.event.type, (s.event as { output?: unknown }).output]));
      if (seen.has(id)) continue;
      seen.add(id);
      result.push(extended);
    }
  }
  return result;
}

export function describeModel<M extends AnyStateMachine>(name: string, suite: ModelSuite<M>): void {
  const matcher = (snapshot: Snap<M>, key: string) => (snapshot as { matches: (v: StateValue) => boolean }).matches(keyToStateValue(key));
  const model = new TestModel(suite.machine, {
    // Only events the state handles: an unhandled one cannot be performed on the real system.
    events: (snapshot: Snap<M>) => suite.events.filter((e) => (snapshot as { can: (e: Ev<M>) => boolean }).can(e)) as Ev<M>[],
    serializeState: (s: Snap<M>) => suite.serializeState(s),
    stateMatcher: matcher,
    ...(suite.input !== undefined ? { input: suite.input } : {}),
  } as never);
  const paths = generatePaths(model as AnyModel, suite.serializeState as (s: any) => string, suite.coverage ?? 'states');

  describe(name, () => {
    it('every reachable state is checked by an assertion', () => {
      const snapshots = paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]);
      expect(snapshots.length).toBeGreaterThan(0);
      for (const snapshot of snapshots) {
        const keys = Object.keys(suite.states).filter((key) => matcher(snapshot as Snap<M>, key));
        expect(keys, `no assertion for ${JSON.stringify((snapshot as { value: unknown }).value)}`).not.toHaveLength(0);
      }
    });

    for (const path of paths) {
      it(pathName(path), async () => {
        const teardown = await suite.setup();
        try {
          const execs = Object.fromEntries(
            Object.entries(suite.exec).map(([type, fn]) => [type, (step: { event: Ev<M> }) => (fn as (e: Ev<M>) => Promise<void>)(step.event)]),
          );
          const states = Object.fromEntries(Object.entries(suite.states).map(([key, fn]) => [key, (s: Snap<M>) => fn(s)]));
          const result = await (model as AnyModel).testPath(path as never, { states, events: execs } as never);
          const failed = result.steps.find((step) => step.event.error || step.state.error) ?? (result.state.error ? result : undefined);
          if (failed) throw (failed as { state: { error: Error | null }; event?: { error: Error | null } }).event?.error ?? failed.state.error;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new Error(`${message}\nPath steps:\n${stepsText(path.steps)}`, { cause: error });
        } finally {
          await teardown();
        }
      });
    }
  });
}
