/** What the sitemap lists from the catalogue: every course a visitor can open, with its date. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { courses } from '../db/schema';

/**
 * The status of a listed course: the catalogue's list (coursePageWhere) and detail page (findCourse)
 * show ON_SALE courses only, and so does the sitemap; an off-shelf or deleted course is not in it.
 */
const ON_SALE = 'ON_SALE';

export interface SitemapCourse {
  id: number;
  /** When the course was created (courses has no update time): ISO 8601, UTC. */
  createdAt: string;
}

/** Every on-sale course, in the lists' default order (sort, id). */
export async function listSitemapCourses(db: Db): Promise<SitemapCourse[]> {
  const rows = await db
    .select({ id: courses.id, createdAt: courses.createdAt })
    .from(courses)
    .where(eq(courses.status, ON_SALE))
    .orderBy(asc(courses.sort), asc(courses.id));
  return rows.map((row) => ({ id: row.id, createdAt: new Date(row.createdAt).toISOString() }));
}
