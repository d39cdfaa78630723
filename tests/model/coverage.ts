/**
 * What a machine's model-based paths cover: the states they reach and the transitions they take,
 * out of every state and transition the real machine defines. describeModel (harness.ts) writes one
 * record per machine under .tmp/model-coverage; globalSetup.ts prints them as one table when
 * `npm run test:model` ends, with the machines no model test drives yet.
 *
 * A transition is one entry of a state's `on`, `after`, `always` or invoke `onDone`/`onError`
 * (each guarded alternative apart), named `<state path> <event>` plus `#n` for the n-th alternative:
 * `editing SUBMIT#1`, `sending xstate.done.actor.send`. A transition a path cannot take through
 * the real view is excused by the suite, with the reason in one line; the table counts it apart.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyStateMachine, AnyStateNode, AnyMachineSnapshot, EventObject, StateValue } from 'xstate';

/**
 * This run's records: globalSetup.ts names a folder of its own for each run (several runs at once on
 * one checkout would otherwise clear each other's), and the workers it starts inherit the name.
 */
export const COVERAGE_ROOT = path.resolve('.tmp/model-coverage');
export const COVERAGE_DIR_ENV = 'XT_MODEL_COVERAGE_DIR';
export function coverageDir(): string {
  return process.env[COVERAGE_DIR_ENV] ?? path.join(COVERAGE_ROOT, 'default');
}

export interface MachineCoverage {
  machine: string;
  /** The describeModel name of the suite. */
  suite: string;
  /** `unasserted`: states no key of the suite's `states` checks (neither the state, an ancestor nor a descendant). */
  states: { reached: number; total: number; missing: string[]; unasserted: string[] };
  transitions: { taken: number; total: number; excused: Record<string, string>; missing: string[] };
}

interface TransitionRef {
  key: string;
  source: AnyStateNode;
  eventType: string;
  /** The definition object the machine holds (getTransitionData answers the same objects). */
  definition: unknown;
  targets: readonly AnyStateNode[];
}

const statePath = (node: AnyStateNode): string => node.path.join('.');

function valueOf(key: string): StateValue {
  const parts = key.split('.');
  return parts.reduceRight<StateValue>((inner, part) => ({ [part]: inner }), parts.pop() as string);
}

/** Every state node below the root. */
export function allStates(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states)) {
      out.push(child);
      walk(child);
    }
  };
  walk(machine.root);
  return out;
}

/** Every transition the machine defines, the root's own (`on` of the whole machine) included. */
export function allTransitions(machine: AnyStateMachine): TransitionRef[] {
  const refs: TransitionRef[] = [];
  for (const node of [machine.root, ...allStates(machine)]) {
    const name = node === machine.root ? '(machine)' : statePath(node);
    const add = (eventType: string, definitions: readonly { target?: readonly AnyStateNode[] | undefined }[]) =>
      definitions.forEach((definition, i) =>
        refs.push({
          key: `${name} ${eventType}${definitions.length > 1 ? `#${i}` : ''}`,
          source: node,
          eventType,
          definition,
          targets: definition.target ?? [],
        }),
      );
    for (const [eventType, definitions] of node.transitions) add(eventType, definitions);
    if (node.always) add('(always)', node.always);
  }
  return refs;
}

const isTransient = (node: AnyStateNode): boolean => {
  const always = node.always ?? [];
  return always.length > 0 && !always[always.length - 1]!.guard;
};

const isActive = (snapshot: AnyMachineSnapshot, node: AnyStateNode) => snapshot.matches(valueOf(statePath(node)));

