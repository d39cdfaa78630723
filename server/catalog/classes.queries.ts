/** The classes table (category → project → subject). */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { classes } from '../db/schema';
import type { ClassRow } from './classTree';

/** Every class, parents before children and siblings in display order: what buildClassTree expects. */
export function listClasses(db: Db): Promise<ClassRow[]> {
  return db.select().from(classes).orderBy(asc(classes.level), asc(classes.sort), asc(classes.id));
}

export function listClassChildren(db: Db, parentId: number): Promise<ClassRow[]> {
  return db.select().from(classes).where(eq(classes.parentId, parentId)).orderBy(asc(classes.sort), asc(classes.id));
}

/** A project (level 2 of the tree) by id, with its current name; other features read projects through this. */
export async function findProject(db: Db, projectId: number): Promise<{ id: number; name: string } | undefined> {
  const [project] = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.id, projectId), eq(classes.level, 2)))
    .limit(1);
  return project;
}
