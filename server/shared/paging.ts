/**
 * A page of a list read in one query: the rows carry the total as a window count (WINDOW_TOTAL),
 * so the count costs nothing extra. Past the last page no row carries it, and only then is the
 * list counted on its own.
 */
import { sql } from 'drizzle-orm';
import type { Page } from '../../src/domain/shared/envelope';

/** `count(*) over ()`, cast in SQL so both drivers answer a number (pg would give a bigint string). */
export const WINDOW_TOTAL = sql<number>`(count(*) over ())::int`;
/** `count(*)` for the count query of an empty page, cast likewise. */
export const COUNT_ALL = sql<number>`count(*)::int`;

export interface PageQuery {
  current: number;
  size: number;
}

export function pageOffset(query: PageQuery): number {
  return (query.current - 1) * query.size;
}

/**
 * `rows` as a Page. `count` runs only for a page past the end; it answers the count query's rows,
 * e.g. `() => db.select({ n: COUNT_ALL }).from(table).where(where)`.
 */
export async function toPage<Row extends { total: number }, Item>(
  rows: readonly Row[],
  query: PageQuery,
  count: () => Promise<readonly { n: number }[]>,
  map: (row: Row) => Item,
): Promise<Page<Item>> {
  const total = rows.length > 0 ? Number(rows[0]!.total) : query.current > 1 ? Number((await count())[0]?.n ?? 0) : 0;
  return { records: rows.map(map), total, current: query.current, size: query.size };
}
