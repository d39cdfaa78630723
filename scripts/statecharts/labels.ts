/**
 * What a machine's label table (src/domain/flows.texts.ts) must name: every state path, every
 * event type its transitions use (`(always)` for the eventless ones) and every guard, named as the
 * diagram names them. `flowTextProblems` lists what is missing and what names nothing.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { FlowTexts } from '../../src/domain/flows.texts';
import { guardName } from './toMermaid';

/** Key of the eventless (`always`) transitions in a table's `events`, as tests/model/coverage.ts names them. */
export const ALWAYS_EVENT = '(always)';

export interface FlowKeys {
  states: string[];
  events: string[];
  guards: string[];
}

type Transition = { guard?: unknown };

/** State paths, event types and guard names of a machine, each in document order (the order a reader meets them). */
export function flowKeys(machine: AnyStateMachine): FlowKeys {
  const states: string[] = [];
  const events = new Set<string>();
  const guards = new Set<string>();
  const walk = (node: AnyStateNode): void => {
    if (node !== machine.root) states.push(node.path.join('.'));
    for (const [type, ts] of node.transitions as Map<string, Transition[]>) {
      events.add(type);
      for (const t of ts) if (t.guard) guards.add(guardName(t.guard));
    }
    for (const t of (node.always ?? []) as Transition[]) {
      events.add(ALWAYS_EVENT);
      if (t.guard) guards.add(guardName(t.guard));
    }
    for (const child of Object.values(node.states as Record<string, AnyStateNode>).sort((a, b) => a.order - b.order)) walk(child);
  };
  walk(machine.root as AnyStateNode);
  return { states, events: [...events], guards: [...guards] };
}

/** Everything wrong with a machine's texts: missing or empty labels and steps, keys the machine does not have. */
export function flowTextProblems(machine: AnyStateMachine, texts: FlowTexts | undefined): string[] {
  const id = machine.id;
  if (!texts) return [`${id}: no entry in src/domain/flows.texts.ts`];
  const out: string[] = [];
  if (!texts.title.trim()) out.push(`${id}: empty title`);
  if (!texts.description.trim()) out.push(`${id}: empty description`);
  const keys = flowKeys(machine);
  const compare = (kind: keyof FlowKeys, table: Record<string, unknown>, filled: (value: unknown) => boolean): void => {
    const wanted = new Set(keys[kind]);
    for (const k of keys[kind]) {
      if (!(k in table)) out.push(`${id}: ${kind} '${k}' has no label`);
      else if (!filled(table[k])) out.push(`${id}: ${kind} '${k}' has an empty label or step`);
    }
    for (const k of Object.keys(table)) if (!wanted.has(k)) out.push(`${id}: ${kind} '${k}' is not in the machine (stale label)`);
  };
  const text = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';
  compare('states', texts.states, text);
  compare('events', texts.events, (v) => !!v && typeof v === 'object' && text((v as { label?: unknown }).label) && text((v as { step?: unknown }).step));
  compare('guards', texts.guards, text);
  return out;
}
