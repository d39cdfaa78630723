/**
 * Migration 0010 on a database that has data: the wrong book and favourites keep a case as a
 * whole (docs/questionBank.md), so a sub-question's entries become its case's (wrong counts added
 * up), and a wrong-book practice being answered that listed sub-questions on their own lists their
 * case instead; its answers stay, and a handed-in record is left as it was.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { createTestDatabase, type TestDatabase } from './harness';
import { migrateUpTo } from './migrationSteps';

let database: TestDatabase;
const rows = <T extends Record<string, unknown>>(query: string) => queryRows<T>(database.db, sql.raw(query));

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  await migrateUpTo(database, '0009_courseware_media_keys');
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  await run(`insert into users (id, nickname) values (1, '学员')`);
  await run(`insert into questions (id, type, subject_id, parent_id, stem, answer, analysis) values
    (10, 'CASE', 5, null, '案例', '[]', ''),
    (11, 'SINGLE', 5, 10, '子题一', '["B"]', ''),
    (12, 'SHORT_ANSWER', 5, 10, '子题二', '["要点"]', ''),
    (13, 'SINGLE', 5, 10, '子题三', '["A"]', ''),
    (20, 'SINGLE', 5, null, '单选', '["C"]', '')`);
  await run(`insert into user_questions (user_id, kind, question_id, subject_id, wrong_count, created_at, updated_at) values
    (1, 'WRONG', 11, 5, 2, '2026-01-01', '2026-01-03'),
    (1, 'WRONG', 13, 5, 1, '2026-01-02', '2026-01-02'),
    (1, 'WRONG', 20, 5, 1, '2026-01-01', '2026-01-01'),
    (1, 'FAVORITE', 11, 5, 0, '2026-01-01', '2026-01-01')`);
  const record = (id: number, state: string, items: string) =>
    run(`insert into user_records (id, user_id, source, source_id, subject_id, name, mode, state, items, question_count, total_score_tenths, started_at)
      values (${id}, 1, 'WRONG', 5, 5, '错题练习', 'PRACTICE', '${state}', '${items}', 3, 30, '2026-01-04')`);
  await record(100, 'DOING', '[{"questionId":20,"scoreTenths":10},{"questionId":11,"scoreTenths":10},{"questionId":13,"scoreTenths":10}]');
  await record(101, 'DONE', '[{"questionId":11,"scoreTenths":10}]');
  await run(`insert into record_answers (record_id, question_id, answer, flagged, version, saved_at) values (100, 11, '["B"]', false, 1, '2026-01-04')`);
  await migrateDatabase(database.handle);
});
afterAll(() => database.close());

describe('migration 0010 (a case is kept as a whole)', () => {
  it("moves a sub-question's wrong-book and favourite entries to its case, adding up the wrong counts", async () => {
    const entries = await rows<{ kind: string; question_id: number; wrong_count: number }>(
      `select kind, question_id, wrong_count from user_questions order by kind, question_id`,
    );
    expect(entries.map((e) => [e.kind, Number(e.question_id), Number(e.wrong_count)])).toEqual([
      ['FAVORITE', 10, 0],
      ['WRONG', 10, 3],
      ['WRONG', 20, 1],
    ]);
  });

  it('lists the case instead of its sub-questions in a practice being answered, and keeps its answers and the handed-in records', async () => {
    const records = await rows<{
      id: number;
      items: { questionId: number; scoreTenths: number }[] | string;
      question_count: number;
      total_score_tenths: number;
    }>(`select id, items, question_count, total_score_tenths from user_records order by id`);
    const items = (r: (typeof records)[number]) => (typeof r.items === 'string' ? JSON.parse(r.items) : r.items) as unknown;
    expect(items(records[0]!)).toEqual([
      { questionId: 20, scoreTenths: 10 },
      { questionId: 10, scoreTenths: 30 },
    ]);
    expect([Number(records[0]!.question_count), Number(records[0]!.total_score_tenths)]).toEqual([4, 40]);
    expect(items(records[1]!)).toEqual([{ questionId: 11, scoreTenths: 10 }]);
    expect(await rows(`select question_id from record_answers where record_id = 100`)).toHaveLength(1);
  });
});
