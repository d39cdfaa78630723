/** Learning constants of product-spec §9: study progress and the learned-time step. */

export const COURSEWARE_TYPES = ['VIDEO', 'AUDIO', 'EBOOK', 'PAPER', 'LIVE'] as const;

export type CoursewareType = (typeof COURSEWARE_TYPES)[number];

export const STUDY_PERCENTAGE_CAP = 100;

export const DEFAULT_LEARNED_TIME = 5;
