/** Chapter sections: the tree of a subject, a section's questions (with its sub-sections'), what the user has done of each. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { questions, recordAnswers, sectionQuestions, sections, userRecords, type RecordItem } from '../db/schema';

/** Practice outside papers counts 1 point a question (tenths). */
const POINT = 10;

/** One point per question, a case one per sub-question; ids in the given order. */
export async function pointItems(db: Db, ids: readonly number[]): Promise<RecordItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: questions.id, subs: sql<number>`(select count(*)::int from ${questions} s where s.parent_id = ${questions.id})` })
    .from(questions)
    .where(inArray(questions.id, [...ids]));
  const subsOf = new Map(rows.map((row) => [row.id, Number(row.subs)]));
  return ids.filter((id) => subsOf.has(id)).map((id) => ({ questionId: id, scoreTenths: POINT * Math.max(1, subsOf.get(id)!) }));
}

/** The section and every section under it, then their questions in tree order. */
export async function sectionQuestionIds(db: Db, sectionId: number): Promise<number[]> {
  const rows = await queryRows<{ question_id: number }>(
    db,
    sql`
    with recursive tree(id, path) as (
      select id, array[sort, id] from ${sections} where id = ${sectionId}
      union all
      select s.id, tree.path || array[s.sort, s.id] from ${sections} s join tree on s.parent_id = tree.id
    )
    select sq.question_id from tree join ${sectionQuestions} sq on sq.section_id = tree.id
    order by tree.path, sq.sort, sq.question_id`,
  );
  return [...new Set(rows.map((row) => Number(row.question_id)))];
}

/** A section tree of a subject with question counts (sections.routes.ts adds the user's done counts). */
export async function sectionRows(db: Db, subjectId: number) {
  return db
    .select({
      id: sections.id,
      parentId: sections.parentId,
      name: sections.name,
      questionCount: sql<number>`(select count(*)::int from ${sectionQuestions} where ${sectionQuestions.sectionId} = ${sections.id})`,
    })
    .from(sections)
    .where(eq(sections.subjectId, subjectId))
    .orderBy(asc(sections.sort), asc(sections.id));
}

/** A section's questions as record items; null when there is no such section. */
export async function sectionQuestionItems(db: Db, sectionId: number): Promise<RecordItem[] | null> {
  const [section] = await db.select({ id: sections.id }).from(sections).where(eq(sections.id, sectionId));
  if (!section) return null;
  return pointItems(db, await sectionQuestionIds(db, sectionId));
}

/** Distinct questions of each section (its own, not its sub-sections') the user has answered in any record. */
export async function doneCounts(db: Db, userId: number, sectionIds: readonly number[]): Promise<Map<number, number>> {
  if (sectionIds.length === 0) return new Map();
  const rows = await db
    .select({ sectionId: sectionQuestions.sectionId, n: sql<number>`count(distinct ${sectionQuestions.questionId})::int` })
    .from(sectionQuestions)
    .innerJoin(recordAnswers, eq(recordAnswers.questionId, sectionQuestions.questionId))
    .innerJoin(userRecords, and(eq(userRecords.id, recordAnswers.recordId), eq(userRecords.userId, userId)))
    .where(and(inArray(sectionQuestions.sectionId, [...sectionIds]), sql`jsonb_array_length(${recordAnswers.answer}) > 0`))
    .groupBy(sectionQuestions.sectionId);
  return new Map(rows.map((row) => [row.sectionId, Number(row.n)]));
}
