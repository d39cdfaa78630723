/** The /teacher page: teachers grouped by project, projects in class-tree order. */
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TeacherGroup } from '../../src/domain/catalog/contract';
import type { Db } from '../db/client';
import { classes, teachers } from '../db/schema';

const category = alias(classes, 'category');

/** Teachers without a project (or whose project is gone) gather in this last group. */
export const OTHER_TEACHERS_GROUP = { id: 0, name: '其他名师' } as const;

export async function listTeacherGroups(db: Db, projectId?: number | null): Promise<TeacherGroup[]> {
  const rows = await db
    .select({
      id: teachers.id,
      name: teachers.name,
      title: teachers.title,
      avatar: teachers.avatar,
      intro: teachers.intro,
      projectId: classes.id,
      projectName: classes.name,
    })
    .from(teachers)
    .leftJoin(classes, eq(classes.id, teachers.projectId))
    .leftJoin(category, eq(category.id, classes.parentId))
    .where(projectId ? eq(teachers.projectId, projectId) : undefined)
    // Class-tree order: categories by their sort, then their projects; sort sorts siblings only. NULLs (no project) last.
    .orderBy(asc(category.sort), asc(category.id), asc(classes.sort), asc(classes.id), asc(teachers.sort), asc(teachers.id));
  const groups = new Map<number, TeacherGroup>();
  for (const row of rows) {
    const project = row.projectId !== null && row.projectName !== null ? { id: row.projectId, name: row.projectName } : OTHER_TEACHERS_GROUP;
    let group = groups.get(project.id);
    if (!group) {
      group = { project: { ...project }, teachers: [] };
      groups.set(project.id, group);
    }
    group.teachers.push({ id: row.id, name: row.name, title: row.title, avatar: row.avatar, intro: row.intro });
  }
  return [...groups.values()];
}
