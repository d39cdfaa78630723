/**
 * A training camp's plan and cohorts as stored (src/domain/catalog/camp.ts has the rules): read by
 * the catalogue (course details: the next open cohort's dates) and by commerce (courseSkuList).
 */
import { asc, eq, isNotNull, and } from 'drizzle-orm';
import type { CampStagePlan } from '../../src/domain/catalog/contract';
import type { Db } from '../db/client';
import { campStages, courseSkus } from '../db/schema';

/** The stages every cohort of the camp follows, in order. */
export async function campStagePlan(db: Db, courseId: number): Promise<CampStagePlan[]> {
  return db
    .select({ id: campStages.id, name: campStages.name, intro: campStages.intro, startDay: campStages.startDay, days: campStages.days })
    .from(campStages)
    .where(eq(campStages.courseId, courseId))
    .orderBy(asc(campStages.sort), asc(campStages.startDay), asc(campStages.id));
}

/** The starts (epoch ms) of the camp's cohorts: its SKUs that have one. */
export async function campCohortStarts(db: Db, courseId: number): Promise<number[]> {
  const rows = await db
    .select({ startsAt: courseSkus.startsAt })
    .from(courseSkus)
    .where(and(eq(courseSkus.courseId, courseId), isNotNull(courseSkus.startsAt)))
    .orderBy(asc(courseSkus.startsAt));
  return rows.flatMap((row) => (row.startsAt ? [row.startsAt.getTime()] : []));
}
