/**
 * Keeps each suite's generated paths in statecharts/paths/ (scripts/statecharts/testPaths.ts says
 * why and how they are read). A model run compares what its suites generate with those files and
 * fails on any difference; with XT_WRITE_PATHS=1 (`npm run paths -- --write`) it writes them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { MachineCoverage } from './coverage';
import { eventDetail, leafStates, PATHS_DIR, pathsFileName, type SuitePaths } from '../../scripts/statecharts/testPaths';

export const WRITE_PATHS_ENV = 'XT_WRITE_PATHS';

/** A suite's record: what its paths cover (coverage.ts), then the paths themselves. */
export function recordPaths(
  coverage: MachineCoverage,
  start: string,
  paths: readonly { steps: readonly { event: EventObject; state: AnyMachineSnapshot }[] }[],
): SuitePaths {
  return {
    machine: coverage.machine,
    suite: coverage.suite,
    start,
    coverage: {
      missingStates: coverage.states.missing,
      unassertedStates: coverage.states.unasserted,
      missingTransitions: coverage.transitions.missing,
      excused: coverage.transitions.excused,
    },
    paths: paths.map((p) =>
      p.steps.map(
        (s) => [s.event.type, eventDetail(s.event as EventObject & Record<string, unknown>), leafStates(s.state.value)] as SuitePaths['paths'][number][number],
      ),
    ),
  };
}

export const pathsFile = (record: Pick<SuitePaths, 'machine' | 'suite'>): string => path.resolve(PATHS_DIR, pathsFileName(record.machine, record.suite));

/** JSON with one path per line: small, and a changed path is one changed line in a diff. */
const fileText = (record: SuitePaths): string => {
  const { paths, ...head } = record;
  const top = JSON.stringify(head, null, 1).replace(/\n}$/, '');
  return `${top},\n "paths": [\n${paths.map((p) => `  ${JSON.stringify(p)}`).join(',\n')}\n ]\n}\n`;
};

/** Writes the record (XT_WRITE_PATHS=1), or answers what differs from the file on disk (null when nothing). */
export { fileText as pathsFileText };

export function writeOrCompare(record: SuitePaths): string | null {
  const file = pathsFile(record);
  const text = fileText(record);
  if (process.env[WRITE_PATHS_ENV] === '1') {
    mkdirSync(path.dirname(file), { recursive: true });
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
    return null;
  }
  const hint = 'run `npm run paths -- --write` and commit statecharts/';
  if (!existsSync(file)) return `${path.relative(process.cwd(), file)} is missing: ${hint}`;
  return readFileSync(file, 'utf8') === text ? null : `${path.relative(process.cwd(), file)} is not what this suite generates: ${hint}`;
}
