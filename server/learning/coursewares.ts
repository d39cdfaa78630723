/**
 * Which courseware the player asks for, and whether this user may study it: shared by the
 * courseware info, the player config (media) and the learning records.
 */
import { and, eq } from 'drizzle-orm';
import type { CourseType } from '../../src/domain/catalog/contract';
import { LEARNING_TEXTS } from '../../src/domain/learning/texts';
import { ownershipOf } from '../commerce/ownership.queries';
import type { Db } from '../db/client';
import { coursePackItems } from '../db/schema';
import { notFound } from '../shared/envelope';
import { findCourse, orderedCoursewares, type WareRow } from './progress.queries';

export interface StudyTarget {
  /** The courseware's own course (a pack's course, when the player was opened with the pack). */
  course: { id: number; type: CourseType; title: string };
  ware: WareRow;
  /** The course's coursewares in catalogue order. */
  wares: WareRow[];
  /** The user owns the course now. */
  owned: boolean;
}

/**
 * The courseware `coursewareId` of course `courseId` (or of a course of pack `courseId`); 404 when
 * it is not there. Ownership is the session user's, now; a visitor owns nothing.
 */
export async function studyTarget(db: Db, courseId: number, coursewareId: number, userId: number | null, now: Date): Promise<StudyTarget> {
  const asked = await findCourse(db, courseId);
  if (!asked) throw notFound(LEARNING_TEXTS.courseNotFound);
  let wares = await orderedCoursewares(db, [courseId]);
  let ware = wares.find((w) => w.id === coursewareId);
  let course = asked;
  if (!ware && asked.type === 'PACK') {
    const owner = (await orderedCoursewares(db, await packCourseIds(db, courseId))).find((w) => w.id === coursewareId);
    if (owner) {
      course = (await findCourse(db, owner.courseId))!;
      wares = await orderedCoursewares(db, [owner.courseId]);
      ware = wares.find((w) => w.id === coursewareId);
    }
  }
  if (!ware) throw notFound(LEARNING_TEXTS.coursewareNotFound);
  let owned = false;
  if (userId !== null) {
    const row = await ownershipOf(db, userId, course.id);
    owned = !!row && row.validUntil.getTime() > now.getTime();
  }
  return { course, ware, wares, owned };
}

export async function packCourseIds(db: Db, packId: number): Promise<number[]> {
  const rows = await db
    .select({ courseId: coursePackItems.courseId })
    .from(coursePackItems)
    .where(and(eq(coursePackItems.packId, packId)));
  return rows.map((row) => row.courseId);
}
