/** Every machine of src/machines with its number of states and transitions, for the coverage table. */
import path from 'node:path';
import { coverageDir } from './coverage';

export const CATALOGUE_NAME = '_machines.json';
export const catalogueFile = (): string => path.join(coverageDir(), CATALOGUE_NAME);

export interface MachineTotals {
  machine: string;
  file: string;
  states: number;
  transitions: number;
}
