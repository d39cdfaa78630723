/** The public course list (coursePageList) as `Page<CourseListItem>`: filters, one page, the total. */
import { and, asc, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CourseListItem, CourseSort, CourseType, ParsedCoursePageQuery } from '../../src/domain/catalog/contract';
import type { Page } from '../../src/domain/shared/envelope';
import type { Db } from '../db/client';
import { classes, courses, coursewares, teachers } from '../db/schema';
import { COUNT_ALL, toPage, WINDOW_TOTAL } from '../shared/paging';

/** `%` and `_` in what the user typed are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function coursePageWhere(query: ParsedCoursePageQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(courses.status, 'ON_SALE')];
  if (query.type && query.type.length > 0) conditions.push(inArray(courses.type, query.type));
  if (query.categoryId) conditions.push(eq(courses.categoryId, query.categoryId));
  if (query.projectId) conditions.push(eq(courses.projectId, query.projectId));
  if (query.subjectId) conditions.push(eq(courses.subjectId, query.subjectId));
  const keyword = query.keyword?.trim();
  if (keyword) conditions.push(ilike(courses.title, `%${escapeLike(keyword)}%`));
  if (query.priceKind === 'FREE') conditions.push(or(eq(courses.priceCents, 0), eq(courses.type, 'FREE')));
  if (query.priceKind === 'PRO') conditions.push(gt(courses.priceCents, 0));
  return and(...conditions);
}

/** Every order ends on the id, so pages never overlap or skip rows with equal keys. */
export function coursePageOrder(sort: CourseSort | undefined): SQL[] {
  switch (sort) {
    case 'NEWEST':
      return [desc(courses.createdAt), desc(courses.id)];
    case 'SALES':
      return [desc(courses.salesCount), asc(courses.id)];
    case 'PRICE_ASC':
      return [asc(courses.priceCents), asc(courses.sort), asc(courses.id)];
    case 'PRICE_DESC':
      return [desc(courses.priceCents), asc(courses.sort), asc(courses.id)];
    default:
      return [asc(courses.sort), asc(courses.id)];
  }
}

/**
 * One round trip for a page: the total rides along as a window count and the teachers as JSON in
 * teacherIds order. Only a page past the end (no rows to carry the total) asks for the count.
 */
export async function listCourses(db: Db, query: ParsedCoursePageQuery): Promise<Page<CourseListItem>> {
  const where = coursePageWhere(query);
  const offset = (query.current - 1) * query.size;
  const rows = await db
    .select({
      id: courses.id,
      type: courses.type,
      title: courses.title,
      subtitle: courses.subtitle,
      cover: courses.cover,
      priceCents: courses.priceCents,
      originalPriceCents: courses.originalPriceCents,
      salesCount: courses.salesCount,
      projectId: courses.projectId,
      projectName: classes.name,
      total: WINDOW_TOTAL,
      lessonCount: sql<number>`(select count(*)::int from ${coursewares} where ${coursewares.courseId} = ${courses.id})`,
      teachers: sql<CourseListItem['teachers']>`(
        select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'avatar', t.avatar) order by e.ord), '[]'::json)
        from jsonb_array_elements_text(${courses.teacherIds}) with ordinality as e(id, ord)
        join ${teachers} t on t.id = e.id::int
      )`,
    })
    .from(courses)
    .leftJoin(classes, eq(classes.id, courses.projectId))
    .where(where)
    .orderBy(...coursePageOrder(query.sort))
    .limit(query.size)
    .offset(offset);

  return toPage(
    rows,
    query,
    () => db.select({ n: COUNT_ALL }).from(courses).where(where),
    (row) => ({
      id: row.id,
      type: row.type as CourseType,
      title: row.title,
      subtitle: row.subtitle,
      cover: row.cover,
      priceCents: row.priceCents,
      originalPriceCents: row.originalPriceCents,
      salesCount: row.salesCount,
      lessonCount: Number(row.lessonCount),
      projectId: row.projectId,
      projectName: row.projectName ?? '',
      teachers: row.teachers,
    }),
  );
}
