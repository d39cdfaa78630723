/** What the home page shows, and how it is asked for: one recipe for the app and the server's render. */
import { CATALOG_CALLS } from '../catalog/calls';
import type { ClassNode, CourseListItem } from '../catalog/contract';
import type { Ask } from '../shared/serverPage';
import { SITE_CALLS } from './calls';
import type { AdItem } from './contract';
import { HOME_COURSE_COUNTS } from './home';

export interface HomeData {
  banners: AdItem[];
  projects: ClassNode[];
  proCourses: CourseListItem[];
  freeCourses: CourseListItem[];
}

export const HOME_BANNER_SLOT = 'PC_HOME_BANNER';

/** Everything the home page shows, asked for together. */
export async function askHomeData(ask: Ask): Promise<HomeData> {
  const [banners, tree, pro, free] = await Promise.all([
    ask(SITE_CALLS.adItemsByCode, { params: { code: HOME_BANNER_SLOT } }),
    ask(CATALOG_CALLS.classTreeList, { body: {} }),
    ask(CATALOG_CALLS.coursePageList, { body: { current: 1, size: HOME_COURSE_COUNTS.pro, priceKind: 'PRO' } }),
    ask(CATALOG_CALLS.coursePageList, { body: { current: 1, size: HOME_COURSE_COUNTS.free, priceKind: 'FREE' } }),
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
