/**
 * /uc/my-course: the session user's courses by tab (sys: system courses, packs and camps; free;
 * add), live access first, each with its study percentage, last record, a pack's courses and a
 * camp's stages. A course that came with a pack is listed under the pack, not again on its own.
 */
import { inArray } from 'drizzle-orm';
import type { CourseType } from '../../src/domain/catalog/contract';
import type { UserProductItem } from '../../src/domain/commerce/contract';
import type { MyCamp, MyCourseItem, MyCourseList, MyCourseTab } from '../../src/domain/learning/contract';
import { campStagePlan } from '../commerce/camps';
import { listUserProducts } from '../commerce/entitlements';
import type { Db } from '../db/client';
import { courses } from '../db/schema';
import { currentUser } from '../shared/auth';
import type { RouteGroup } from '../shared/feature';
import { packCourseIds } from './coursewares';
import { courseProgress, lastRecord, orderedCoursewares, progressOf } from './progress.queries';

const TAB_TYPES: Record<MyCourseTab, CourseType[]> = { sys: ['SYS', 'PACK', 'EXP'], free: ['FREE'], add: ['ADD'] };
const DAY_MS = 24 * 3600 * 1000;

/** The student's cohort of a camp, which starts with their access (`start`: validFrom, epoch ms). */
async function campOf(db: Db, courseId: number, start: number): Promise<MyCamp> {
  const plan = await campStagePlan(db, courseId);
  const date = new Date(start + 8 * 3600 * 1000);
  return {
    cohortName: `${date.getUTCFullYear()}年${date.getUTCMonth() + 1}月${date.getUTCDate()}日开营`,
    stages: plan.map((stage) => ({
      stageId: stage.id,
      name: stage.name,
      startsAt: start + stage.startDay * DAY_MS,
      endsAt: start + (stage.startDay + stage.days) * DAY_MS,
    })),
  };
}

async function itemOf(db: Db, userId: number, row: UserProductItem): Promise<MyCourseItem> {
  const type = row.courseType;
  const ids = type === 'PACK' ? await packCourseIds(db, row.courseId) : [row.courseId];
  const wares = await orderedCoursewares(db, ids);
  const progress = await progressOf(
    db,
    userId,
    wares.map((w) => w.id),
  );
  const whole = courseProgress(wares, progress);
  let packCourses: MyCourseItem['packCourses'] = [];
  if (type === 'PACK' && ids.length > 0) {
    const rows = await db.select({ id: courses.id, type: courses.type, title: courses.title }).from(courses).where(inArray(courses.id, ids));
    packCourses = ids.flatMap((id) => {
      const c = rows.find((r) => r.id === id);
      if (!c) return [];
      const own = courseProgress(
        wares.filter((w) => w.courseId === id),
        progress,
      );
      return [{ courseId: id, courseType: c.type as CourseType, title: c.title, studyPercentage: own.studyPercentage }];
    });
  }
  return {
    courseId: row.courseId,
    courseType: type,
    title: row.title,
    cover: row.cover,
    validUntil: row.validUntil,
    expired: row.expired,
    lessonCount: wares.length,
    totalDuration: whole.totalDuration,
    studyPercentage: whole.studyPercentage,
    learnedTotalTime: whole.learnedTotalTime,
    lastRecord: await lastRecord(db, userId, ids),
    packCourses,
    camp: type === 'EXP' ? await campOf(db, row.courseId, row.validFrom) : null,
  };
}

export const myCoursesRoutes: RouteGroup = ({ db, services }) => ({
  myCourseList: {
    auth: 'required',
    async handler(request): Promise<MyCourseList> {
      const { userId } = currentUser(request);
      const { tab, current, size } = request.query;
      const page = await listUserProducts(db, userId, { current, size, type: TAB_TYPES[tab], withoutPackCourses: true }, services.clock.now());
      const records: MyCourseItem[] = [];
      for (const row of page.records) records.push(await itemOf(db, userId, row));
      return { ...page, records };
    },
  },
});
