/**
 * Drizzle schema. PostgreSQL 15 SQL only (PGlite runs 18; the shared SQL must run on both).
 * Money is stored in cents (integer); durations in seconds.
 *
 * One file per area under tables/; this barrel is what drizzle-kit diffs and what code imports.
 */
export * from './tables/accounts';
export * from './tables/addresses';
export * from './tables/catalog';
export * from './tables/commerce';
export * from './tables/learning';
export * from './tables/questionBank';
export * from './tables/review';
export * from './tables/feedback';
