/**
 * Which courseware the player asks for, and whether this user may study it: shared by the
 * courseware info, the player config (media) and the learning records.
 */
import { and, eq } from 'drizzle-orm';
import type { CourseType } from '../../src/domain/catalog/contract';
import { LEARNING_TEXTS } from '../../src/domain/learning/texts';
import { ownsNow } from '../commerce/entitlements';
import type { Db } from '../db/client';
import { coursePackItems } from '../db/schema';
import { notFound } from '../shared/envelope';
import type { CacheSpace, PublicCache } from '../shared/publicCache';
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

/** The course structure the player resolves against: catalogue data, the same for everyone, kept fresh by the change feed. */
export const STUDY_SPACES = {
  courseWares: { name: 'studyCourseWares', tables: ['courses', 'catalogues', 'coursewares'], maxEntries: 1000 },
  packWares: { name: 'studyPackWares', tables: ['course_pack_items', 'catalogues', 'coursewares'], maxEntries: 500 },
} as const satisfies Record<string, CacheSpace>;

interface CourseWares {
  course: StudyTarget['course'];
  wares: WareRow[];
}

function courseWares(db: Db, cache: PublicCache, courseId: number): Promise<CourseWares | null> {
  return cache.get(STUDY_SPACES.courseWares, String(courseId), async () => {
    const course = await findCourse(db, courseId);
    return course ? { course, wares: await orderedCoursewares(db, [courseId]) } : null;
  });
}

/**
 * The courseware `coursewareId` of course `courseId` (or of a course of pack `courseId`); 404 when
 * it is not there. Ownership is the session user's, now; a visitor owns nothing. The structure
 * comes from the public cache: a learning record, posted every 15 s by every student watching,
 * then reads only the user's ownership.
 */
export async function studyTarget(db: Db, cache: PublicCache, courseId: number, coursewareId: number, userId: number | null, now: Date): Promise<StudyTarget> {
  let found = await courseWares(db, cache, courseId);
  if (!found) throw notFound(LEARNING_TEXTS.courseNotFound);
  if (!found.wares.some((w) => w.id === coursewareId) && found.course.type === 'PACK') {
    const packWares = await cache.get(STUDY_SPACES.packWares, String(courseId), async () => orderedCoursewares(db, await packCourseIds(db, courseId)));
    const owner = packWares.find((w) => w.id === coursewareId);
    if (owner) found = await courseWares(db, cache, owner.courseId);
  }
  const ware = found?.wares.find((w) => w.id === coursewareId);
  if (!found || !ware) throw notFound(LEARNING_TEXTS.coursewareNotFound);
  const owned = userId !== null && (await ownsNow(db, userId, found.course.id, now));
  return { course: found.course, ware, wares: found.wares, owned };
}

export async function packCourseIds(db: Db, packId: number): Promise<number[]> {
  const rows = await db
    .select({ courseId: coursePackItems.courseId })
    .from(coursePackItems)
    .where(and(eq(coursePackItems.packId, packId)));
  return rows.map((row) => row.courseId);
}
