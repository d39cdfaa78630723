/** Small helpers shared by the loaders. */

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