/** The states reached and the transitions taken along `paths` (each step: the event and the snapshot it led to). */
export function measureCoverage(
  machine: AnyStateMachine,
  suite: string,
  paths: readonly { steps: readonly { event: EventObject; state: AnyMachineSnapshot }[] }[],
  excused: Readonly<Record<string, string>> = {},
  assertionKeys: readonly string[] = [],
): MachineCoverage {
  const states = allStates(machine);
  const transitions = allTransitions(machine);
  const byDefinition = new Map(transitions.map((t) => [t.definition, t]));
  const reached = new Set<AnyStateNode>();
  const taken = new Set<string>();
  for (const p of paths) {
    let previous: AnyMachineSnapshot | null = null;
    for (const step of p.steps) {
      for (const node of states) if (isActive(step.state, node)) reached.add(node);
      if (previous && step.event.type !== 'xstate.init') {
        const entered: AnyStateNode[] = [];
        for (const definition of machine.getTransitionData(previous as never, step.event as never)) {
          const ref = byDefinition.get(definition);
          if (!ref) continue;
          taken.add(ref.key);
          entered.push(...ref.targets);
        }
        // A step whose transitions all stay (no target) enters nothing, yet the eventless
        // transitions of the states it leaves active run after it (a PLAYING that flips a guard).
        if (entered.length > 0) markAlways(entered, step.state);
        else
          markAlways(
            [],
            step.state,
            states.filter((node) => isActive(previous!, node)),
          );
      } else if (step.event.type === 'xstate.init') {
        markAlways([machine.root], step.state);
      }
      previous = step.state;
    }
  }
  /**
   * Eventless (`always`) transitions leave no snapshot of their own: one counts as taken when its
   * source was entered by this step (or holds the initial state), or stayed active through a step that
   * entered nothing, and its target is what is active now.
   */
  function markAlways(entered: readonly AnyStateNode[], after: AnyMachineSnapshot, stayed: readonly AnyStateNode[] = []): void {
    const candidates = new Set<AnyStateNode>(stayed);
    // Entering a state enters its initial child, or every region of a parallel state.
    const addWithInitials = (node: AnyStateNode) => {
      candidates.add(node);
      const initial = node.type === 'parallel' ? Object.values(node.states) : (node.initial?.target ?? []);
      for (const child of initial) addWithInitials(child);
    };
    entered.forEach(addWithInitials);
    // An eventless transition's target may run one of its own (routing → active → pay.choosing → …).
    for (let grew = true; grew;) {
      grew = false;
      for (const ref of transitions) {
        if (ref.eventType !== '(always)' || !candidates.has(ref.source) || taken.has(ref.key)) continue;
        if (ref.targets.length > 0 && ref.targets.every((t) => isActive(after, t)) && !isActive(after, ref.source)) {
          taken.add(ref.key);
          reached.add(ref.source);
          const before = candidates.size;
          ref.targets.forEach(addWithInitials);
          grew ||= candidates.size > before;
        }
      }
    }
  }
  const excusedHere = Object.fromEntries(Object.entries(excused).filter(([key]) => transitions.some((t) => t.key === key) && !taken.has(key)));
  return {
    machine: machine.id,
    suite,
    states: {
      reached: reached.size,
      total: states.length,
      missing: states.filter((s) => !reached.has(s)).map(statePath),
      // A transient state (its eventless transitions end in one without a guard) is never on screen.
      unasserted: states
        .filter((node) => !isTransient(node))
        .map(statePath)
        .filter((p) => !assertionKeys.some((key) => key === p || key.startsWith(`${p}.`) || p.startsWith(`${key}.`))),
    },
    transitions: {
      taken: taken.size,
      total: transitions.length,
      excused: excusedHere,
      missing: transitions.filter((t) => !taken.has(t.key) && !(t.key in excusedHere)).map((t) => t.key),
    },
  };
}

export function writeCoverage(coverage: MachineCoverage): void {
  mkdirSync(coverageDir(), { recursive: true });
  const file = `${coverage.machine}--${coverage.suite.replace(/[^\w\u4e00-\u9fff-]+/g, '_').slice(0, 60)}.json`;
  writeFileSync(path.join(coverageDir(), file), JSON.stringify(coverage, null, 2));
}
