/** Every machine of src/machines with its number of states and transitions, for the coverage table. */
import path from 'node:path';
import { COVERAGE_DIR } from './coverage';

export const CATALOGUE_FILE = path.join(COVERAGE_DIR, '_machines.json');

export interface MachineTotals {
  machine: string;
  file: string;
  states: number;
  transitions: number;
}
