/**
 * Model-based paths from a real machine with xstate/graph, for the jsdom suites (harness.ts) and
 * the Chromium ones (tests/e2e/model/chromiumModel.ts): pure, it imports no test runner.
 */
import { getInitialSnapshot, getNextSnapshot, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import type { TestModel } from 'xstate/graph';

export interface GeneratedPath {
  state: AnyMachineSnapshot;
  steps: { event: EventObject; state: AnyMachineSnapshot }[];
  weight: number;
}

export interface PathSpec {
  machine: AnyStateMachine;
  input?: unknown;
  /** 'states' reaches every state by its shortest path; 'transitions' also takes every transition once. */
  coverage?: 'states' | 'transitions';
}

/**
 * A path's expected snapshots, recomputed by replaying its events from the initial snapshot.
 * xstate/graph labels each step with its adjacency map's representative of the reached state;
 * when `serializeState` merges snapshots whose contexts differ (to keep paths few), that
 * representative may hold other values than the events of this path produce.
 */
function replay(spec: PathSpec, path: GeneratedPath): GeneratedPath {
  let snapshot = getInitialSnapshot(spec.machine, spec.input as never) as AnyMachineSnapshot;
  const steps = path.steps.map((step, i) => {
    if (!(i === 0 && step.event.type === 'xstate.init')) snapshot = getNextSnapshot(spec.machine, snapshot, step.event as never) as AnyMachineSnapshot;
    return { event: step.event, state: snapshot };
  });
  return { ...path, state: snapshot, steps };
}

/**
 * 'states': the shortest path to every state. 'transitions': those, each extended by every event
 * its final snapshot can take (xstate/graph's getPathsFromEvents ignores `input`, so paths are
 * built here).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- models of every machine, whose snapshot and event types differ.
export function generatePaths(model: TestModel<any, any, any>, spec: PathSpec, available: (s: AnyMachineSnapshot) => readonly EventObject[]): GeneratedPath[] {
  const shortest = (model.getShortestPaths({ allowDuplicatePaths: true }) as unknown as GeneratedPath[]).map((p) => replay(spec, p));
  if ((spec.coverage ?? 'states') === 'states') return shortest;
  const seen = new Set<string>();
  const result: GeneratedPath[] = [];
  for (const path of shortest) {
    for (const event of available(path.state)) {
      const next = getNextSnapshot(spec.machine, path.state, event as never) as AnyMachineSnapshot;
      const extended = { state: next, steps: [...path.steps, { event, state: next }], weight: path.weight + 1 };
      // Events of one type differ by payload (an output, a field's value): all of it tells paths apart.
      const id = JSON.stringify(extended.steps.map((s) => s.event));
      if (seen.has(id)) continue;
      seen.add(id);
      result.push(extended);
    }
  }
  return result;
}
