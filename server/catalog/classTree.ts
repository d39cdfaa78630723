/** Classes (category → project → subject) as the ClassNode shape of src/domain/catalog/contract.ts. */
import type { ClassNode } from '../../src/domain/catalog/contract';
import type { classes } from '../db/schema';

export type ClassRow = typeof classes.$inferSelect;

export function toClassNode(row: ClassRow): ClassNode {
  return { id: row.id, pId: row.parentId, name: row.name, code: row.code, level: row.level };
}

/**
 * Nests rows by parentId. Rows must arrive sorted (sort, id); that order is kept among siblings.
 * Leaves carry no `children`, so the client can tell them apart without a count. Rows whose parent
 * is missing are dropped rather than promoted: a broken branch should not appear as a root.
 */
export function buildClassTree(rows: readonly ClassRow[]): ClassNode[] {
  const nodes = new Map<number, ClassNode>();
  for (const row of rows) nodes.set(row.id, toClassNode(row));
  const roots: ClassNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    if (row.parentId === 0) {
      roots.push(node);
      continue;
    }
    const parent = nodes.get(row.parentId);
    if (!parent) continue;
    (parent.children ??= []).push(node);
  }
  return roots;
}
