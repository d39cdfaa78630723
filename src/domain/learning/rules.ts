/** Learning constants of product-spec §9: study progress and the learned-time step. */

export const COURSEWARE_TYPES = ['VIDEO', 'AUDIO', 'EBOOK', 'PAPER', 'LIVE'] as const;

export type CoursewareType = (typeof COURSEWARE_TYPES)[number];

export const STUDY_PERCENTAGE_CAP = 100;

export const DEFAULT_LEARNED_TIME = 5;

/** The course types whose study is recorded (product-spec §4). */
export const RECORDED_COURSE_TYPES: readonly string[] = ['SYS', 'PACK'];

/** Coursewares with time to watch or listen: the others (a paper, an e-book) carry no learned time. */
export const TIMED_COURSEWARE_TYPES: readonly CoursewareType[] = ['VIDEO', 'AUDIO', 'LIVE'];

/**
 * Study progress is recorded only when the user is logged in, owns the course (status true) and
 * the course is a system course or a pack (product-spec §4); and only for a timed courseware.
 */
export function isProgressRecorded(input: { loggedIn: boolean; owned: boolean; courseType: string; coursewareType: string }): boolean {
  return (
    input.loggedIn &&
    input.owned &&
    RECORDED_COURSE_TYPES.includes(input.courseType) &&
    (TIMED_COURSEWARE_TYPES as readonly string[]).includes(input.coursewareType)
  );
}

/** A record's learned seconds: DEFAULT_LEARNED_TIME when absent (product-spec §4). */
export function learnedTimeOf(learnedTime: number | null | undefined): number {
  return learnedTime ?? DEFAULT_LEARNED_TIME;
}

/** Percentage = learned total time / duration, capped at 100 (product-spec §4); whole percents, rounded down. */
export function studyPercentageOf(learnedTotalTime: number, duration: number): number {
  if (duration <= 0) return 0;
  return Math.min(STUDY_PERCENTAGE_CAP, Math.floor((learnedTotalTime / duration) * 100));
}
