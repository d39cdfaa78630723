/** A course of a test's own for the player's server tests: one chapter, and the lessons the test adds to it. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { catalogues, classes, courses, coursewares } from '../../server/db/schema';

export interface TestCourse {
  id: number;
  /** Adds a lesson; answers its id. `mediaAssetId`: the media it plays (registerMedia may also point it at one). */
  add(lesson: { name: string; type: string; duration: number; freeAudition?: boolean; mediaAssetId?: number }): Promise<number>;
}

/** A project class (its `code` unique in the database) and a SYS course in it, with `fields` over the defaults. */
export async function testCourse(db: Db, project: { name: string; code: string }, fields: Partial<typeof courses.$inferInsert> = {}): Promise<TestCourse> {
  let [projectRow] = await db.select({ id: classes.id }).from(classes).where(eq(classes.code, project.code));
  if (!projectRow)
    [projectRow] = await db.insert(classes).values({ parentId: 0, name: project.name, code: project.code, level: 1 }).returning({ id: classes.id });
  const [course] = await db
    .insert(courses)
    .values({
      type: 'SYS',
      title: `${project.name}课`,
      cover: '/c.png',
      categoryId: projectRow!.id,
      projectId: projectRow!.id,
      priceCents: 100,
      intro: '',
      ...fields,
    })
    .returning({ id: courses.id });
  const [chapter] = await db.insert(catalogues).values({ courseId: course!.id, name: '第一章' }).returning({ id: catalogues.id });
  return {
    id: course!.id,
    async add({ name, type, duration, freeAudition = false, mediaAssetId }) {
      const [row] = await db
        .insert(coursewares)
        .values({ courseId: course!.id, catalogueId: chapter!.id, name, type, durationSeconds: duration, freeAudition, mediaAssetId })
        .returning({ id: coursewares.id });
      return row!.id;
    },
  };
}
