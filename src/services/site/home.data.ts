import { CATALOG_CALLS } from '../../domain/catalog/calls';
import type { ClassNode, CourseListItem } from '../../domain/catalog/contract';
import { SITE_CALLS } from '../../domain/site/calls';
import type { AdItem } from '../../domain/site/contract';
import { HOME_COURSE_COUNTS } from '../../domain/site/home';
import { call } from '../shared/http/client';

export interface HomeData {
  banners: AdItem[];
  projects: ClassNode[];
  proCourses: CourseListItem[];
  freeCourses: CourseListItem[];
}

export const HOME_BANNER_SLOT = 'PC_HOME_BANNER';

/** Everything the home page shows, fetched together. */
async function fetchHomeData(): Promise<HomeData> {
  const [banners, tree, pro, free] = await Promise.all([
    call(SITE_CALLS.adItemsByCode, { params: { code: HOME_BANNER_SLOT } }),
    call(CATALOG_CALLS.classTreeList, { body: {} }),
    call(CATALOG_CALLS.coursePageList, { body: { current: 1, size: HOME_COURSE_COUNTS.pro, priceKind: 'PRO' } }),
    call(CATALOG_CALLS.coursePageList, { body: { current: 1, size: HOME_COURSE_COUNTS.free, priceKind: 'FREE' } }),
  ]);
  return {
    banners,
    projects: tree.flatMap((category) => category.children ?? []),
    proCourses: pro.records,
    freeCourses: free.records,
  };
}

/** A prefetch older than this is not handed to the page: it fetches afresh. */
export const HOME_PREFETCH_MAX_AGE_MS = 30_000;
let prefetched: { promise: Promise<HomeData>; at: number } | null = null;

/**
 * Starts the home page's requests as soon as the app starts on the home route, while the home
 * view's code is still on its way: the page's first load takes them over instead of waiting one
 * more round trip before asking (its largest image, a course cover, comes that much sooner).
 */
export function prefetchHomeData(now: number = Date.now()): void {
  if (prefetched) return;
  const promise = fetchHomeData();
  // A failure is reported by the page's own load, which takes this promise over.
  promise.catch(() => {});
  prefetched = { promise, at: now };
}

/** The home page's data: the prefetch when there is a recent one (handed over once), else a new fetch. */
export function loadHomeData(now: number = Date.now()): Promise<HomeData> {
  const early = prefetched;
  prefetched = null;
  if (early && now - early.at <= HOME_PREFETCH_MAX_AGE_MS) return early.promise;
  return fetchHomeData();
}

export function isHomeEmpty(data: HomeData): boolean {
  return data.proCourses.length === 0 && data.freeCourses.length === 0 && data.banners.length === 0;
}
