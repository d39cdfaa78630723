/**
 * Lists every machine of src/machines (each `*.machine.ts` export that is a statechart) with the
 * states and transitions it defines, so the coverage table at the end of `npm run test:model` shows
 * the machines no model test drives too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { isStateMachine } from '../../scripts/statecharts/discover';
import { allStates, allTransitions, coverageDir } from './coverage';
import { catalogueFile, type MachineTotals } from './machineCatalogue';

const modules = import.meta.glob<Record<string, unknown>>('../../src/machines/**/*.machine.ts', { eager: true });

it('finds every machine of src/machines and counts its states and transitions', () => {
  const totals: MachineTotals[] = [];
  for (const [file, mod] of Object.entries(modules)) {
    for (const value of new Set(Object.values(mod))) {
      if (!isStateMachine(value)) continue;
      totals.push({ machine: value.id, file: file.replace('../../', ''), states: allStates(value).length, transitions: allTransitions(value).length });
    }
  }
  expect(totals.length).toBeGreaterThanOrEqual(Object.keys(modules).length);
  // Ids name the rows of the table: two machines may not share one.
  expect(new Set(totals.map((t) => t.machine)).size).toBe(totals.length);
  mkdirSync(coverageDir(), { recursive: true });
  writeFileSync(catalogueFile(), JSON.stringify(totals, null, 2));
});
