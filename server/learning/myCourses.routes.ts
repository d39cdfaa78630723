/**
 * /uc/my-course: the session user's courses by tab (sys: system courses, packs and camps; free;
 * add), live access first, each with its study percentage, last record, a pack's courses and a
 * camp's stages. A course that came with a pack is listed under the pack, not again on its own.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CourseType } from '../../src/domain/catalog/contract';
import type { MyCamp, MyCourseItem, MyCourseList, MyCourseTab } from '../../src/domain/learning/contract';
import { campStagePlan } from '../catalog/camp.queries';
import type { Db } from '../db/client';
import { courses, userProducts } from '../db/schema';
import { currentUser } from '../shared/auth';
import type { RouteGroup } from '../shared/feature';
import { COUNT_ALL, pageOffset } from '../shared/paging';
import { packCourseIds } from './coursewares';
import { courseProgress, lastRecord, orderedCoursewares, progressOf } from './progress.queries';

const TAB_TYPES: Record<MyCourseTab, CourseType[]> = { sys: ['SYS', 'PACK', 'EXP'], free: ['FREE'], add: ['ADD'] };
const DAY_MS = 24 * 3600 * 1000;

async function campOf(db: Db, courseId: number, validFrom: Date): Promise<MyCamp> {
  const plan = await campStagePlan(db, courseId);
  const start = validFrom.getTime();
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

async function itemOf(
  db: Db,
  userId: number,
  row: { courseId: number; courseType: string; title: string; cover: string; validFrom: Date; validUntil: Date },
  now: Date,
): Promise<MyCourseItem> {
  const type = row.courseType as CourseType;
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
    validUntil: row.validUntil.getTime(),
    expired: row.validUntil.getTime() <= now.getTime(),
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
      const now = services.clock.now();
      const { tab, current, size } = request.query;
      const where = and(eq(userProducts.userId, userId), inArray(userProducts.courseType, TAB_TYPES[tab]), isNull(userProducts.viaPackId));
      const [rows, [count]] = await Promise.all([
        db
          .select({
            courseId: userProducts.courseId,
            courseType: userProducts.courseType,
            title: courses.title,
            cover: courses.cover,
            validFrom: userProducts.validFrom,
            validUntil: userProducts.validUntil,
          })
          .from(userProducts)
          .innerJoin(courses, eq(courses.id, userProducts.courseId))
          .where(where)
          .orderBy(desc(sql`${userProducts.validUntil} > ${now.toISOString()}::timestamptz`), desc(userProducts.updatedAt), asc(userProducts.courseId))
          .limit(size)
          .offset(pageOffset({ current, size })),
        db.select({ n: COUNT_ALL }).from(userProducts).where(where),
      ]);
      const records: MyCourseItem[] = [];
      for (const row of rows) records.push(await itemOf(db, userId, row, now));
      return { records, total: Number(count?.n ?? 0), current, size };
    },
  },
});
