/**
 * Papers: the public list and detail (with the user's attempts when logged in), a paper's items
 * (its questions and marks), and who may answer a paid paper.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PaperDetail, PaperListItem, PaperType, QuestionType, TypeCount } from '../../src/domain/questionBank/contract';
import type { Page } from '../../src/domain/shared/envelope';
import { ownsPaidCourseOfProject } from '../commerce/entitlements';
import type { Db } from '../db/client';
import { classes, coursewares, paperQuestions, papers, questions, userRecords, type RecordItem } from '../db/schema';
import { COUNT_ALL, pageOffset, toPage, WINDOW_TOTAL } from '../shared/paging';

export interface PaperFilter {
  current: number;
  size: number;
  projectId?: number | null;
  subjectId?: number | null;
  paperType?: PaperType | null;
}

const TEN = 10;

/** The user's figures on a paper; constants for a visitor. */
function userColumns(userId: number | null) {
  if (userId === null) {
    return {
      attempts: sql<number>`0`,
      bestScoreTenths: sql<number | null>`null::int`,
      doingRecordId: sql<number | null>`null::int`,
    };
  }
  const mine = sql`${userRecords.userId} = ${userId} and ${userRecords.source} = 'PAPER' and ${userRecords.sourceId} = ${papers.id}`;
  return {
    attempts: sql<number>`(select count(*)::int from ${userRecords} where ${mine})`,
    bestScoreTenths: sql<number | null>`(select max(${userRecords.scoreTenths}) from ${userRecords} where ${mine} and ${userRecords.state} = 'DONE')`,
    doingRecordId: sql<number | null>`(select max(${userRecords.id}) from ${userRecords} where ${mine} and ${userRecords.state} = 'DOING')`,
  };
}

const paperColumns = {
  id: papers.id,
  name: papers.name,
  paperType: papers.paperType,
  year: papers.year,
  projectId: papers.projectId,
  subjectId: papers.subjectId,
  durationMinutes: papers.durationMinutes,
  totalScore: papers.totalScore,
  passScore: papers.passScore,
  free: papers.free,
  questionCount: sql<number>`(select count(*)::int from ${paperQuestions} where ${paperQuestions.paperId} = ${papers.id})`,
};

type PaperRow = { [K in keyof typeof paperColumns]: unknown } & {
  id: number;
  name: string;
  paperType: string;
  year: number | null;
  projectId: number;
  subjectId: number;
  durationMinutes: number;
  totalScore: number;
  passScore: number;
  free: boolean;
  questionCount: number;
  attempts: number;
  bestScoreTenths: number | null;
  doingRecordId: number | null;
};

function toItem(row: PaperRow, unlocked: boolean): PaperListItem {
  return {
    id: row.id,
    name: row.name,
    paperType: row.paperType as PaperType,
    year: row.year,
    subjectId: row.subjectId,
    durationMinutes: row.durationMinutes,
    totalScoreTenths: row.totalScore * TEN,
    passScoreTenths: row.passScore * TEN,
    questionCount: Number(row.questionCount),
    free: row.free,
    locked: !row.free && !unlocked,
    attempts: Number(row.attempts),
    bestScoreTenths: row.bestScoreTenths === null ? null : Number(row.bestScoreTenths),
    doingRecordId: row.doingRecordId === null ? null : Number(row.doingRecordId),
  };
}

/** Projects whose paid papers the user may answer, for the rows on one page. */
async function unlockedProjects(db: Db, userId: number | null, projectIds: readonly number[], now: Date): Promise<Set<number>> {
  const open = new Set<number>();
  if (userId === null) return open;
  for (const projectId of new Set(projectIds)) if (await ownsPaidCourseOfProject(db, userId, projectId, now)) open.add(projectId);
  return open;
}

export async function listPapers(db: Db, filter: PaperFilter, userId: number | null, now: Date): Promise<Page<PaperListItem>> {
  const conditions: SQL[] = [];
  if (filter.projectId) conditions.push(eq(papers.projectId, filter.projectId));
  if (filter.subjectId) conditions.push(eq(papers.subjectId, filter.subjectId));
  if (filter.paperType) conditions.push(eq(papers.paperType, filter.paperType));
  const where = and(...conditions);
  const rows = (await db
    .select({ ...paperColumns, ...userColumns(userId), total: WINDOW_TOTAL })
    .from(papers)
    .where(where)
    .orderBy(asc(papers.sort), asc(papers.id))
    .limit(filter.size)
    .offset(pageOffset(filter))) as (PaperRow & { total: number })[];
  const open = await unlockedProjects(
    db,
    userId,
    rows.filter((row) => !row.free).map((row) => row.projectId),
    now,
  );
  return toPage(
    rows,
    filter,
    () => db.select({ n: COUNT_ALL }).from(papers).where(where),
    (row) => toItem(row, open.has(row.projectId)),
  );
}

export async function findPaper(db: Db, paperId: number, userId: number | null, now: Date): Promise<PaperDetail | null> {
  const project = sql<string>`(select ${classes.name} from ${classes} where ${classes.id} = ${papers.projectId})`;
  const subject = sql<string>`(select ${classes.name} from ${classes} where ${classes.id} = ${papers.subjectId})`;
  const course = sql<number | null>`(select min(${coursewares.courseId}) from ${coursewares} where ${coursewares.paperId} = ${papers.id})`;
  const [row] = (await db
    .select({ ...paperColumns, ...userColumns(userId), projectName: project, subjectName: subject, courseId: course })
    .from(papers)
    .where(eq(papers.id, paperId))) as (PaperRow & { projectName: string; subjectName: string; courseId: number | null })[];
  if (!row) return null;
  const unlocked = row.free || (userId !== null && (await ownsPaidCourseOfProject(db, userId, row.projectId, now)));
  const counts = await db
    .select({ type: questions.type, count: sql<number>`count(*)::int`, score: sql<number>`sum(${paperQuestions.score})::int` })
    .from(paperQuestions)
    .innerJoin(questions, eq(questions.id, paperQuestions.questionId))
    .where(eq(paperQuestions.paperId, paperId))
    .groupBy(questions.type);
  const countsByType: TypeCount[] = counts
    .map((c) => ({ type: c.type as QuestionType, count: Number(c.count), scoreTenths: Number(c.score) * TEN }))
    .sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));
  return {
    ...toItem(row, unlocked),
    projectId: row.projectId,
    projectName: row.projectName ?? '',
    subjectName: row.subjectName ?? '',
    countsByType,
    courseId: row.courseId === null ? null : Number(row.courseId),
  };
}

const TYPE_ORDER: readonly QuestionType[] = ['SINGLE', 'MULTIPLE', 'INDEFINITE', 'JUDGE', 'FILL', 'SHORT_ANSWER', 'CASE'];

/** A paper's questions and their marks (tenths), in paper order. */
export async function paperItems(db: Db, paperId: number): Promise<RecordItem[]> {
  const rows = await db
    .select({ questionId: paperQuestions.questionId, score: paperQuestions.score })
    .from(paperQuestions)
    .where(eq(paperQuestions.paperId, paperId))
    .orderBy(asc(paperQuestions.sort));
  return rows.map((row) => ({ questionId: row.questionId, scoreTenths: row.score * TEN }));
}
