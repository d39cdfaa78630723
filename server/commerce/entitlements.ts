/**
 * Commerce's face for ownership (docs/commerce.md): what a student owns, as every other feature
 * asks it — the player, the live chat and the media keys (does this student own this course now),
 * the paid resources and the question bank (a paid course of the project), my courses (the
 * user-products list), tests and tools (a grant). The queries live in ownership.queries.ts with
 * commerce's own writes (grants with their packs, on payment and redeem); other features import
 * ownership through this file only (eslint.features.js).
 */
export { grantCourse, liveCourseIds, listUserProducts, ownsNow, ownsPaidCourseOfProject, type Grant, type UserProductFilter } from './ownership.queries';
