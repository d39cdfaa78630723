/**
 * Training camps (EXP), one model for the catalogue and commerce. A camp runs in cohorts (期): each
 * cohort is a SKU of the course with its start (course_skus.starts_at), and access counts from it.
 * The stages are planned once per course in days from a cohort's start (camp_stages), so every
 * cohort's stage dates follow from its start. A cohort takes latecomers for CAMP_LATE_JOIN_DAYS,
 * then closes: commerce refuses to sell it, and the detail page shows the next open one.
 */
import { chinaDate } from '../shared/chinaTime';
import { DAY_MS } from '../commerce/limits';
import type { CampStage, CampStagePlan, CourseCamp } from './contract';

/** A cohort takes latecomers for this many days after its start. */
export const CAMP_LATE_JOIN_DAYS = 7;

export { chinaDate };

/** Today in China (UTC+8, no daylight saving) as YYYY-MM-DD, the form stage dates have. */
export function chinaToday(now: Date = new Date()): string {
  return chinaDate(now.getTime());
}

/** When a cohort stops taking students; null for a SKU that is no cohort (always open). */
export function campEnrolEndsAt(startsAt: number | null): number | null {
  return startsAt === null ? null : startsAt + CAMP_LATE_JOIN_DAYS * DAY_MS;
}

/** Whether a SKU with this start still takes students at `now` (a SKU without a start always does). */
export function isCohortOpen(startsAt: number | null, now: number): boolean {
  const ends = campEnrolEndsAt(startsAt);
  return ends === null || now < ends;
}

/** The earliest cohort still taking students at `now`, or null when none is. */
export function nextOpenCohort(starts: readonly (number | null)[], now: number): number | null {
  let next: number | null = null;
  for (const start of starts) {
    if (start !== null && isCohortOpen(start, now) && (next === null || start < next)) next = start;
  }
  return next;
}

/** The stages of the cohort starting at `cohortStart` with their China days; null dates without a cohort. */
export function datedCampStages(plan: readonly CampStagePlan[], cohortStart: number | null): CampStage[] {
  return plan.map((stage) => ({
    ...stage,
    startDate: cohortStart === null ? null : chinaDate(cohortStart + stage.startDay * DAY_MS),
    endDate: cohortStart === null ? null : chinaDate(cohortStart + (stage.startDay + Math.max(stage.days, 1) - 1) * DAY_MS),
  }));
}

/** The camp a detail page shows at `now`: the next open cohort of `cohortStarts` and its stages' dates. */
export function campSchedule(plan: readonly CampStagePlan[], cohortStarts: readonly (number | null)[], now: number): CourseCamp {
  const startsAt = nextOpenCohort(cohortStarts, now);
  return {
    startsAt,
    startDate: startsAt === null ? null : chinaDate(startsAt),
    enrolEndsAt: campEnrolEndsAt(startsAt),
    stages: datedCampStages(plan, startsAt),
  };
}

export type CampStageState = 'NOT_STARTED' | 'ONGOING' | 'ENDED';

export const CAMP_STAGE_STATE_LABELS: Record<CampStageState, string> = {
  NOT_STARTED: '未开始',
  ONGOING: '进行中',
  ENDED: '已结束',
};

/** Where a stage stands on `today` (YYYY-MM-DD); both of its dates are days of the stage. Without dates (no cohort) it has not started. */
export function campStageState(stage: Pick<CampStage, 'startDate' | 'endDate'>, today: string): CampStageState {
  if (stage.startDate === null || stage.endDate === null || today < stage.startDate) return 'NOT_STARTED';
  if (today > stage.endDate) return 'ENDED';
  return 'ONGOING';
}
