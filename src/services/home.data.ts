import type { ClassNode, CourseListItem } from '../domain/catalog/contract';
import type { AdItem } from '../domain/site/contract';
import { getClassTree, getCoursePage } from './api/catalog.api';
import { getAdItems } from './api/site.api';

export interface HomeData {
  banners: AdItem[];
  projects: ClassNode[];
  proCourses: CourseListItem[];
  freeCourses: CourseListItem[];
}

export const HOME_BANNER_SLOT = 'PC_HOME_BANNER';

/** Everything the home page shows, fetched together. */
export async function loadHomeData(): Promise<HomeData> {
  const [banners, tree, pro, free] = await Promise.all([
    getAdItems(HOME_BANNER_SLOT),
    getClassTree(),
    getCoursePage({ current: 1, size: 8, priceKind: 'PRO' }),
    getCoursePage({ current: 1, size: 4, priceKind: 'FREE' }),
  ]);
  return {
    banners,
    projects: tree.flatMap((category) => category.children ?? []),
    proCourses: pro.records,
    freeCourses: free.records,
  };
}

export function isHomeEmpty(data: HomeData): boolean {
  return data.proCourses.length === 0 && data.freeCourses.length === 0 && data.banners.length === 0;
}
