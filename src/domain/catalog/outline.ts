/** Rules of a course's catalogue tree (章 → 节 → …); a camp's stages are in camp.ts. */
import type { CatalogueNode } from './contract';

export interface OutlineRow {
  id: number;
  parentId: number;
  name: string;
  stageId: number | null;
}

/** The coursewares hanging directly on one catalogue node. */
export interface OutlineWareStats {
  count: number;
  duration: number;
  auditions: number;
}

/**
 * The tree one level at a time: parent id (0 for the top) → its nodes, each with the totals of its
 * whole subtree. Rows must arrive in display order (sort, id), which siblings keep. A row whose
 * parent is missing is dropped rather than promoted, and a cycle counts nothing twice.
 */
export function outlineLevels(rows: readonly OutlineRow[], stats: ReadonlyMap<number, OutlineWareStats>): Map<number, CatalogueNode[]> {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<number, OutlineRow[]>();
  for (const row of rows) {
    if (row.parentId !== 0 && !ids.has(row.parentId)) continue;
    const siblings = children.get(row.parentId);
    if (siblings) siblings.push(row);
    else children.set(row.parentId, [row]);
  }
  const totals = new Map<number, OutlineWareStats>();
  const totalOf = (id: number, path: Set<number>): OutlineWareStats => {
    const known = totals.get(id);
    if (known) return known;
    const own = stats.get(id);
    const sum: OutlineWareStats = { count: own?.count ?? 0, duration: own?.duration ?? 0, auditions: own?.auditions ?? 0 };
    path.add(id);
    for (const child of children.get(id) ?? []) {
      if (path.has(child.id)) continue;
      const sub = totalOf(child.id, path);
      sum.count += sub.count;
      sum.duration += sub.duration;
      sum.auditions += sub.auditions;
    }
    path.delete(id);
    totals.set(id, sum);
    return sum;
  };
  const levels = new Map<number, CatalogueNode[]>();
  for (const [parentId, siblings] of children) {
    levels.set(
      parentId,
      siblings.map((row) => {
        const total = totalOf(row.id, new Set());
        return {
          id: row.id,
          name: row.name,
          parentId: row.parentId,
          hasChildren: (children.get(row.id)?.length ?? 0) > 0,
          coursewareCount: total.count,
          duration: total.duration,
          auditionCount: total.auditions,
          stageId: row.stageId,
        };
      }),
    );
  }
  return levels;
}
