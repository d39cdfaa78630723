/**
 * Catalog's face to the other features: the projects of the class tree (category → project →
 * subject), which a user binds to their account (bindProject). Other features import catalog through
 * this file only (eslint.features.js).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { classes } from '../db/schema';

/** A project (level 2 of the tree) by id, with its current name. */
export async function findProject(db: Db, projectId: number): Promise<{ id: number; name: string } | undefined> {
  const [project] = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.id, projectId), eq(classes.level, 2)))
    .limit(1);
  return project;
}
