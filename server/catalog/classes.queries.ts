/** The classes table (category → project → subject). */
import { asc, eq } from 'drizzle-orm';
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
