/**
 * The resources page (/course/resource): its URL query — the section (?tab=ebook, else the free
 * materials), the project filter and the page — and the list call's body a choice asks for.
 */
import { paths } from '../../paths';
import type { ClassNode } from './contract';
import { readPage, readPositiveId, type FilterOption } from './listQuery';
import { RESOURCE_PAGE_DEFAULT_SIZE, type EbookPageQuery, type ResourcePageQuery } from './resources';

/** The two sections: free materials to download (the default) and e-books to read online. */
export const RESOURCE_TABS = ['file', 'ebook'] as const;
export type ResourceTab = (typeof RESOURCE_TABS)[number];

export interface ResourcePageParams {
  tab: ResourceTab;
  /** null: 全部. */
  projectId: number | null;
  page: number;
}

export function readResourcePageParams(search: string): ResourcePageParams {
  const query = new URLSearchParams(search);
  return {
    tab: query.get('tab') === 'ebook' ? 'ebook' : 'file',
    projectId: readPositiveId(query.get('projectId')),
    page: readPage(query.get('page')),
  };
}

/** The link to the page showing `params`; the defaults are left out. */
export function resourcePageHref(params: ResourcePageParams): string {
  return paths.resources({
    tab: params.tab === 'file' ? null : params.tab,
    projectId: params.projectId,
    page: params.page > 1 ? params.page : null,
  });
}

export function sameResourcePageParams(a: ResourcePageParams, b: ResourcePageParams): boolean {
  return a.tab === b.tab && a.projectId === b.projectId && a.page === b.page;
}

/** Every exam project (level 2 of the class tree), in the tree's order. */
export function projectsOf(tree: readonly ClassNode[]): ClassNode[] {
  return tree.flatMap((category) => category.children ?? []);
}

/** A project the class tree does not hold falls back to 全部. */
export function resolveResourcePageParams(params: ResourcePageParams, tree: readonly ClassNode[]): ResourcePageParams {
  return projectsOf(tree).some((project) => project.id === params.projectId) ? params : { ...params, projectId: null };
}

export function projectFilterOptions(tree: readonly ClassNode[], allLabel: string): FilterOption[] {
  return [{ label: allLabel, value: null }, ...projectsOf(tree).map((project) => ({ label: project.name, value: project.id }))];
}

/** The body of resourceFreePageList or resourceInfoList (both take the same paging and project). */
export function resourcePageQuery(params: ResourcePageParams): ResourcePageQuery & EbookPageQuery {
  return { current: params.page, size: RESOURCE_PAGE_DEFAULT_SIZE, ...(params.projectId !== null ? { projectId: params.projectId } : {}) };
}
