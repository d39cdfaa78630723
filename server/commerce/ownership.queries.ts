/**
 * What a user owns (user_products), always read and written for the session's user only: grants
 * from orders, free activations and redeem codes, the status of one course, and the paged list.
 * Other features read and grant through commerce's face, entitlements.ts.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CourseType } from '../../src/domain/catalog/contract';
import type { OwnershipSource, UserProductItem, UserProductState, UserProductStatus } from '../../src/domain/commerce/contract';
import { accessStart } from '../../src/domain/commerce/rules';
import type { Page } from '../../src/domain/shared/envelope';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { courses, userProducts } from '../db/schema';
import { packContents } from './skus.queries';
import { COUNT_ALL, pageOffset, toPage, WINDOW_TOTAL } from '../shared/paging';

export interface Grant {
  userId: number;
  courseId: number;
  courseType: CourseType;
  source: OwnershipSource;
  /** Access starts now or at a camp's later start. */
  start: Date;
  validDays: number;
  orderId?: number | null;
  viaPackId?: number | null;
  /** Grant only when the user has no live access (a free course activated twice at once adds once). */
  onlyIfLapsed?: boolean;
}

/**
 * Adds `validDays` to the user's access in one atomic upsert: after the current end while it
 * lasts, from `start` once it has ended — never shorter (the rule of extendValidity in
 * src/domain/commerce/rules.ts). Two grants at once both count.
 */
export async function grantCourse(db: Db, grant: Grant): Promise<{ validFrom: Date; validUntil: Date } | null> {
  const start = grant.start.toISOString();
  const lapsedOnly = grant.onlyIfLapsed ? sql`where ${userProducts.validUntil} <= excluded.valid_from` : sql``;
  const [row] = await queryRows<{ valid_from: string | Date; valid_until: string | Date }>(
    db,
    sql`insert into ${userProducts} (user_id, course_id, course_type, source, via_pack_id, order_id, valid_from, valid_until)
        values (${grant.userId}, ${grant.courseId}, ${grant.courseType}, ${grant.source}, ${grant.viaPackId ?? null}, ${grant.orderId ?? null},
                ${start}::timestamptz, ${start}::timestamptz + make_interval(days => ${grant.validDays}::int))
        on conflict (user_id, course_id) do update set
          valid_from = case when ${userProducts.validUntil} > excluded.valid_from then ${userProducts.validFrom} else excluded.valid_from end,
          valid_until = greatest(${userProducts.validUntil}, excluded.valid_from) + make_interval(days => ${grant.validDays}::int),
          course_type = excluded.course_type,
          source = excluded.source,
          via_pack_id = excluded.via_pack_id,
          order_id = coalesce(excluded.order_id, ${userProducts.orderId}),
          updated_at = now()
        ${lapsedOnly}
        returning valid_from, valid_until`,
  );
  return row ? { validFrom: new Date(row.valid_from), validUntil: new Date(row.valid_until) } : null;
}

/**
 * A course, and for a PACK each course it contains with the same access. Answers the course's own
 * validity, or null when `onlyIfLapsed` found live access (nothing granted).
 */
export async function grantWithPack(db: Db, grant: Grant): Promise<{ validFrom: Date; validUntil: Date } | null> {
  const own = await grantCourse(db, grant);
  if (own && grant.courseType === 'PACK') {
    for (const item of await packContents(db, grant.courseId)) {
      await grantCourse(db, { ...grant, courseId: item.courseId, courseType: item.courseType, viaPackId: grant.courseId });
    }
  }
  return own;
}

export function startOfAccess(now: Date, startsAt: Date | null): Date {
  return new Date(accessStart(now.getTime(), startsAt?.getTime() ?? null));
}

export async function ownershipOf(db: Db, userId: number, courseId: number) {
  const [row] = await db
    .select()
    .from(userProducts)
    .where(and(eq(userProducts.userId, userId), eq(userProducts.courseId, courseId)));
  return row ?? null;
}

/** Asked by every learning record (every 15 s per student watching): prepared once per database. */
const validUntilLookups = new WeakMap<Db, ReturnType<typeof prepareValidUntil>>();
function prepareValidUntil(db: Db) {
  return db
    .select({ validUntil: userProducts.validUntil })
    .from(userProducts)
    .where(and(eq(userProducts.userId, sql.placeholder('userId')), eq(userProducts.courseId, sql.placeholder('courseId'))))
    .prepare('xt_course_valid_until');
}

