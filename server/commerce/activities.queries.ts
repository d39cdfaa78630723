/** The course activity of /coupon-active: a campaign of courses (with their prices) and coupons to claim. */
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { CourseType } from '../../src/domain/catalog/contract';
import type { ActivityState, CouponActivity } from '../../src/domain/commerce/contract';
import type { Db } from '../db/client';
import { activityCoupons, activityCourses, couponActivities, couponTemplates, courses } from '../db/schema';
import { toClaimable } from './coupons.queries';
import { ON_SALE } from './skus.queries';

function stateOf(activity: { startsAt: Date; endsAt: Date }, now: Date): ActivityState {
  if (activity.startsAt.getTime() > now.getTime()) return 'UPCOMING';
  return activity.endsAt.getTime() > now.getTime() ? 'ONGOING' : 'ENDED';
}

/** The activity `id`, or without one the activity running now (else the one that started last); null when none. */
export async function findActivity(db: Db, id: number | undefined, userId: number | null, now: Date): Promise<CouponActivity | null> {
  let activity: typeof couponActivities.$inferSelect | undefined;
  if (id !== undefined) {
    [activity] = await db.select().from(couponActivities).where(eq(couponActivities.id, id));
  } else {
    [activity] = await db
      .select()
      .from(couponActivities)
      .where(and(lte(couponActivities.startsAt, now), gt(couponActivities.endsAt, now)))
      .orderBy(desc(couponActivities.startsAt))
      .limit(1);
    if (!activity) {
      [activity] = await db.select().from(couponActivities).where(lte(couponActivities.startsAt, now)).orderBy(desc(couponActivities.startsAt)).limit(1);
    }
  }
  if (!activity) return null;
  const courseRows = await db
    .select({
      courseId: courses.id,
      courseType: courses.type,
      title: courses.title,
      cover: courses.cover,
      priceCents: courses.priceCents,
      originalPriceCents: courses.originalPriceCents,
      tag: activityCourses.tag,
    })
    .from(activityCourses)
    .innerJoin(courses, eq(courses.id, activityCourses.courseId))
    .where(and(eq(activityCourses.activityId, activity.id), eq(courses.status, ON_SALE)))
    .orderBy(asc(activityCourses.sort), asc(courses.id));
  const templates = await db
    .select({ template: couponTemplates })
    .from(activityCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, activityCoupons.templateId))
    .where(eq(activityCoupons.activityId, activity.id))
    .orderBy(asc(activityCoupons.sort), asc(couponTemplates.id));
  return {
    id: activity.id,
    title: activity.title,
    subtitle: activity.subtitle,
    rules: activity.rules,
    startsAt: activity.startsAt.getTime(),
    endsAt: activity.endsAt.getTime(),
    state: stateOf(activity, now),
    courses: courseRows.map((row) => ({ ...row, courseType: row.courseType as CourseType })),
    coupons: await toClaimable(
      db,
      templates.map((row) => row.template),
      userId,
    ),
  };
}
