/**
 * Study progress: the coursewares of a course in catalogue order, watch tickets, learning records
 * and each user's progress per courseware. Every read and write takes the session's user id.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CourseType } from '../../src/domain/catalog/contract';
import type { LastLearnedRecord, StudyPercentageInfo } from '../../src/domain/learning/contract';
import { WALL_CLOCK_SLACK_SECONDS, WATCH_TICKET_TTL_SECONDS } from '../../src/domain/learning/limits';
import { MAX_PLAYBACK_RATE } from '../../src/domain/learning/recording';
import { studyPercentageOf, TIMED_COURSEWARE_TYPES, type CoursewareType } from '../../src/domain/learning/rules';
import type { Db } from '../db/client';
import { preparedStatement } from '../db/prepared';
import { catalogues, courses, coursewareProgress, coursewares, watchTickets } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface WareRow {
  id: number;
  courseId: number;
  name: string;
  type: CoursewareType;
  duration: number;
  catalogueId: number;
  stageId: number | null;
  paperId: number | null;
  freeAudition: boolean;
  mediaAssetId: number | null;
  chapter: string;
  section: string | null;
}

const chapter = alias(catalogues, 'chapter');

/** The coursewares of courses in catalogue order: chapter, then section, then courseware. */
export async function orderedCoursewares(db: Db, courseIds: readonly number[]): Promise<WareRow[]> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .select({
      id: coursewares.id,
      courseId: coursewares.courseId,
      name: coursewares.name,
      type: coursewares.type,
      duration: coursewares.durationSeconds,
      catalogueId: coursewares.catalogueId,
      stageId: sql<number | null>`coalesce(${chapter.stageId}, ${catalogues.stageId})`,
      paperId: coursewares.paperId,
      freeAudition: coursewares.freeAudition,
      mediaAssetId: coursewares.mediaAssetId,
      chapter: sql<string>`coalesce(${chapter.name}, ${catalogues.name})`,
      section: sql<string | null>`case when ${chapter.id} is null then null else ${catalogues.name} end`,
    })
    .from(coursewares)
    .innerJoin(catalogues, eq(catalogues.id, coursewares.catalogueId))
    .leftJoin(chapter, eq(chapter.id, catalogues.parentId))
    .where(inArray(coursewares.courseId, [...courseIds]))
    .orderBy(
      asc(coursewares.courseId),
      sql`coalesce(${chapter.sort}, ${catalogues.sort})`,
      sql`coalesce(${chapter.id}, ${catalogues.id})`,
      sql`case when ${chapter.id} is null then -1 else ${catalogues.sort} end`,
      asc(catalogues.id),
      asc(coursewares.sort),
      asc(coursewares.id),
    );
  return rows.map((row) => ({ ...row, type: row.type as CoursewareType, stageId: row.stageId === null ? null : Number(row.stageId) }));
}

export async function findCourse(db: Db | Tx, courseId: number): Promise<{ id: number; type: CourseType; title: string } | null> {
  const [row] = await db.select({ id: courses.id, type: courses.type, title: courses.title }).from(courses).where(eq(courses.id, courseId));
  return row ? { ...row, type: row.type as CourseType } : null;
}

export const ZERO_PROGRESS: StudyPercentageInfo = { learnedTotalTime: 0, studyPercentage: 0, progressBar: 0 };

export function progressInfo(row: { learnedTotalTime: number; progressBar: number } | undefined, duration: number): StudyPercentageInfo {
  if (!row) return ZERO_PROGRESS;
  return { learnedTotalTime: row.learnedTotalTime, studyPercentage: studyPercentageOf(row.learnedTotalTime, duration), progressBar: row.progressBar };
}

/** The user's progress rows of these coursewares, by courseware id. */
export async function progressOf(db: Db | Tx, userId: number, coursewareIds: readonly number[]) {
  if (coursewareIds.length === 0) return new Map<number, { learnedTotalTime: number; progressBar: number }>();
  const rows = await db
    .select({
      coursewareId: coursewareProgress.coursewareId,
      learnedTotalTime: coursewareProgress.learnedTotalTime,
      progressBar: coursewareProgress.progressBar,
    })
    .from(coursewareProgress)
    .where(and(eq(coursewareProgress.userId, userId), inArray(coursewareProgress.coursewareId, [...coursewareIds])));
  return new Map(rows.map((row) => [row.coursewareId, row]));
}

