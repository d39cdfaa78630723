/** The public course list (products/course/getPageList) as `Page<CourseListItem>`. */
import { and, asc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { COURSE_TYPES, type CourseListItem, type CoursePageQuery, type CourseType } from '../../../src/domain/catalog/contract';
import type { Page } from '../../../src/domain/shared/envelope';
import type { Db } from '../../db/client';
import { classes, courses, coursewares, teachers } from '../../db/schema';

export const COURSE_PAGE_DEFAULT_SIZE = 12;
export const COURSE_PAGE_MAX_SIZE = 50;

/** Filters may come as null or 0 for the 'all' option of the client's filter lists. */
const optionalId = { type: ['integer', 'null'], minimum: 0 } as const;

export const coursePageBodySchema = {
  type: 'object',
  properties: {
    current: { type: 'integer', minimum: 1, default: 1 },
    size: { type: 'integer', minimum: 1, maximum: COURSE_PAGE_MAX_SIZE, default: COURSE_PAGE_DEFAULT_SIZE },
    // A single type is coerced to a one-element array by Fastify's ajv (coerceTypes: 'array').
    type: { type: ['array', 'null'], maxItems: COURSE_TYPES.length, items: { type: 'string', enum: [...COURSE_TYPES] } },
    categoryId: optionalId,
    projectId: optionalId,
    subjectId: optionalId,
    keyword: { type: ['string', 'null'], maxLength: 50 },
    priceKind: { type: ['string', 'null'], enum: ['FREE', 'PRO', null] },
  },
} as const;

/** The body after validation: defaults filled, a single type turned into an array. */
export interface CoursePageBody {
  current: number;
  size: number;
  type?: CourseType[] | null;
  categoryId?: number | null;
  projectId?: number | null;
  subjectId?: number | null;
  keyword?: string | null;
  priceKind?: CoursePageQuery['priceKind'] | null;
}

/** `%` and `_` in what the user typed are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function coursePageWhere(query: CoursePageBody): SQL | undefined {
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

/** Cents in the database, yuan on the wire. */
export const toYuan = (cents: number): number => Math.round(cents) / 100;

/**
 * One round trip for a page: the total rides along as a window count and the teachers as JSON in
 * teacherIds order. Only a page past the end (no rows to carry the total) asks for the count.
 */
export async function listCourses(db: Db, query: CoursePageBody): Promise<Page<CourseListItem>> {
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
      // count(*) is bigint: cast in SQL so both drivers give a number (pg would give a string).
      total: sql<number>`(count(*) over ())::int`,
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
    .orderBy(asc(courses.sort), asc(courses.id))
    .limit(query.size)
    .offset(offset);

  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    const [countRow] = await db.select({ total: sql<number>`count(*)::int` }).from(courses).where(where);
    total = Number(countRow?.total ?? 0);
  }
  const records = rows.map((row) => ({
    id: row.id,
    type: row.type as CourseType,
    title: row.title,
    subtitle: row.subtitle,
    cover: row.cover,
    price: toYuan(row.priceCents),
    originalPrice: row.originalPriceCents == null ? null : toYuan(row.originalPriceCents),
    salesCount: row.salesCount,
    lessonCount: Number(row.lessonCount),
    projectId: row.projectId,
    projectName: row.projectName ?? '',
    teachers: row.teachers,
  }));
  return { records, total, current: query.current, size: query.size };
}
