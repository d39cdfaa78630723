/**
 * Finding the machines: every `src/machines/**\/*.machine.ts`, every export that is an XState
 * `StateMachine`. Loading the modules is left to the caller (the CLI loads them through Vite so
 * `import.meta.env` and `define`s work as in the app; the unit test imports them with Vitest).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { AnyStateMachine } from 'xstate';
import type { FlowTexts } from '../../src/domain/flows.texts';
import { machineToMermaid } from './toMermaid';

export const MACHINES_DIR = 'src/machines';
export const OUTPUT_DIR = 'statecharts';
export const MACHINE_FILE = /\.machine\.ts$/;

export interface FoundMachine {
  /** Repo-relative path of the module, POSIX separators. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

/** Repo-relative paths (sorted) of every `*.machine.ts` under `src/machines`. */
export function findMachineFiles(repoRoot: string): string[] {
  const dir = join(repoRoot, MACHINES_DIR);
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => MACHINE_FILE.test(f))
    .map((f) => relative(repoRoot, join(dir, f)).split(sep).join('/'))
    .sort();
}

/** Duck-typed check, so a second copy of xstate in the module graph still counts. */
export function isStateMachine(value: unknown): value is AnyStateMachine {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const root = v.root as Record<string, unknown> | undefined;
  return (
    typeof v.id === 'string' &&
    typeof v.getInitialSnapshot === 'function' &&
    typeof v.transition === 'function' &&
    !!root &&
    typeof root === 'object' &&
    typeof root.type === 'string' &&
    typeof root.states === 'object'
  );
}

/** The machines exported by one module, sorted by export name; an object exported twice counts once. */
export function machinesFromModule(file: string, mod: Record<string, unknown>): FoundMachine[] {
  const seen = new Set<unknown>();
  const out: FoundMachine[] = [];
  for (const name of Object.keys(mod).sort()) {
    const value = mod[name];
    if (!isStateMachine(value) || seen.has(value)) continue;
    seen.add(value);
    out.push({ file, exportName: name, machine: value });
  }
  return out;
}

/**
 * All machines of all modules, sorted by machine id. Throws when two different machines share
 * an id (their files would collide). A module that exports no machine adds a line to `warnings`.
 */
export function collectMachines(
  modules: Array<{ file: string; mod: Record<string, unknown> }>,
  warnings: string[] = [],
): FoundMachine[] {
  const all: FoundMachine[] = [];
  for (const { file, mod } of modules) {
    const found = machinesFromModule(file, mod);
    if (found.length === 0) warnings.push(`${file} exports no XState machine (no StateMachine export): nothing to draw`);
    all.push(...found);
  }
  const byId = new Map<string, FoundMachine>();
  for (const m of all) {
    const prev = byId.get(m.machine.id);
    if (prev && prev.machine !== m.machine) {
      throw new Error(`Two machines have the id "${m.machine.id}": ${prev.file} (${prev.exportName}) and ${m.file} (${m.exportName}); give each machine a unique id`);
    }
    byId.set(m.machine.id, m);
  }
  return [...byId.values()].sort((a, b) => (a.machine.id < b.machine.id ? -1 : a.machine.id > b.machine.id ? 1 : 0));
}

/** File name (inside `statecharts/`) for a machine id. */
export function fileBase(machineId: string): string {
  return machineId.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** The `.mmd` files the generator produces: file name → content, labelled from `texts` (machine id → its entry of src/domain/flows.texts.ts). */
export function expectedMermaidFiles(machines: FoundMachine[], texts: Readonly<Record<string, FlowTexts>> = {}): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of machines) out.set(`${fileBase(m.machine.id)}.mmd`, machineToMermaid(m.machine, texts[m.machine.id]));
  return out;
}

export interface StaleReport {
  stale: string[];
  missing: string[];
  extra: string[];
}

/** Compares expected `.mmd` files with what is in `dir`. */
export function compareMermaidFiles(dir: string, expected: Map<string, string>): StaleReport {
  const present = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.mmd')).sort() : [];
  const report: StaleReport = { stale: [], missing: [], extra: [] };
  for (const [name, content] of [...expected].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!present.includes(name)) report.missing.push(name);
    else if (readFileSync(join(dir, name), 'utf8') !== content) report.stale.push(name);
  }
  for (const name of present) if (!expected.has(name)) report.extra.push(name);
  return report;
}

export function isUpToDate(r: StaleReport): boolean {
  return r.stale.length === 0 && r.missing.length === 0 && r.extra.length === 0;
}