/** Whether the user has access to the course at `now`. */
export async function ownsNow(db: Db, userId: number, courseId: number, now: Date): Promise<boolean> {
  let lookup = validUntilLookups.get(db);
  if (!lookup) validUntilLookups.set(db, (lookup = prepareValidUntil(db)));
  const [row] = await lookup.execute({ userId, courseId });
  return !!row && row.validUntil.getTime() > now.getTime();
}

/** The courses of `courseIds` the user has access to at `now`. */
export async function liveCourseIds(db: Db, userId: number, courseIds: readonly number[], now: Date): Promise<Set<number>> {
  if (courseIds.length === 0) return new Set();
  const rows = await db
    .select({ courseId: userProducts.courseId })
    .from(userProducts)
    .where(and(eq(userProducts.userId, userId), inArray(userProducts.courseId, [...courseIds]), gt(userProducts.validUntil, now)));
  return new Set(rows.map((row) => row.courseId));
}

/**
 * Whether the user has live access (as userProductStatus counts it) to a paid course of the project:
 * what opens the project's paid resources (docs/catalogue.md). A FREE course, which anyone activates,
 * does not count.
 */
export async function ownsPaidCourseOfProject(db: Db, userId: number, projectId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ courseId: userProducts.courseId })
    .from(userProducts)
    .innerJoin(courses, eq(courses.id, userProducts.courseId))
    .where(and(eq(userProducts.userId, userId), gt(userProducts.validUntil, now), eq(courses.projectId, projectId), ne(courses.type, 'FREE')))
    .limit(1);
  return row !== undefined;
}

export function toStatus(courseId: number, row: Awaited<ReturnType<typeof ownershipOf>>, now: Date): UserProductStatus {
  if (!row) return { courseId, status: false, validFrom: null, validUntil: null, source: null };
  return {
    courseId,
    status: row.validUntil.getTime() > now.getTime(),
    validFrom: row.validFrom.getTime(),
    validUntil: row.validUntil.getTime(),
    source: row.source as OwnershipSource,
  };
}

export interface UserProductFilter {
  current: number;
  size: number;
  type?: CourseType[] | null;
  state?: UserProductState | null;
  /** Leaves out the courses that came with a pack: my courses lists them under their pack. */
  withoutPackCourses?: boolean;
}

/**
 * The user's courses, live access first and the most recently granted on top: the one list of
 * user_products, read by userProductPageList (commerce) and myCourseList (learning).
 */
export async function listUserProducts(db: Db, userId: number, filter: UserProductFilter, now: Date): Promise<Page<UserProductItem>> {
  const pack = alias(courses, 'pack');
  const conditions: SQL[] = [eq(userProducts.userId, userId)];
  if (filter.type && filter.type.length > 0) conditions.push(inArray(userProducts.courseType, filter.type));
  if (filter.state === 'VALID') conditions.push(gt(userProducts.validUntil, now));
  if (filter.state === 'EXPIRED') conditions.push(lte(userProducts.validUntil, now));
  if (filter.withoutPackCourses) conditions.push(isNull(userProducts.viaPackId));
  const rows = await db
    .select({
      courseId: userProducts.courseId,
      courseType: userProducts.courseType,
      title: courses.title,
      cover: courses.cover,
      validFrom: userProducts.validFrom,
      validUntil: userProducts.validUntil,
      source: userProducts.source,
      viaPackId: userProducts.viaPackId,
      viaPackTitle: pack.title,
      total: WINDOW_TOTAL,
    })
    .from(userProducts)
    .innerJoin(courses, eq(courses.id, userProducts.courseId))
    .leftJoin(pack, eq(pack.id, userProducts.viaPackId))
    .where(and(...conditions))
    .orderBy(desc(sql`${userProducts.validUntil} > ${now.toISOString()}::timestamptz`), desc(userProducts.updatedAt), asc(userProducts.courseId))
    .limit(filter.size)
    .offset(pageOffset(filter));
  return toPage(
    rows,
    filter,
    () =>
      db
        .select({ n: COUNT_ALL })
        .from(userProducts)
        .innerJoin(courses, eq(courses.id, userProducts.courseId))
        .where(and(...conditions)),
    (row) => ({
      courseId: row.courseId,
      courseType: row.courseType as CourseType,
      title: row.title,
      cover: row.cover,
      validFrom: row.validFrom.getTime(),
      validUntil: row.validUntil.getTime(),
      expired: row.validUntil.getTime() <= now.getTime(),
      source: row.source as OwnershipSource,
      viaPackId: row.viaPackId,
      viaPackTitle: row.viaPackTitle,
    }),
  );
}
