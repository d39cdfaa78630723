/** A course's catalogue tree, the coursewares of one node, and its free auditions (试听). */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AuditionCourseware, CatalogueNode, CoursewareItem } from '../../src/domain/catalog/contract';
import { outlineLevels, type OutlineWareStats } from '../../src/domain/catalog/outline';
import type { Db } from '../db/client';
import { catalogues, courses, coursePackItems, coursewares } from '../db/schema';
import { ON_SALE } from './courseDetails.queries';

export interface CourseOutline {
  /** Parent id (0: top) → its nodes. */
  levels: Map<number, CatalogueNode[]>;
  nodeIds: Set<number>;
}

/**
 * The whole tree of an existing course (on sale or not: owners of a course taken off sale still
 * study it), aggregated once; null when there is no such course. A PACK has no tree of its own.
 */
export async function loadCourseOutline(db: Db, courseId: number): Promise<CourseOutline | null> {
  const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) return null;
  const [rows, stats] = await Promise.all([
    db
      .select({ id: catalogues.id, parentId: catalogues.parentId, name: catalogues.name, stageId: catalogues.stageId })
      .from(catalogues)
      .where(eq(catalogues.courseId, courseId))
      .orderBy(asc(catalogues.sort), asc(catalogues.id)),
    db
      .select({
        catalogueId: coursewares.catalogueId,
        count: sql<number>`count(*)::int`,
        duration: sql<number>`coalesce(sum(${coursewares.durationSeconds}), 0)::int`,
        auditions: sql<number>`(count(*) filter (where ${coursewares.freeAudition}))::int`,
      })
      .from(coursewares)
      .where(eq(coursewares.courseId, courseId))
      .groupBy(coursewares.catalogueId),
  ]);
  const byNode = new Map<number, OutlineWareStats>(
    stats.map((row) => [row.catalogueId, { count: Number(row.count), duration: Number(row.duration), auditions: Number(row.auditions) }]),
  );
  return { levels: outlineLevels(rows, byNode), nodeIds: new Set(rows.map((row) => row.id)) };
}

/** The coursewares hanging on one node, in order; null when there is no such node. */
export async function loadNodeCoursewares(db: Db, catalogueId: number): Promise<CoursewareItem[] | null> {
  const [node] = await db.select({ id: catalogues.id }).from(catalogues).where(eq(catalogues.id, catalogueId)).limit(1);
  if (!node) return null;
  const rows = await db
    .select({
      id: coursewares.id,
      name: coursewares.name,
      type: coursewares.type,
      duration: coursewares.durationSeconds,
      freeAudition: coursewares.freeAudition,
      catalogueId: coursewares.catalogueId,
      paperId: coursewares.paperId,
      mediaUrl: coursewares.mediaUrl,
    })
    .from(coursewares)
    .where(eq(coursewares.catalogueId, catalogueId))
    .orderBy(asc(coursewares.sort), asc(coursewares.id));
  return rows.map((row) => ({
    coursewareId: row.id,
    coursewareName: row.name,
    type: row.type,
    duration: row.duration,
    freeAudition: row.freeAudition,
    catalogueId: row.catalogueId,
    paperId: row.type === 'PAPER' ? row.paperId : null,
    // The rule of this listing: media for auditions only, whoever asks.
    mediaUrl: row.freeAudition ? row.mediaUrl : null,
  }));
}

/** Sort key of a node: its ancestors' (sort, id) from the top, zero-padded so keys compare as text. */
function treeKeys(rows: readonly { id: number; parentId: number; sort: number }[]): Map<number, string> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const keys = new Map<number, string>();
  const pad = (n: number): string => String(n + 2 ** 31).padStart(11, '0');
  const keyOf = (id: number, depth: number): string => {
    const known = keys.get(id);
    if (known !== undefined) return known;
    const row = byId.get(id);
    if (!row) return '';
    // A cycle in broken data stops at a fixed depth instead of recursing for ever.
    const parent = row.parentId !== 0 && depth < 32 ? keyOf(row.parentId, depth + 1) : '';
    const key = `${parent}/${pad(row.sort)}.${pad(row.id)}`;
    keys.set(id, key);
    return key;
  };
  for (const row of rows) keyOf(row.id, 0);
  return keys;
}

/**
 * The free-audition coursewares of an on-sale course in catalogue order (a PACK: those of its
 * courses, in pack order), with their media; null when the course is unknown or off sale.
 */
export async function loadAuditions(db: Db, courseId: number): Promise<AuditionCourseware[] | null> {
  const [course] = await db
    .select({ id: courses.id, type: courses.type })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.status, ON_SALE)))
    .limit(1);
  if (!course) return null;
  let sources = [courseId];
  if (course.type === 'PACK') {
    const items = await db
      .select({ id: coursePackItems.courseId })
      .from(coursePackItems)
      .innerJoin(courses, eq(courses.id, coursePackItems.courseId))
      .where(and(eq(coursePackItems.packId, courseId), sql`${courses.type} <> 'ADD'`))
      .orderBy(asc(coursePackItems.sort), asc(coursePackItems.courseId));
    sources = items.map((item) => item.id);
  }
  if (sources.length === 0) return [];
  const [nodes, wares] = await Promise.all([
    db.select({ id: catalogues.id, parentId: catalogues.parentId, sort: catalogues.sort }).from(catalogues).where(inArray(catalogues.courseId, sources)),
    db
      .select({
        courseId: coursewares.courseId,
        id: coursewares.id,
        name: coursewares.name,
        type: coursewares.type,
        duration: coursewares.durationSeconds,
        catalogueId: coursewares.catalogueId,
        mediaUrl: coursewares.mediaUrl,
        sort: coursewares.sort,
      })
      .from(coursewares)
      .where(and(inArray(coursewares.courseId, sources), eq(coursewares.freeAudition, true))),
  ]);
  const keys = treeKeys(nodes);
  const courseRank = new Map(sources.map((id, i) => [id, i]));
  const rank = (w: (typeof wares)[number]): [number, string, number, number] => [courseRank.get(w.courseId) ?? 0, keys.get(w.catalogueId) ?? '', w.sort, w.id];
  wares.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i]! < rb[i]! ? -1 : 1;
    return 0;
  });
  return wares.map((w) => ({
    courseId: w.courseId,
    coursewareId: w.id,
    coursewareName: w.name,
    type: w.type,
    duration: w.duration,
    catalogueId: w.catalogueId,
    mediaUrl: w.mediaUrl,
  }));
}
