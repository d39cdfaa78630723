/**
 * Raw statements for the hottest writes, prepared once (issue 18's profile: Drizzle building a
 * query and PostgreSQL parsing and planning it cost more than running it). On PostgreSQL each is a
 * named statement, parsed and planned once per pooled connection; on PGlite a parameterised query.
 * The text is written once here, in plain SQL with $1…$n, and always runs outside a transaction.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client';

export interface PreparedStatement<Row> {
  readonly name: string;
  run(db: Db, values: readonly unknown[]): Promise<Row[]>;
}

const names = new Set<string>();

/** `name` is PostgreSQL's statement name: one text per name, so two definitions of one name are refused. */
export function preparedStatement<Row extends Record<string, unknown>>(name: string, text: string): PreparedStatement<Row> {
  if (names.has(name)) throw new Error(`prepared statement ${name} is defined twice`);
  names.add(name);
  return {
    name,
    async run(db, values) {
      const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
      if (client instanceof pg.Pool) return (await client.query<Row>({ name, text, values: [...values] })).rows;
      return (await client.query<Row>(text, [...values])).rows;
    },
  };
}