/** A course's progress: learned seconds of its timed coursewares (each capped at its duration) over their total. */
export function courseProgress(wares: readonly WareRow[], progress: ReadonlyMap<number, { learnedTotalTime: number }>) {
  let learned = 0;
  let total = 0;
  for (const ware of wares) {
    if (!(TIMED_COURSEWARE_TYPES as readonly string[]).includes(ware.type) || ware.duration <= 0) continue;
    total += ware.duration;
    learned += Math.min(ware.duration, progress.get(ware.id)?.learnedTotalTime ?? 0);
  }
  return { learnedTotalTime: learned, totalDuration: total, studyPercentage: studyPercentageOf(learned, total) };
}

export async function openTicket(db: Db, userId: number, courseId: number, coursewareId: number, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(watchTickets).values({ token, userId, courseId, coursewareId, openedAt: now });
  return token;
}

/** `furthest`: the courseware's furthest point watched after the record (see migration 0014). */
export type RecordOutcome = { kind: 'counted' | 'replay'; info: StudyPercentageInfo; furthest: number } | { kind: 'badTicket' } | { kind: 'tooMuchTime' };

export interface RecordInput {
  userId: number;
  courseId: number;
  coursewareId: number;
  recordId: string;
  ticket: string;
  learnedTime: number;
  progressBar: number;
  stageId: number | null;
  duration: number;
  now: Date;
}

/**
 * Counts one learning record in one round trip: the database function xuetu_add_learned_record
 * (migration 0011_hot_writes) checks and writes under a lock on the user's records. The ticket
 * must be the user's for this courseware and young enough; a replayed record id changes nothing;
 * and the time credited may not run ahead of the wall clock — for each of the user's tickets of
 * the last day, all the learned time of the tickets opened at or after it must fit in the time
 * since it opened. That refuses a forged fast record and two tabs counting at once alike. It also
 * moves the furthest point watched on, only as far as the seconds counted at the fastest playback
 * rate reach (migration 0014), so a position that jumped ahead does not count as watched.
 */
const addLearnedRecord = preparedStatement<{ outcome: 'badTicket' | 'replay' | 'tooMuchTime' | 'counted'; total_time: number; bar: number; furthest: number }>(
  'xt_add_learned_record_v2',
  'select outcome, total_time, bar, furthest from xuetu_add_learned_record($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
);

export async function addRecord(db: Db, input: RecordInput): Promise<RecordOutcome> {
  const [row] = await addLearnedRecord.run(db, [
    input.userId,
    input.courseId,
    input.coursewareId,
    input.recordId,
    input.ticket,
    input.learnedTime,
    input.progressBar,
    input.stageId,
    input.now.toISOString(),
    WATCH_TICKET_TTL_SECONDS,
    WALL_CLOCK_SLACK_SECONDS,
    MAX_PLAYBACK_RATE,
  ]);
  if (!row) throw new Error('xuetu_add_learned_record returned no row');
  if (row.outcome === 'badTicket' || row.outcome === 'tooMuchTime') return { kind: row.outcome };
  return {
    kind: row.outcome,
    info: progressInfo({ learnedTotalTime: Number(row.total_time), progressBar: Number(row.bar) }, input.duration),
    furthest: Number(row.furthest),
  };
}

/** The user's latest progress row: of these courses, or anywhere. */
export async function lastRecord(db: Db, userId: number, courseIds: readonly number[] | null): Promise<LastLearnedRecord | null> {
  const where = courseIds
    ? and(eq(coursewareProgress.userId, userId), inArray(coursewareProgress.courseId, courseIds.length > 0 ? [...courseIds] : [0]))
    : eq(coursewareProgress.userId, userId);
  const [row] = await db
    .select({
      courseId: coursewareProgress.courseId,
      coursewareId: coursewareProgress.coursewareId,
      coursewareName: coursewares.name,
      coursewareType: coursewares.type,
      catalogueId: coursewares.catalogueId,
      stageId: coursewareProgress.stageId,
      progressBar: coursewareProgress.progressBar,
      learnedAt: coursewareProgress.lastLearnedAt,
    })
    .from(coursewareProgress)
    .innerJoin(coursewares, eq(coursewares.id, coursewareProgress.coursewareId))
    .where(where)
    .orderBy(desc(coursewareProgress.lastLearnedAt))
    .limit(1);
  if (!row) return null;
  return { ...row, coursewareType: row.coursewareType as CoursewareType, learnedAt: row.learnedAt.getTime() };
}
