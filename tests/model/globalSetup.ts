/**
 * The model project's set-up and tear-down: the coverage records of the last run are cleared, and
 * when every model test has run, one table says for each machine of src/machines the states its
 * paths reach and the transitions they take, out of all it defines (coverage.ts). A machine driven
 * by several suites counts what any of them covers.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { COVERAGE_DIR_ENV, COVERAGE_ROOT, coverageDir, type MachineCoverage } from './coverage';
import { CATALOGUE_NAME, catalogueFile, type MachineTotals } from './machineCatalogue';
import { screenHashesDir } from './screenCapture';
import { readScreensIndex, screenStaleness } from '../../scripts/statecharts/screens';

/** A folder for this run's records, which the test workers find through the environment. */
export function setup(): void {
  const dir = path.join(COVERAGE_ROOT, `run-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  process.env[COVERAGE_DIR_ENV] = dir;
}

interface Row {
  machine: string;
  states: string;
  transitions: string;
  excused: number;
  full: boolean;
  note: string;
}

const percent = (n: number, total: number) => (total === 0 ? '—' : `${Math.floor((n / total) * 100)}%`);

function merge(records: readonly MachineCoverage[], totals: MachineTotals | undefined): Row {
  const first = records[0]!;
  const missingStates = records.map((r) => new Set(r.states.missing)).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
  const missingTransitions = records.map((r) => new Set(r.transitions.missing)).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
  const excused = new Set(
    records
      .flatMap((r) => Object.keys(r.transitions.excused))
      .filter((k) => !records.some((r) => !r.transitions.missing.includes(k) && !(k in r.transitions.excused))),
  );
  const statesTotal = totals?.states ?? first.states.total;
  const transitionsTotal = totals?.transitions ?? first.transitions.total;
  const statesReached = statesTotal - missingStates.size;
  const transitionsTaken = transitionsTotal - missingTransitions.size - excused.size;
  return {
    machine: first.machine,
    states: `${statesReached}/${statesTotal} ${percent(statesReached, statesTotal)}`,
    transitions: `${transitionsTaken}/${transitionsTotal} ${percent(transitionsTaken, transitionsTotal)}`,
    excused: excused.size,
    full: missingStates.size === 0 && missingTransitions.size === 0,
    note: [
      missingStates.size > 0 ? `not reached: ${[...missingStates].join(', ')}` : '',
      missingTransitions.size > 0 ? `not taken: ${[...missingTransitions].join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  };
}

export function teardown(): void {
  const dir = coverageDir();
  if (!existsSync(dir)) return;
  const records: MachineCoverage[] = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== CATALOGUE_NAME)
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as MachineCoverage);
  const catalogue: MachineTotals[] = existsSync(catalogueFile()) ? (JSON.parse(readFileSync(catalogueFile(), 'utf8')) as MachineTotals[]) : [];
  printTable(records, catalogue);
  printScreens();
  rmSync(dir, { recursive: true, force: true });
}

function printTable(records: readonly MachineCoverage[], catalogue: readonly MachineTotals[]): void {
  const ids = [...new Set([...catalogue.map((m) => m.machine), ...records.map((r) => r.machine)])].sort();
  const rows: Row[] = ids.map((id) => {
    const own = records.filter((r) => r.machine === id);
    const totals = catalogue.find((m) => m.machine === id);
    if (own.length === 0)
      return {
        machine: id,
        states: `0/${totals?.states ?? '?'}`,
        transitions: `0/${totals?.transitions ?? '?'}`,
        excused: 0,
        full: false,
        note: 'no model test yet',
      };
    return merge(own, totals);
  });
  const widths = [Math.max(7, ...rows.map((r) => r.machine.length)), 14, 16, 7];
  const line = (cells: string[]) => cells.map((c, i) => (i < widths.length ? c.padEnd(widths[i]!) : c)).join('  ');
  console.log('\n== model-based coverage: states reached / total, transitions taken / total (excused: unreachable through the view, with a reason)');
  console.log(line(['machine', 'states', 'transitions', 'excused', 'note']));
  console.log(line(widths.map((w) => '-'.repeat(w)).concat(['----'])));
  for (const r of rows) console.log(line([r.machine, r.states, r.transitions, String(r.excused), r.note]));
  const full = rows.filter((r) => r.full).length;
  console.log(`${full} of ${rows.length} machines at 100% of states and transitions (excused transitions apart)\n`);
}

/**
 * Whether the gallery's pictures still show the screens: each state's screen of this run (its DOM's
 * hash, tests/model/screenCapture.ts) against the one its picture was drawn from. Only states this
 * run reached count, so a run of a few files reports on those.
 */
function printScreens(): void {
  const dir = screenHashesDir();
  if (!existsSync(dir)) return;
  const runs = readdirSync(dir).map(
    (f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { machine: string; suite: string; hashes: Record<string, string> },
  );
  const { current, stale, missing } = screenStaleness(readScreensIndex(process.cwd()), runs);
  const list = (keys: string[]) => `${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ` … (${keys.length - 8} more)` : ''}`;
  console.log(`== state pictures of the gallery (statecharts/screens): ${current} current, ${stale.length} stale, ${missing.length} without a picture`);
  if (stale.length > 0) console.log(`   stale (the screen changed since it was drawn): ${list(stale)}`);
  if (missing.length > 0) console.log(`   no picture yet: ${list(missing)}`);
  if (stale.length + missing.length > 0) console.log('   npm run screens draws them again\n');
}
