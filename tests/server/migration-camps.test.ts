/**
 * Migration 0006 on a database that has data: a camp planned on the catalogue side (dated
 * course_stages, courses.start_date) becomes the one model (camp_stages in days from a cohort's start,
 * cohorts on the SKUs), its chapters keep their stages, and a camp planned only on the commerce side
 * stays as it was.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { createTestDatabase, type TestDatabase } from './harness';
import { migrateUpTo } from './migrationSteps';

const BEFORE = '0005_catalogue';

let database: TestDatabase;
const rows = <T extends Record<string, unknown>>(query: string) => queryRows<T>(database.db, sql.raw(query));

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  await migrateUpTo(database, BEFORE);
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  await run(`insert into courses (id, type, title, cover, category_id, project_id, intro, start_date) values
    (1, 'EXP', '目录侧的训练营', '/c.png', 1, 2, '', '2027-03-01'),
    (2, 'EXP', '商品侧的训练营', '/c.png', 1, 2, '', null)`);
  await run(`insert into course_skus (id, course_id, name, price_cents, valid_days, starts_at) values
    (1, 1, '第1期', 39900, 90, null),
    (2, 1, '第2期', 39900, 90, '2027-04-05T01:00:00Z'),
    (3, 2, '第1期', 19900, 90, '2027-05-03T01:00:00Z')`);
  await run(`insert into course_stages (id, course_id, name, intro, start_date, end_date, sort) values
    (11, 1, '第1周 技术篇', '每日一讲', '2027-03-01', '2027-03-07', 1),
    (12, 1, '第2周 管理篇', '周末直播', '2027-03-08', '2027-03-16', 2)`);
  await run(`insert into camp_stages (course_id, name, start_day, days, sort) values
    (1, '商品侧的旧阶段', 0, 30, 1),
    (2, '基础夯实', 0, 15, 1),
    (2, '冲刺模考', 15, 15, 2)`);
  await run(`insert into catalogues (id, course_id, parent_id, name, sort, stage_id) values
    (101, 1, 0, '第1章', 1, 11),
    (102, 1, 0, '第2章', 2, 12),
    (103, 1, 101, '第1节', 1, null)`);
  await migrateDatabase(database.handle);
});
afterAll(async () => {
  await database.close();
});

describe('migration 0006 (one model of a training camp)', () => {
  it("turns a camp's dated stages into days from its start, replacing the commerce side's plan of the same camp", async () => {
    const stages = await rows<{ id: number; name: string; intro: string; start_day: number; days: number }>(
      `select id, name, intro, start_day, days from camp_stages where course_id = 1 order by sort`,
    );
    expect(stages.map(({ name, intro, start_day, days }) => [name, intro, Number(start_day), Number(days)])).toEqual([
      ['第1周 技术篇', '每日一讲', 0, 7],
      ['第2周 管理篇', '周末直播', 7, 9],
    ]);
    const chapters = await rows<{ id: number; stage_id: number | null }>(`select id, stage_id from catalogues where course_id = 1 order by id`);
    expect(chapters.map((c) => c.stage_id)).toEqual([stages[0]!.id, stages[1]!.id, null]);
  });

  it('keeps a camp planned on the commerce side only', async () => {
    const stages = await rows<{ name: string; intro: string; start_day: number; days: number }>(
      `select name, intro, start_day, days from camp_stages where course_id = 2 order by sort`,
    );
    expect(stages.map(({ name, intro, start_day, days }) => [name, intro, Number(start_day), Number(days)])).toEqual([
      ['基础夯实', '', 0, 15],
      ['冲刺模考', '', 15, 15],
    ]);
  });

  it("makes the opening day the start of the camp's SKUs that had none (09:00 Beijing time), and keeps the others", async () => {
    const skus = await rows<{ id: number; starts_at: string | Date }>(`select id, starts_at from course_skus order by id`);
    expect(skus.map((k) => new Date(k.starts_at).toISOString())).toEqual(['2027-03-01T01:00:00.000Z', '2027-04-05T01:00:00.000Z', '2027-05-03T01:00:00.000Z']);
  });

  it('drops the dated model and tells the public cache about stages and cohorts', async () => {
    const tables = await rows<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'public' and table_name = 'course_stages'`,
    );
    expect(tables).toEqual([]);
    const columns = await rows<{ name: string }>(
      `select column_name as name from information_schema.columns where table_name = 'courses' and column_name = 'start_date'`,
    );
    expect(columns).toEqual([]);
    const triggers = await rows<{ name: string }>(`select tgname as name from pg_trigger where tgname like '%_public_change' order by 1`);
    expect(triggers.map((t) => t.name)).toEqual(expect.arrayContaining(['camp_stages_public_change', 'course_skus_public_change', 'catalogues_public_change']));
    expect(triggers.map((t) => t.name)).not.toContain('course_stages_public_change');
  });
});
