/**
 * A face of commerce to the other features: a training camp as sold, its stage plan and its cohorts
 * (the camp's SKUs that have a start; src/domain/catalog/camp.ts has the rules). Read by commerce
 * (courseSkuList), the catalogue (course details: the next open cohort's dates) and learning (my
 * courses: a cohort's stage dates). Other features import it through this file only (eslint.features.js).
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
