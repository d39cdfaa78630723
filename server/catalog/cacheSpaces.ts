/**
 * The catalogue's public cache spaces (server/shared/publicCache.ts): what each answer is read
 * from, so a change to one of those tables, from any process, empties the space. Bounds are per
 * space: course lists are keyed by their filters (keywords included), hence the most entries.
 */
import type { CacheSpace } from '../shared/publicCache';

export const CATALOG_SPACES = {
  classes: { name: 'classes', tables: ['classes'], maxEntries: 200 },
  coursePage: { name: 'coursePage', tables: ['courses', 'classes', 'teachers', 'coursewares'], maxEntries: 1000 },
  courseDetails: {
    name: 'courseDetails',
    // A camp's part: its stages and its cohorts (the SKUs' starts).
    tables: ['courses', 'classes', 'teachers', 'coursewares', 'course_pack_items', 'camp_stages', 'course_skus'],
    maxEntries: 1000,
  },
  outline: { name: 'outline', tables: ['courses', 'catalogues', 'coursewares'], maxEntries: 500 },
  coursewares: { name: 'coursewares', tables: ['catalogues', 'coursewares'], maxEntries: 2000 },
  auditions: { name: 'auditions', tables: ['courses', 'course_pack_items', 'catalogues', 'coursewares'], maxEntries: 1000 },
  teachers: { name: 'teachers', tables: ['teachers', 'classes'], maxEntries: 100 },
  advisors: { name: 'advisors', tables: ['sales_advisors'], maxEntries: 100 },
} as const satisfies Record<string, CacheSpace>;
