/**
 * Every machine of src/machines is covered by model-based paths: each has a suite, every state is
 * reached and checked by an assertion, every transition is taken or excused with a reason. Reads
 * statecharts/paths/, which the model run checks against what its suites generate
 * (tests/model/pathRecord.ts), so this holds for the suites as they are.
 */
import { describe, expect, it } from 'vitest';
import { collectMachines } from '../../../scripts/statecharts/discover';
import { coverageProblems, readAllPaths, type SuitePaths } from '../../../scripts/statecharts/testPaths';

const modules = import.meta.glob<Record<string, unknown>>('../../../src/machines/**/*.machine.ts', { eager: true });
const machines = collectMachines(Object.entries(modules).map(([file, mod]) => ({ file: file.replace('../../../', ''), mod })));

const suite = (machine: string, coverage: Partial<SuitePaths['coverage']> = {}): SuitePaths => ({
  machine,
  suite: `${machine} on /x`,
  start: '打开 /x',
  coverage: { missingStates: [], unassertedStates: [], missingTransitions: [], excused: {}, ...coverage },
  paths: [],
});

describe('model-based coverage of the machines', () => {
  it('names a machine without a suite, and a suite of no machine', () => {
    expect(coverageProblems(['a', 'b'], [suite('a'), suite('gone')])).toEqual([
      'b: no model-based test (tests/model/b.model.test.tsx with describeModel)',
      'gone: suite "gone on /x" drives no machine of src/machines (a stale file in statecharts/paths)',
    ]);
  });

  it('counts what any suite of a machine covers, and an excuse only where no suite takes the transition', () => {
    const one = suite('a', {
      missingStates: ['s1', 's2'],
      unassertedStates: ['s3'],
      missingTransitions: ['s1 X', 's2 Y'],
      excused: { 's4 RELOAD': 'no view sends it' },
    });
    const two = suite('a', { missingStates: ['s2'], unassertedStates: [], missingTransitions: ['s2 Y', 's4 RELOAD'] });
    expect(coverageProblems(['a'], [one, two])).toEqual(['a: state s2 is reached by no path', 'a: transition s2 Y is taken by no path and not excused']);
    expect(coverageProblems(['a'], [one])).toEqual([
      'a: state s1 is reached by no path',
      'a: state s2 is reached by no path',
      'a: state s3 has no assertion',
      'a: transition s1 X is taken by no path and not excused',
      'a: transition s2 Y is taken by no path and not excused',
    ]);
  });

  it('every machine has a suite whose paths reach and check every state and take every transition not excused', () => {
    expect(machines.length).toBeGreaterThan(40);
    expect(
      coverageProblems(
        machines.map((m) => m.machine.id),
        readAllPaths(process.cwd()),
      ),
    ).toEqual([]);
  });
});
