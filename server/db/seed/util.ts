/** Small helpers shared by the loaders. */
import { chinaDate } from '../../../src/domain/catalog/camp';
import { DAY_MS } from '../../../src/domain/commerce/limits';

/** Rows per multi-row INSERT (well under PostgreSQL's 65535 bind parameters for every table). */
export const BATCH_SIZE = 400;

/** Runs `insert` over the rows in batches and concatenates what the batches return, in order. */
export async function insertInBatches<T, R>(rows: T[], insert: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    const batch = rows.slice(i, i + BATCH_SIZE);
    const returned = await insert(batch);
    if (returned.length !== batch.length) throw new Error(`seed: inserted ${batch.length} rows but got ${returned.length} back`);
    out.push(...returned);
  }
  return out;
}

/** Fails loudly on a data error in the seed definitions. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`seed data: ${message}`);
}

/** Looks a key up in a map, failing with a readable message. */
export function lookup<V>(map: Map<string, V>, key: string, what: string): V {
  const value = map.get(key);
  check(value !== undefined, `unknown ${what} "${key}"`);
  return value;
}

/** Option keys A, B, C… */
export const optionKey = (index: number): string => String.fromCharCode(65 + index);

/**
 * When a demo camp cohort starts: 09:00 Beijing time on the first Monday at least `startsInDays`
 * after `now`, so the demo camps always look upcoming and open like a school's would.
 */
export function cohortStart(now: number, startsInDays: number): Date {
  for (let days = startsInDays; ; days++) {
    const day = chinaDate(now + days * DAY_MS);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 1) return new Date(`${day}T01:00:00Z`);
  }
}
