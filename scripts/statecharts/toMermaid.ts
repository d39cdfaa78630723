/**
 * XState v5 machine → Mermaid `stateDiagram-v2` source.
 *
 * Pure: no DOM, no file system; only walks `machine.root`. The output is deterministic (same
 * machine definition → byte-identical text), so generated files can be compared in CI.
 *
 * Ordering: states appear in document order (the order of the `states` keys in the machine
 * config, which keeps the initial state near the top of the layout); the transitions of one
 * state are sorted by their label (stable, so guarded alternatives of one event keep their
 * priority order).
 *
 * Mermaid (dagre layout) cannot draw an edge from a composite state to itself or to one of its
 * own descendants, and has no node for the machine root. Such transitions are drawn from a
 * small pseudo-state inside the composite labelled 「任意子状态」 (「任意状态」 for the root):
 * "while in any state of this box, on EVENT go to …". Composite states cannot carry description
 * lines in Mermaid, so that pseudo-state also carries the composite's invokes and its
 * targetless (internal) transitions.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { FlowTexts } from '../../src/domain/flows.texts';

type AnyTransition = {
  eventType: string;
  target?: ReadonlyArray<AnyStateNode> | undefined;
  source: AnyStateNode;
  guard?: unknown;
  actions: readonly unknown[];
};

/** Label of the pseudo-state for transitions declared on the machine root. */
export const ROOT_ANY_LABEL = '任意状态';
/** Label of the pseudo-state for transitions declared on a composite state. */
export const COMPOSITE_ANY_LABEL = '任意子状态';
/** With Chinese labels: the line listing a state's targetless (internal) transitions. */
export const INTERNAL_LABEL = '本状态内';

const RESERVED_IDS = new Set([
  'state', 'note', 'end', 'direction', 'classdef', 'class', 'style', 'click', 'as', 'scale', 'hide',
  'acctitle', 'accdescr', 'stateDiagram', 'statediagram-v2', 'root', 'left', 'right', 'of', 'default',
]);

/** Escapes text for a Mermaid label or description (one line, no syntax characters). */
export function escapeLabel(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[#;"<>{}]/g, (ch) => ESCAPES[ch] ?? ch);
}

const ESCAPES: Record<string, string> = {
  '#': '#35;',
  ';': '#59;',
  '"': '#quot;',
  '<': '#lt;',
  '>': '#gt;',
  '{': '#123;',
  '}': '#125;',
};

/** A readable name for a guard: `name`, `and(a, not(b))`, `in(#x.y)`, `inline`. */
export function guardName(guard: unknown): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const fn = guard as { name?: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(fn.guards)) return `${fn.name || 'guard'}(${fn.guards.map(guardName).join(', ')})`;
    if (fn.stateValue !== undefined) {
      const v = fn.stateValue;
      return `in(${typeof v === 'string' ? v : JSON.stringify(v)})`;
    }
    return fn.name && fn.name !== 'guard' ? fn.name : 'inline';
  }
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    return (guard as { type: string }).type;
  }
  return 'guard';
}

function delayLabel(machine: AnyStateMachine, delay: string | number): string {
  if (typeof delay === 'number' || /^\d+$/.test(String(delay))) return `after ${delay}ms`;
  const impl = (machine.implementations?.delays as Record<string, unknown> | undefined)?.[delay];
  return typeof impl === 'number' ? `after ${delay} (${impl}ms)` : `after ${delay}`;
}

/** The event part of a transition's label: event type, `after …`, `done: …`, `error: …`, `always`. */
function eventLabel(machine: AnyStateMachine, node: AnyStateNode, t: AnyTransition, always: boolean): string {
  let ev: string;
  if (always) ev = 'always';
  else {
    const type = String(t.eventType);
    const delayed = node.after.find((a) => a.eventType === type);
    if (delayed) ev = delayLabel(machine, delayed.delay as string | number);
    else if (type.startsWith('xstate.done.actor.')) ev = `done: ${type.slice('xstate.done.actor.'.length)}`;
    else if (type.startsWith('xstate.error.actor.')) ev = `error: ${type.slice('xstate.error.actor.'.length)}`;
    else if (type.startsWith('xstate.snapshot.')) ev = `snapshot: ${type.slice('xstate.snapshot.'.length)}`;
    else if (type === `xstate.done.state.${node.id}`) ev = 'done';
    else if (type.startsWith('xstate.done.state.')) ev = `done: ${type.slice('xstate.done.state.'.length)}`;
    else ev = type;
  }
  return ev;
}

/** The Chinese label of a transition's event (`(always)` for eventless ones), if the table has one. */
function textLabel(texts: FlowTexts | undefined, t: AnyTransition, always: boolean): string | undefined {
  return texts?.events[always ? '(always)' : String(t.eventType)]?.label;
}

function withGuard(ev: string, t: AnyTransition, texts: FlowTexts | undefined): string {
  const g = guardName(t.guard);
  return g ? `${ev} [${texts?.guards[g] ?? g}]` : ev;
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).sort((a, b) => a.order - b.order);
}

