/** The /teacher page: teachers grouped by project, projects in class-tree order. */
import { asc, eq } from 'drizzle-orm';
import type { TeacherGroup } from '../../src/domain/catalog/contract';
import type { Db } from '../db/client';
import { classes, teachers } from '../db/schema';

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
    .where(projectId ? eq(teachers.projectId, projectId) : undefined)
    .orderBy(asc(classes.sort), asc(classes.id), asc(teachers.sort), asc(teachers.id));
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
  // Map order is first-seen order, which the SQL order makes class-tree order; nulls sort last there.
  return [...groups.values()];
}
