/**
 * Demo data of 学途: classes, teachers, courses with catalogues (camp stages, audition media), question banks,
 * resources, e-books, sales advisors, ads, site params, two demo accounts and what they bought (coupons,
 * orders, courses: commerce.ts). Data lives in typed arrays next to this file; ids come from the database
 * and rows reference each other through codes / keys resolved by the loaders.
 *
 *   await seedDatabase(db)                 // loads once; later calls return { seeded: false }
 *   await seedDatabase(db, { reset: true }) // deletes the seed-owned data and loads it again
 *
 * Everything runs in one transaction (nothing half written) with multi-row inserts.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import {
  activityCoupons,
  activityCourses,
  adItems,
  adSlots,
  campStages,
  catalogues,
  couponActivities,
  couponTemplates,
  classes,
  coursePackItems,
  courses,
  courseSkus,
  coursewares,
  ebooks,
  paperQuestions,
  papers,
  questions,
  redeemCodes,
  resources,
  salesAdvisors,
  sectionQuestions,
  sections,
  sessions,
  siteParams,
  teachers,
  users,
} from '../schema';
import { loadDemoAddresses } from './addresses';
import { loadDemoFeedback } from './feedback';
import { loadCommerce } from './load-commerce';
import { loadLearningHistory } from './learning';
import { loadLiveSessions } from './live';
import { loadClasses, loadQuestionBanks, loadTeachers } from './load-content';
import { loadAdvisors, loadCampStages, loadEbooks } from './load-extras';
import { loadAds, loadCatalogues, loadCourses, loadDemoUsers, loadParams, loadResources } from './load-site';
import { paramDefs, SEED_VERSION, SEED_VERSION_KEY } from './params';
import type { SeedDb } from './types';
import { demoMobiles, demoUsers } from './users';

export type { SeedDb } from './types';
export { demoUsers, SEED_VERSION, SEED_VERSION_KEY };

/** Serialises concurrent seeders (two processes starting at once). */
const SEED_LOCK_KEY = 7_202_701;

/** Content tables the seed owns entirely, children first; their serial ids restart on reset. */
const CONTENT_TABLES = [
  // Commerce content (what the demo students hold goes with them: user rows cascade).
  { table: activityCoupons, sequence: null },
  { table: activityCourses, sequence: null },
  { table: couponActivities, sequence: 'coupon_activities_id_seq' },
  { table: redeemCodes, sequence: 'redeem_codes_id_seq' },
  { table: couponTemplates, sequence: 'coupon_templates_id_seq' },
  { table: sectionQuestions, sequence: null },
  { table: sections, sequence: 'sections_id_seq' },
  { table: paperQuestions, sequence: null },
  { table: coursewares, sequence: 'coursewares_id_seq' },
  { table: catalogues, sequence: 'catalogues_id_seq' },
  { table: campStages, sequence: 'camp_stages_id_seq' },
  { table: papers, sequence: 'papers_id_seq' },
  { table: questions, sequence: 'questions_id_seq' },
  { table: courseSkus, sequence: 'course_skus_id_seq' },
  { table: coursePackItems, sequence: null },
  { table: courses, sequence: 'courses_id_seq' },
  { table: resources, sequence: 'resources_id_seq' },
  { table: ebooks, sequence: 'ebooks_id_seq' },
  { table: salesAdvisors, sequence: 'sales_advisors_id_seq' },
  { table: adItems, sequence: 'ad_items_id_seq' },
  { table: adSlots, sequence: null },
  { table: teachers, sequence: 'teachers_id_seq' },
  { table: classes, sequence: 'classes_id_seq' },
] as const;

export async function seedDatabase(db: SeedDb, opts: { reset?: boolean } = {}): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const marker = await tx.select({ value: siteParams.value }).from(siteParams).where(eq(siteParams.key, SEED_VERSION_KEY));
    if (marker.length > 0 && !opts.reset) return { seeded: false };
    // Without a marker the content tables should be empty; clearing anyway makes a half-seeded database safe to seed.
    await clearSeedData(tx);
    await loadSeedData(tx);
    return { seeded: true };
  });
}

/** Deletes what the seed owns: all content tables, the seed's site params, the demo users and their sessions. */
async function clearSeedData(db: SeedDb): Promise<void> {
  const demoIds = db.select({ id: users.id }).from(users).where(inArray(users.mobile, demoMobiles));
  await db.delete(sessions).where(inArray(sessions.userId, demoIds));
  await db.delete(users).where(inArray(users.mobile, demoMobiles));
  for (const { table } of CONTENT_TABLES) await db.delete(table);
  await db.delete(siteParams).where(
    inArray(
      siteParams.key,
      paramDefs.map((p) => p.key),
    ),
  );
  // ALTER SEQUENCE is transactional (unlike setval), so a failed reset leaves the sequences untouched.
  for (const { sequence } of CONTENT_TABLES) {
    if (sequence) await db.execute(sql.raw(`ALTER SEQUENCE "${sequence}" RESTART WITH 1`));
  }
}

async function loadSeedData(db: SeedDb): Promise<void> {
  const classMap = await loadClasses(db);
  const teacherIds = await loadTeachers(db, classMap);
  const { paperIds } = await loadQuestionBanks(db, classMap);
  const courseIds = await loadCourses(db, classMap, teacherIds);
  const stageIds = await loadCampStages(db, courseIds);
  await loadCatalogues(db, courseIds, paperIds, stageIds);
  await loadResources(db, classMap);
  await loadEbooks(db, classMap);
  await loadAdvisors(db, classMap);
  await loadAds(db, courseIds);
  await loadDemoUsers(db, classMap);
  await loadDemoAddresses(db);
  await loadDemoFeedback(db);
  await loadCommerce(db, courseIds);
  await loadLearningHistory(db, courseIds);
  await loadLiveSessions(db);
  await loadParams(db);
}