function hasChildren(node: AnyStateNode): boolean {
  return node.type === 'compound' || node.type === 'parallel';
}

function isAncestorOrSelf(anc: AnyStateNode, node: AnyStateNode): boolean {
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) if (n === anc) return true;
  return false;
}

function ancestorsOrSelf(node: AnyStateNode): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) out.push(n);
  return out;
}

interface Edge {
  from: string;
  to: string;
  label: string;
  /** State node whose Mermaid block holds the edge line; undefined = top level. */
  block: AnyStateNode | undefined;
  order: number;
  sub: number;
}

/**
 * Converts an XState v5 machine to Mermaid `stateDiagram-v2` text (ending with a newline).
 *
 * Given the machine's entry of the label table (src/domain/flows.texts.ts), states, events and
 * guards are drawn with their Chinese labels (a key the table lacks keeps its English name), the
 * internal transitions are listed as 「本状态内：…」 and the invokes are left out (their done /
 * error arrows say what they do). The Mermaid ids stay the English state paths.
 */
export function machineToMermaid(machine: AnyStateMachine, texts?: FlowTexts): string {
  const root = machine.root as AnyStateNode;
  const rootWrapped = root.type === 'parallel' || root.type === 'atomic' || root.type === 'final';

  // ---- ids ---------------------------------------------------------------------------------
  const ids = new Map<AnyStateNode, string>();
  const anyIds = new Map<AnyStateNode, string>();
  const used = new Set<string>();
  const unique = (base: string): string => {
    let id = base;
    for (let i = 2; used.has(id) || RESERVED_IDS.has(id.toLowerCase()); i++) id = `${base}_${i}`;
    used.add(id);
    return id;
  };
  const segment = (key: string): string =>
    key.replace(/[^A-Za-z0-9_]/g, (ch) => `_${ch.codePointAt(0)!.toString(16)}_`) || '_';
  const assign = (node: AnyStateNode): void => {
    const path = node.path;
    if (node === root) ids.set(node, unique(segment(machine.id || 'machine')));
    else ids.set(node, unique(path.map(segment).join('__')));
    children(node).forEach(assign);
  };
  assign(root);
  const anyId = (node: AnyStateNode): string => {
    let id = anyIds.get(node);
    if (!id) {
      id = unique(node === root ? 'any_state' : `${ids.get(node)}___any`);
      anyIds.set(node, id);
    }
    return id;
  };

  // ---- where edge lines go ----------------------------------------------------------------
  const blockOf = (node: AnyStateNode | undefined): AnyStateNode | undefined => {
    let n = node;
    while (n && n.type === 'parallel') n = n.parent;
    if (n === root && rootWrapped) return undefined;
    return n;
  };
  /** Deepest common strict ancestor of two nodes (for a pseudo-state: its owner counts). */
  const lca = (a: AnyStateNode, b: AnyStateNode, aIsAny: boolean): AnyStateNode | undefined => {
    const bAnc = new Set(ancestorsOrSelf(b));
    let common: AnyStateNode | undefined = ancestorsOrSelf(a).find((n) => bAnc.has(n));
    // The edge line must sit outside both ends; a pseudo-state sits inside its owner `a`.
    if (common === b || (!aIsAny && common === a)) common = common?.parent;
    return common;
  };

  // Targets that are the (unwrapped) root resolve to the root's initial states.
  const resolveTargets = (targets: ReadonlyArray<AnyStateNode>): AnyStateNode[] =>
    targets.flatMap((t) => (t === root && !rootWrapped ? [...(root.initial?.target ?? [])] : [t]));

  // ---- collect transitions ----------------------------------------------------------------
  const edges: Edge[] = [];
  const internal = new Map<AnyStateNode, string[]>();
  const needsAny = new Set<AnyStateNode>();
  let order = 0;
  const visit = (node: AnyStateNode): void => {
    const list: Array<{ t: AnyTransition; ev: string; label: string }> = [];
    const add = (t: AnyTransition, always: boolean): void => {
      const ev = eventLabel(machine, node, t, always);
      list.push({ t, ev, label: withGuard(textLabel(texts, t, always) ?? ev, t, texts) });
    };
    for (const ts of (node.transitions as Map<string, AnyTransition[]>).values()) for (const t of ts) add(t, false);
    for (const t of (node.always ?? []) as AnyTransition[]) add(t, true);
    // Sorted by event; stable, so the guarded alternatives of one event keep their priority order.
    list.sort((x, y) => (x.ev < y.ev ? -1 : x.ev > y.ev ? 1 : 0));
    let sub = 0;
    for (const { t, label } of list) {
      const targets = resolveTargets(t.target ?? []);
      if (targets.length === 0) {
        const arr = internal.get(node) ?? [];
        if (!arr.includes(label)) arr.push(label);
        internal.set(node, arr);
        if (hasChildren(node)) needsAny.add(node);
        continue;
      }
      for (const target of targets) {
        const viaAny = node === root ? !rootWrapped || isAncestorOrSelf(node, target) : hasChildren(node) && isAncestorOrSelf(node, target);
        if (viaAny) needsAny.add(node);
        edges.push({
          from: viaAny ? anyId(node) : ids.get(node)!,
          to: ids.get(target)!,
          label,
          block: blockOf(lca(node, target, viaAny)),
          order,
          sub: sub++,
        });
      }
    }
    order++;
    children(node).forEach(visit);
  };
  visit(root);
  const describe = (node: AnyStateNode): void => {
    if (hasChildren(node) && ((!texts && node.invoke.length > 0) || node.description)) needsAny.add(node);
    children(node).forEach(describe);
  };
  describe(root);
  edges.sort((a, b) => a.order - b.order || a.sub - b.sub);
  for (const n of needsAny) anyId(n);

  // ---- descriptions -----------------------------------------------------------------------
  const descriptionLines = (node: AnyStateNode): string[] => {
    const lines: string[] = [];
    if (node.description) lines.push(node.description);
    if (!texts) {
      for (const inv of node.invoke) {
        const src = typeof inv.src === 'string' && inv.src !== inv.id ? ` (${inv.src})` : '';
        lines.push(`invoke: ${inv.id}${src}`);
      }
    }
    const own = internal.get(node);
    if (own?.length) lines.push(texts ? `${INTERNAL_LABEL}：${own.join('、')}` : `on: ${own.join(', ')}`);
    return lines;
  };

  // ---- emit ---------------------------------------------------------------------------------
  const out: string[] = ['stateDiagram-v2', `  %% ${escapeLabel(machine.id)} — generated by \`npm run statecharts\`; do not edit`];
  const edgeLines = (block: AnyStateNode | undefined, pad: string): string[] =>
    edges
      .filter((e) => e.block === block)
      .map((e) => `${pad}${e.from} --> ${e.to}${e.label ? ` : ${escapeLabel(e.label)}` : ''}`);

  const stateLabel = (node: AnyStateNode): string => {
    const name = (node === root ? texts?.title : texts?.states[node.path.join('.')]) ?? node.key;
    if (node.type === 'history') return `${name} (${node.history === 'deep' ? 'H*' : 'H'})`;
    return name;
  };

  const emitAny = (node: AnyStateNode, pad: string): string[] => {
    if (!needsAny.has(node)) return [];
    const id = anyIds.get(node)!;
    const lines = [`${pad}state "${escapeLabel(node === root ? ROOT_ANY_LABEL : COMPOSITE_ANY_LABEL)}" as ${id}`];
    for (const d of descriptionLines(node)) lines.push(`${pad}${id} : ${escapeLabel(d)}`);
    return lines;
  };

  /** Lines inside the block of a compound/parallel node (or the unwrapped root). */
  const emitBlock = (node: AnyStateNode, pad: string): string[] => {
    const lines: string[] = [];
    const kids = children(node);
    if (node.type === 'parallel') {
      const sections = kids.map((k) => emitState(k, pad));
      if (needsAny.has(node)) sections.push(emitAny(node, pad));
      sections.forEach((s, i) => {
        if (i > 0) lines.push(`${pad}--`);
        lines.push(...s);
      });
      return lines;
    }
    for (const t of node.initial?.target ?? []) lines.push(`${pad}[*] --> ${ids.get(t)}`);
    lines.push(...emitAny(node, pad));
    for (const k of kids) lines.push(...emitState(k, pad));
    lines.push(...edgeLines(node, pad));
    for (const k of kids) if (k.type === 'final') lines.push(`${pad}${ids.get(k)} --> [*]`);
    return lines;
  };

  const emitState = (node: AnyStateNode, pad: string): string[] => {
    const id = ids.get(node)!;
    const head = `${pad}state "${escapeLabel(stateLabel(node))}" as ${id}`;
    if (hasChildren(node)) return [`${head} {`, ...emitBlock(node, `${pad}  `), `${pad}}`];
    return [head, ...descriptionLines(node).map((d) => `${pad}${id} : ${escapeLabel(d)}`)];
  };

  if (rootWrapped) {
    out.push(`  [*] --> ${ids.get(root)}`);
    if (root.type !== 'parallel') out.push(...emitAny(root, '  '));
    out.push(...emitState(root, '  '));
    out.push(...edgeLines(undefined, '  '));
    if (root.type === 'final') out.push(`  ${ids.get(root)} --> [*]`);
  } else {
    out.push(...emitBlock(root, '  '));
    out.push(...edgeLines(undefined, '  '));
  }
  return `${out.join('\n')}\n`;
}

/** Number of state nodes (without the root) and of transitions (incl. `always`) of a machine. */
export function machineStats(machine: AnyStateMachine): { states: number; transitions: number } {
  let states = 0;
  let transitions = 0;
  const walk = (node: AnyStateNode): void => {
    if (node !== machine.root) states++;
    for (const ts of (node.transitions as Map<string, AnyTransition[]>).values()) transitions += ts.length;
    transitions += node.always?.length ?? 0;
    children(node).forEach(walk);
  };
  walk(machine.root as AnyStateNode);
  return { states, transitions };
}
