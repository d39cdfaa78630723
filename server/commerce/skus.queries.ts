/**
 * What is for sale: a course's SKUs (validity, printed material, camp cohorts), the add-on courses
 * offered with it, a camp's stages, and the courses an add-on extends. course_pack_items holds two
 * relations told apart by the contained course's type: an ADD course in it is an add-on offered
 * with pack_id's course; any other course is the content of the pack pack_id.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { CourseType } from '../../src/domain/catalog/contract';
import { campEnrolEndsAt } from '../../src/domain/catalog/camp';
import type { AddOnOffer, CourseRef, CourseSku, CourseSkuList } from '../../src/domain/commerce/contract';
import type { Db } from '../db/client';
import { coursePackItems, courses, courseSkus } from '../db/schema';
import { campStagePlan } from './camps';

export const ON_SALE = 'ON_SALE';

/** One SKU with its course, as orders read it. */
export interface SkuWithCourse {
  skuId: number;
  skuName: string;
  priceCents: number;
  validDays: number;
  shipsMaterial: boolean;
  startsAt: Date | null;
  sort: number;
  courseId: number;
  courseType: CourseType;
  title: string;
  cover: string;
  onSale: boolean;
}

/** What a SKU sells, as the SKU list and the order lines read it. */
const skuFields = {
  skuId: courseSkus.id,
  skuName: courseSkus.name,
  priceCents: courseSkus.priceCents,
  validDays: courseSkus.validDays,
  shipsMaterial: courseSkus.shipsMaterial,
  startsAt: courseSkus.startsAt,
};

const skuColumns = {
  ...skuFields,
  sort: courseSkus.sort,
  courseId: courses.id,
  courseType: courses.type,
  title: courses.title,
  cover: courses.cover,
  status: courses.status,
};

function toSku(row: Omit<SkuWithCourse, 'courseType' | 'onSale'> & { courseType: string; status: string }): SkuWithCourse {
  const { status, courseType, ...rest } = row;
  return { ...rest, courseType: courseType as CourseType, onSale: status === ON_SALE };
}

export async function findSkus(db: Db, skuIds: readonly number[]): Promise<Map<number, SkuWithCourse>> {
  if (skuIds.length === 0) return new Map();
  const rows = await db
    .select(skuColumns)
    .from(courseSkus)
    .innerJoin(courses, eq(courses.id, courseSkus.courseId))
    .where(inArray(courseSkus.id, [...skuIds]));
  return new Map(rows.map((row) => [row.skuId, toSku(row)]));
}

export function toCourseSku(sku: Pick<SkuWithCourse, 'skuId' | 'skuName' | 'priceCents' | 'validDays' | 'shipsMaterial' | 'startsAt'>): CourseSku {
  const startsAt = sku.startsAt?.getTime() ?? null;
  return {
    id: sku.skuId,
    name: sku.skuName,
    priceCents: sku.priceCents,
    validDays: sku.validDays,
    shipsMaterial: sku.shipsMaterial,
    startsAt,
    enrolEndsAt: campEnrolEndsAt(startsAt),
  };
}

/** The ADD courses on sale offered with `courseId`, each at its first SKU. */
export async function addOnOffers(db: Db, courseId: number): Promise<AddOnOffer[]> {
  const rows = await db
    .select(skuColumns)
    .from(coursePackItems)
    .innerJoin(courses, eq(courses.id, coursePackItems.courseId))
    .innerJoin(courseSkus, eq(courseSkus.courseId, courses.id))
    .where(and(eq(coursePackItems.packId, courseId), eq(courses.type, 'ADD'), eq(courses.status, ON_SALE)))
    .orderBy(asc(coursePackItems.sort), asc(courses.id), asc(courseSkus.sort), asc(courseSkus.id));
  const offers = new Map<number, AddOnOffer>();
  for (const row of rows) {
    if (offers.has(row.courseId)) continue;
    offers.set(row.courseId, {
      courseId: row.courseId,
      title: row.title,
      cover: row.cover,
      skuId: row.skuId,
      skuName: row.skuName,
      priceCents: row.priceCents,
      validDays: row.validDays,
      shipsMaterial: row.shipsMaterial,
    });
  }
  return [...offers.values()];
}

/** The courses an ADD course extends (any status: owning an old edition still counts). */
export async function extendedCourses(db: Db, addCourseId: number): Promise<CourseRef[]> {
  const rows = await db
    .select({ courseId: courses.id, title: courses.title })
    .from(coursePackItems)
    .innerJoin(courses, eq(courses.id, coursePackItems.packId))
    .where(eq(coursePackItems.courseId, addCourseId))
    .orderBy(asc(courses.sort), asc(courses.id));
  return rows;
}

/** The courses a PACK grants (its content, not its add-ons). */
export async function packContents(db: Db, packId: number): Promise<{ courseId: number; courseType: CourseType }[]> {
  const rows = await db
    .select({ courseId: courses.id, courseType: courses.type })
    .from(coursePackItems)
    .innerJoin(courses, eq(courses.id, coursePackItems.courseId))
    .where(and(eq(coursePackItems.packId, packId), ne(courses.type, 'ADD')))
    .orderBy(asc(coursePackItems.sort));
  return rows.map((row) => ({ courseId: row.courseId, courseType: row.courseType as CourseType }));
}

/** courseSkuList: null when the course does not exist. A FREE course or one off the shelf lists no SKU. */
export async function courseSkuList(db: Db, courseId: number): Promise<CourseSkuList | null> {
  const [course] = await db
    .select({ id: courses.id, type: courses.type, title: courses.title, status: courses.status })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course) return null;
  const type = course.type as CourseType;
  const sellable = course.status === ON_SALE && type !== 'FREE';
  const skuRows = sellable
    ? await db.select(skuFields).from(courseSkus).where(eq(courseSkus.courseId, courseId)).orderBy(asc(courseSkus.sort), asc(courseSkus.id))
    : [];
  return {
    courseId: course.id,
    courseType: type,
    title: course.title,
    skus: skuRows.map(toCourseSku),
    addOns: sellable && type !== 'ADD' ? await addOnOffers(db, courseId) : [],
    stages: type === 'EXP' ? await campStagePlan(db, courseId) : [],
    extends: type === 'ADD' ? await extendedCourses(db, courseId) : [],
  };
}

export async function findCourse(db: Db, courseId: number) {
  const [course] = await db
    .select({ id: courses.id, type: courses.type, title: courses.title, status: courses.status, validDays: courses.validDays })
    .from(courses)
    .where(eq(courses.id, courseId));
  return course ?? null;
}
