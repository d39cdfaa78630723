/**
 * An offline view of the live actors for developers: which actors run, their current state, their
 * (masked) context and recent events. Fed by XState inspection events.
 */
import type { InspectionEvent } from 'xstate';

export interface LiveEvent {
  type: string;
  at: number;
  payload: unknown;
}

/** One state of an actor's machine as the panel draws it: nested by depth, with where its events lead. */
export interface DiagramState {
  /** Dotted path from the root ('loggedIn.ready'). */
  path: string;
  name: string;
  depth: number;
  transitions: { event: string; targets: string[] }[];
}

export interface LiveActor {
  sessionId: string;
  id: string;
  parentId: string | null;
  state: string;
  context: unknown;
  status: string;
  events: LiveEvent[];
  /** The machine's states, for an actor that runs a statechart (null for promise and callback actors). */
  diagram: DiagramState[] | null;
  /** The paths of the states active now (a parallel machine has several). */
  active: string[];
}

type TransitionDefinitions = { target?: readonly { path: string[] }[] }[];

interface MachineNode {
  key: string;
  path: string[];
  states: Record<string, MachineNode>;
  transitions?: Map<string, TransitionDefinitions>;
  always?: TransitionDefinitions;
}

/** The states of a machine, depth first, with their transitions: drawn from the real machine, offline. */
export function machineDiagram(root: MachineNode): DiagramState[] {
  const out: DiagramState[] = [];
  const targetsOf = (definitions: TransitionDefinitions) =>
    definitions.flatMap((d) => (d.target?.length ? d.target.map((t) => t.path.join('.')) : ['（不离开）']));
  const walk = (node: MachineNode, depth: number) => {
    for (const child of Object.values(node.states)) {
      const transitions = [...(child.transitions ?? new Map<string, TransitionDefinitions>())].map(([event, definitions]) => ({
        event,
        targets: targetsOf(definitions),
      }));
      if (child.always?.length) transitions.push({ event: '(立即)', targets: targetsOf(child.always) });
      out.push({ path: child.path.join('.'), name: child.key, depth, transitions });
      walk(child, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

/** The diagram's states the snapshot is in. */
function activePaths(diagram: readonly DiagramState[], snapshot: { matches?: (value: unknown) => boolean }): string[] {
  if (typeof snapshot.matches !== 'function') return [];
  const valueOf = (path: string): unknown => {
    const parts = path.split('.');
    const last = parts.pop()!;
    return parts.reduceRight<unknown>((inner, part) => ({ [part]: inner }), last);
  };
  return diagram.filter((state) => snapshot.matches!(valueOf(state.path))).map((state) => state.path);
}

const SECRET_KEY = /token|pwd|password|passwd|secret|sessionKey|captcha|code$|^code/i;
const MAX_EVENTS = 20;

/** Tokens, passwords, codes and captcha answers never leave the page (nor show in screenshots). */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => maskSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'function') continue;
      out[key] = SECRET_KEY.test(key) && v !== null && v !== undefined && v !== '' ? '***' : maskSecrets(v, depth + 1);
    }
    return out;
  }
  return value;
}

export function stateText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => (v && typeof v === 'object' && Object.keys(v).length ? `${k}.${stateText(v)}` : typeof v === 'string' ? `${k}.${v}` : k))
      .join(' | ');
  }
  return String(value);
}

/** XState's processing status of a started, not yet stopped actor. */
const RUNNING = 1;

export class ActorRegistry {
  private actors = new Map<string, LiveActor>();
  /**
   * The actors themselves, to tell which still run: a root stopped by React (StrictMode restarts
   * it) or created and never started (StrictMode's second initial state) sends no inspection event
   * that says so.
   */
  private refs = new Map<string, { _processingStatus?: number }>();
  private listeners = new Set<() => void>();
  private version = 0;

  observe = (event: InspectionEvent): void => {
    const ref = event.actorRef as unknown as { sessionId: string; id: string; _parent?: { sessionId: string }; logic?: { id?: string; root?: MachineNode } };
    const key = ref.sessionId;
    if (event.type === '@xstate.actor') {
      // A root actor's id is generated ('x:0'); its machine's id says what it is. Children keep their invoke id.
      const id = ref._parent ? ref.id : (ref.logic?.id ?? ref.id);
      this.refs.set(key, ref as unknown as { _processingStatus?: number });
      const diagram = ref.logic?.root?.states ? machineDiagram(ref.logic.root) : null;
      this.actors.set(key, {
        sessionId: key,
        id,
        parentId: ref._parent?.sessionId ?? null,
        state: '',
        context: null,
        status: 'active',
        events: [],
        diagram,
        active: [],
      });
    } else if (event.type === '@xstate.snapshot') {
      const actor = this.actors.get(key);
      if (!actor) return;
      const snapshot = event.snapshot as { value?: unknown; context?: unknown; status?: string; matches?: (value: unknown) => boolean };
      actor.state = snapshot.value === undefined ? actor.state : stateText(snapshot.value);
      if (actor.diagram) actor.active = activePaths(actor.diagram, snapshot);
      actor.context = maskSecrets(snapshot.context ?? null);
      actor.status = snapshot.status ?? actor.status;
    } else if (event.type === '@xstate.event') {
      const target = this.actors.get(key);
      if (!target) return;
      const { type, ...payload } = event.event as { type: string };
      target.events = [{ type, at: Date.now(), payload: maskSecrets(payload) }, ...target.events].slice(0, MAX_EVENTS);
    } else {
      return;
    }
    this.version++;
    for (const listener of this.listeners) listener();
  };

  /** The actors running now (started, neither stopped nor done). */
  list(): LiveActor[] {
    return [...this.actors.values()].filter((a) => this.refs.get(a.sessionId)?._processingStatus === RUNNING);
  }

  getVersion = (): number => this.version;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
