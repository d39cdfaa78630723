/**
 * The model-based test paths, as QA reads them. `npm run test:model` generates the paths of every
 * suite from its real machine (tests/model/harness.ts) and keeps them in statecharts/paths/, one
 * file per suite: each step is the event, a short text of its payload and the states it led to.
 * The model run fails when a file is not what the suites generate, so the files never drift from
 * the machines (`npm run paths -- --write` refreshes them).
 *
 * From these files and the label table (src/domain/flows.texts.ts) `npm run paths -- <machine>`
 * prints each path as numbered steps in Chinese, and the gallery shows the same text.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FlowTexts } from '../../src/domain/flows.texts';
import { FLOW_PAYLOAD_NAMES } from '../../src/domain/shared/flows.texts';

export const PATHS_DIR = 'statecharts/paths';

/** One step of a path: the event's type, its payload in a few words, and the leaf states active after it. */
export type RecordedStep = [event: string, detail: string, states: string[]];

export interface SuitePaths {
  machine: string;
  /** The describeModel name of the suite (where it starts, in the developers' words). */
  suite: string;
  /** Where a tester begins, in Chinese (e.g. 打开 /uc/login，选择“短信登录”). */
  start: string;
  /**
   * What the suite's paths leave out of the machine (tests/model/coverage.ts): states not reached
   * or that no assertion checks, transitions not taken, and those excused with their reason.
   */
  coverage: {
    missingStates: string[];
    unassertedStates: string[];
    missingTransitions: string[];
    excused: Record<string, string>;
  };
  paths: RecordedStep[][];
}

/** File name of a suite's paths: the machine id, then the suite's name in ASCII. */
export function pathsFileName(machine: string, suite: string): string {
  const slug = suite
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 80);
  return `${machine}--${slug || 'suite'}.json`;
}

/** The leaf state paths of a state value ({a: {b: 'c'}, d: 'e'} → a.b.c, d.e). */
export function leafStates(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => leafStates(inner, `${prefix}${key}.`));
}

const MAX_DETAIL = 60;

/** A time (startedAt, expiresAt, a timestamp) depends on when the tests ran and is nothing a tester types. */
const isTime = (key: string): boolean => /At$|time|timestamp/i.test(key);

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return `“${value}”`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (value === null) return '无';
  if (value instanceof Error) return `“${value.message}”`;
  if (Array.isArray(value)) {
    const parts = value.map(scalarText);
    return parts.every((p) => p !== undefined) ? parts.join('、') || '（空）' : `${value.length} 项`;
  }
  if (typeof value === 'object') {
    // A flat record (a file's kind, a user's fields) in its values; a nested one (a login's answer) says too little to a tester.
    const entries = Object.entries(value as Record<string, unknown>).filter(([key]) => !isTime(key));
    if (entries.some(([, v]) => v !== null && typeof v === 'object')) return undefined;
    const parts = entries.map(([, v]) => scalarText(v)).filter((p): p is string => p !== undefined);
    return parts.length > 0 ? parts.join('，') : undefined;
  }
  return undefined;
}

const fieldName = (key: string): string => FLOW_PAYLOAD_NAMES[key] ?? key;

/**
 * An event's payload in a few words: its own fields except the invoke results (`output`, which
 * carry server data and clocks) and times, an error as its message, and an input's `field` named
 * before its value (`手机号：“13800138000”`). Empty when the event has nothing to say beyond its type.
 */
export function eventDetail(event: { type: string } & Record<string, unknown>): string {
  const entries = Object.entries(event).filter(([key]) => key !== 'type' && key !== 'output' && !isTime(key));
  const field = typeof event.field === 'string' ? event.field : undefined;
  const parts: string[] = [];
  for (const [key, value] of entries) {
    if (key === 'field' && field) continue;
    const text = scalarText(value);
    if (text === undefined) continue;
    if (key === 'value' && field) parts.push(`${fieldName(field)}：${text}`);
    else if (key === 'error' || entries.length === 1) parts.push(text);
    else parts.push(`${fieldName(key)}：${text}`);
  }
  const detail = parts.join('，');
  return detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 1)}…` : detail;
}

/** Every suite's paths on disk, sorted by file name. */
export function readAllPaths(root: string): SuitePaths[] {
  const dir = join(root, PATHS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as SuitePaths);
}

/** The numbered Chinese steps of one path: each line is what to do, then what the screen should then be. */
export function pathSteps(suite: SuitePaths, path: readonly RecordedStep[], texts: FlowTexts | undefined): string[] {
  const stateText = (states: readonly string[]): string => states.map((s) => texts?.states[s] ?? s).join('，');
  return path.map(([event, detail, states], i) => {
    const what =
      i === 0 && event === 'xstate.init' ? suite.start : `${texts?.events[event]?.step ?? event}${detail ? `（${detail}）` : ''}`;
    return `${i + 1}. ${what} → ${stateText(states)}`;
  });
}

/** A path's one-line name: where it ends. */
export function pathGoal(path: readonly RecordedStep[], texts: FlowTexts | undefined): string {
  const last = path[path.length - 1];
  return last ? last[2].map((s) => texts?.states[s] ?? s).join('，') : '';
}

/**
 * What keeps the machines from full coverage, merged over the suites of each machine (a state or
 * transition counts when any suite covers it; an excuse counts when no suite takes the transition):
 * a machine without a suite, states no path reaches or no assertion checks, transitions neither
 * taken nor excused, and suites of machines that do not exist.
 */
export function coverageProblems(machineIds: readonly string[], suites: readonly SuitePaths[]): string[] {
  const problems: string[] = [];
  const everywhere = (lists: string[][]): string[] => (lists.length === 0 ? [] : lists.reduce((a, b) => a.filter((x) => b.includes(x))));
  for (const id of machineIds) {
    const mine = suites.filter((s) => s.machine === id);
    if (mine.length === 0) {
      problems.push(`${id}: no model-based test (tests/model/${id}.model.test.tsx with describeModel)`);
      continue;
    }
    for (const state of everywhere(mine.map((s) => s.coverage.missingStates))) problems.push(`${id}: state ${state} is reached by no path`);
    for (const state of everywhere(mine.map((s) => s.coverage.unassertedStates))) problems.push(`${id}: state ${state} has no assertion`);
    const excused = new Set(mine.flatMap((s) => Object.keys(s.coverage.excused)));
    for (const t of everywhere(mine.map((s) => [...s.coverage.missingTransitions, ...Object.keys(s.coverage.excused)])))
      if (!excused.has(t)) problems.push(`${id}: transition ${t} is taken by no path and not excused`);
  }
  const known = new Set(machineIds);
  for (const s of suites) if (!known.has(s.machine)) problems.push(`${s.machine}: suite "${s.suite}" drives no machine of src/machines (a stale file in ${PATHS_DIR})`);
  return problems;
}
