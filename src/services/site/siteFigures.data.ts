import { CATALOG_CALLS } from '../../domain/catalog/calls';
import type { ClassNode } from '../../domain/catalog/contract';
import { call } from '../shared/http/client';

/** What the site says about itself, counted from the data: no figure is written by hand. */
export interface SiteFigures {
  /** The exam fields (level-1 classes), e.g. 建筑工程. */
  categories: string[];
  /** The exam projects (level-2 classes), e.g. 一级建造师. */
  projects: ClassNode[];
  /** Paid courses on sale (the pro-course list's total). */
  proCourseCount: number;
  /** Free open courses (the free-course list's total). */
  freeCourseCount: number;
}

/** The about page's figures: the class tree and the totals of both course lists (one row each). */
export async function loadSiteFigures(): Promise<SiteFigures> {
  const [tree, pro, free] = await Promise.all([
    call(CATALOG_CALLS.classTreeList, { body: {} }),
    call(CATALOG_CALLS.coursePageList, { body: { current: 1, size: 1, priceKind: 'PRO' } }),
    call(CATALOG_CALLS.coursePageList, { body: { current: 1, size: 1, priceKind: 'FREE' } }),
  ]);
  return {
    categories: tree.map((category) => category.name),
    projects: tree.flatMap((category) => category.children ?? []),
    proCourseCount: pro.total,
    freeCourseCount: free.total,
  };
}
