/**
 * The intended exam project (意向考试项目): which projects a user may pick, and the cookie value
 * that remembers the pick on this browser (product-spec §3, §9).
 */
import type { ClassNode } from '../catalog/contract';

/** What the intended-project cookie holds, as JSON. */
export interface IntendedProject {
  id: number;
  name: string;
}

/** One category (level 1 of the class tree) with its projects (level 2). */
export interface ProjectGroup {
  id: number;
  name: string;
  projects: IntendedProject[];
}

/**
 * The pickable projects, grouped by category. Projects are the children of the tree's roots;
 * subjects (level 3) are never offered, and a category without projects is left out.
 */
export function projectGroups(tree: readonly ClassNode[]): ProjectGroup[] {
  return tree
    .map((category) => ({
      id: category.id,
      name: category.name,
      projects: (category.children ?? []).map((project) => ({ id: project.id, name: project.name })),
    }))
    .filter((group) => group.projects.length > 0);
}

export function findProject(groups: readonly ProjectGroup[], id: number): IntendedProject | null {
  for (const group of groups) {
    const found = group.projects.find((p) => p.id === id);
    if (found) return found;
  }
  return null;
}

export function encodeIntendedProject(project: IntendedProject): string {
  return JSON.stringify({ id: project.id, name: project.name });
}

/** A cookie written by another version or edited by hand is ignored rather than trusted. */
export function parseIntendedProject(raw: string | null | undefined): IntendedProject | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<IntendedProject>;
    return typeof value.id === 'number' && typeof value.name === 'string' ? { id: value.id, name: value.name } : null;
  } catch {
    return null;
  }
}
