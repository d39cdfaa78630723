/** What a course's page shows first, and how it is asked for: one recipe for the app and the server's render. */
import type { CourseSku } from '../commerce/contract';
import type { Ask } from '../shared/serverPage';
import { CATALOG_CALLS } from './calls';
import type { AuditionCourseware, CatalogueNode, CourseDetails } from './contract';
import { isSkuOpen } from './courseOffer';
import type { SalesQrcode } from './resources';

export interface CourseDetailAnswers {
  details: CourseDetails;
  skus: CourseSku[];
  firstAudition: AuditionCourseware | null;
}

export interface CourseDetailData {
  details: CourseDetails;
  skus: CourseSku[];
  /** The SKUs still taking students when the page loaded (a camp's past cohorts are shown, not sold). */
  openSkuIds: number[];
  /** Null when the course has no free audition. */
  firstAudition: AuditionCourseware | null;
  /** Loaded once the page shows (it needs the course's project, and sits beside the content); null until then, when none is set, or when it failed. */
  advisor: SalesQrcode | null;
}

/** The course, its SKUs and its first audition, side by side; the audition is an extra that may fail quietly. */
export function askCourseDetail(ask: Ask, courseId: number): Promise<CourseDetailAnswers> {
  const params = { id: courseId };
  return Promise.all([
    ask(CATALOG_CALLS.courseDetails, { params }),
    ask(CATALOG_CALLS.courseSkuList, { params, body: {} }).then((list) => list.skus),
    ask(CATALOG_CALLS.firstAudition, { params }).catch(() => null),
  ]).then(([details, skus, firstAudition]) => ({ details, skus, firstAudition }));
}

/** The catalogue's top level (its chapters), as the page's catalogue shows it first. */
export function askCatalogueTop(ask: Ask, courseId: number): Promise<CatalogueNode[]> {
  return ask(CATALOG_CALLS.catalogueList, { params: { id: courseId }, body: { parentId: 0 } });
}

export function courseDetailData({ details, skus, firstAudition }: CourseDetailAnswers, now: number): CourseDetailData {
  return { details, skus, openSkuIds: skus.filter((sku) => isSkuOpen(sku, now)).map((sku) => sku.id), firstAudition, advisor: null };
}
