/** courseDetails: one on-sale course with its classes, teachers, lesson totals, pack/add-on links and camp stages. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { campSchedule } from '../../src/domain/catalog/camp';
import type { CourseCamp, CourseDetails, CourseSummary, CourseType, NamedRef, TeacherCard } from '../../src/domain/catalog/contract';
import { campCohortStarts, campStagePlan } from '../commerce/camps';
import { queryRows, type Db } from '../db/client';
import { classes, courses, coursePackItems, teachers } from '../db/schema';

export const ON_SALE = 'ON_SALE';

export interface LessonTotals {
  lessonCount: number;
  totalDuration: number;
  auditionCount: number;
}

const NO_LESSONS: LessonTotals = { lessonCount: 0, totalDuration: 0, auditionCount: 0 };

/**
 * Lesson totals per course. A PACK has no coursewares of its own: its totals are those of the
 * courses it contains (add-ons offered with it excluded).
 */
export async function lessonTotals(db: Db, ids: readonly number[]): Promise<Map<number, LessonTotals>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number; lesson_count: number; total_duration: number; audition_count: number }>(
    db,
    sql`with content as (
          select c.id as target, c.id as source from courses c where c.id in (${list}) and c.type <> 'PACK'
          union all
          select c.id, i.course_id from courses c
            join course_pack_items i on i.pack_id = c.id
            join courses inner_course on inner_course.id = i.course_id and inner_course.type <> 'ADD'
          where c.id in (${list}) and c.type = 'PACK'
        )
        select content.target as id,
               count(w.id)::int as lesson_count,
               coalesce(sum(w.duration_seconds), 0)::int as total_duration,
               (count(w.id) filter (where w.free_audition))::int as audition_count
        from content left join coursewares w on w.course_id = content.source
        group by content.target`,
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      { lessonCount: Number(row.lesson_count), totalDuration: Number(row.total_duration), auditionCount: Number(row.audition_count) },
    ]),
  );
}

/** Summaries of the courses `ids`, in the order of `ids`; unknown ids are left out. */
export async function courseSummaries(db: Db, ids: readonly number[]): Promise<CourseSummary[]> {
  if (ids.length === 0) return [];
  const [rows, totals] = await Promise.all([
    db
      .select({ id: courses.id, type: courses.type, title: courses.title, cover: courses.cover, priceCents: courses.priceCents, status: courses.status })
      .from(courses)
      .where(inArray(courses.id, [...ids])),
    lessonTotals(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const total = totals.get(id) ?? NO_LESSONS;
    return [
      {
        id: row.id,
        type: row.type as CourseType,
        title: row.title,
        cover: row.cover,
        priceCents: row.priceCents,
        lessonCount: total.lessonCount,
        totalDuration: total.totalDuration,
        onSale: row.status === ON_SALE,
      },
    ];
  });
}

/** Teachers by id, in the order given (a course's teacherIds order). */
export async function teacherCards(db: Db, ids: readonly number[]): Promise<TeacherCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: teachers.id, name: teachers.name, title: teachers.title, avatar: teachers.avatar, intro: teachers.intro })
    .from(teachers)
    .where(inArray(teachers.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

async function classNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: classes.id, name: classes.name }).from(classes).where(inArray(classes.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * course_pack_items holds two relations (see the seed): pack_id = a PACK and course_id = a course
 * it contains; or pack_id = a main course and course_id = an ADD course offered with it. Contents
 * and add-ons of a course, and what an add-on extends, are read from both ends here.
 */
async function packLinks(db: Db, courseId: number): Promise<{ contents: number[]; addOns: number[]; extendsIds: number[] }> {
  const [down, up] = await Promise.all([
    // Rows where this course is the pack / main course: the linked course is course_id.
    db
      .select({ id: courses.id, type: courses.type, status: courses.status })
      .from(coursePackItems)
      .innerJoin(courses, eq(courses.id, coursePackItems.courseId))
      .where(eq(coursePackItems.packId, courseId))
      .orderBy(asc(coursePackItems.sort), asc(coursePackItems.courseId)),
    // Rows where this course is the add-on: the linked course is pack_id.
    db
      .select({ id: courses.id, status: courses.status })
      .from(coursePackItems)
      .innerJoin(courses, eq(courses.id, coursePackItems.packId))
      .where(eq(coursePackItems.courseId, courseId))
      .orderBy(asc(courses.sort), asc(courses.id)),
  ]);
  return {
    contents: down.filter((row) => row.type !== 'ADD').map((row) => row.id),
    addOns: down.filter((row) => row.type === 'ADD' && row.status === ON_SALE).map((row) => row.id),
    extendsIds: up.filter((row) => row.status === ON_SALE).map((row) => row.id),
  };
}

/** A camp at `now`: the next open cohort and its stages' dates (the one rule of src/domain/catalog/camp.ts). */
async function campAt(db: Db, courseId: number, now: number): Promise<CourseCamp> {
  const [plan, starts] = await Promise.all([campStagePlan(db, courseId), campCohortStarts(db, courseId)]);
  return campSchedule(plan, starts, now);
}

/**
 * The detail page's course, or null when it does not exist or is off sale. A camp's part depends on
 * `now` (the cohort shown closes): it holds until `camp.enrolEndsAt` (courseDetailsStillHolds).
 */
export async function findCourseDetails(db: Db, id: number, now: number): Promise<CourseDetails | null> {
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.status, ON_SALE)))
    .limit(1);
  if (!course) return null;
  const type = course.type as CourseType;
  const [names, teacherList, links, totals, camp] = await Promise.all([
    classNames(db, [course.categoryId, course.projectId, course.subjectId]),
    teacherCards(db, course.teacherIds),
    packLinks(db, id),
    lessonTotals(db, [id]),
    type === 'EXP' ? campAt(db, id, now) : Promise.resolve(null),
  ]);
  const [packCourses, extendsCourses, addOns] = await Promise.all([
    type === 'PACK' ? courseSummaries(db, links.contents) : Promise.resolve([]),
    type === 'ADD' ? courseSummaries(db, links.extendsIds) : Promise.resolve([]),
    courseSummaries(db, links.addOns),
  ]);
  const ref = (classId: number | null): NamedRef | null => (classId !== null && names.has(classId) ? { id: classId, name: names.get(classId)! } : null);
  const total = totals.get(id) ?? NO_LESSONS;
  return {
    id: course.id,
    type,
    title: course.title,
    subtitle: course.subtitle,
    cover: course.cover,
    intro: course.intro,
    priceCents: course.priceCents,
    originalPriceCents: course.originalPriceCents,
    salesCount: course.salesCount,
    lessonCount: total.lessonCount,
    totalDuration: total.totalDuration,
    validDays: course.validDays,
    category: ref(course.categoryId),
    project: ref(course.projectId) ?? { id: course.projectId, name: '' },
    subject: ref(course.subjectId),
    teachers: teacherList,
    auditionCount: total.auditionCount,
    packCourses,
    extendsCourses,
    addOns,
    camp,
    noSkipAhead: course.noSkipAhead,
  };
}

/** Whether details loaded earlier still hold at `now`: a camp's cohort shown must still take students. */
export function courseDetailsStillHolds(details: CourseDetails | null, now: number): boolean {
  const ends = details?.camp?.enrolEndsAt ?? null;
  return ends === null || now < ends;
}
