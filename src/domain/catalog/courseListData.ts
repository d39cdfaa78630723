/** What a course list page shows, and how it is asked for: one recipe for the app and the server's render. */
import type { Page } from '../shared/envelope';
import type { Ask } from '../shared/serverPage';
import { CATALOG_CALLS } from './calls';
import type { ClassNode, CourseListItem } from './contract';
import { coursePageQuery, resolveCourseListParams, sameCourseListParams, type CourseListKind, type CourseListParams } from './courseListQuery';

export interface CourseListData {
  tree: ClassNode[];
  /** The choice shown and asked for: ids the tree does not hold are 全部. */
  shown: CourseListParams;
  page: Page<CourseListItem>;
}

export type CourseListFirstAnswers = [ClassNode[], Page<CourseListItem>];

export const askCoursePage = (ask: Ask, kind: CourseListKind, params: CourseListParams): Promise<Page<CourseListItem>> =>
  ask(CATALOG_CALLS.coursePageList, { body: coursePageQuery(kind, params) });

/** The class tree and the page for the URL's choice, asked for together. */
export function askCourseListFirst(ask: Ask, kind: CourseListKind, params: CourseListParams): Promise<CourseListFirstAnswers> {
  return Promise.all([ask(CATALOG_CALLS.classTreeList, { body: {} }), askCoursePage(ask, kind, params)]);
}

/** Only when the tree turns an id of the URL into 全部 (junk, or a project outside the chosen category) is the page asked again. */
export async function completeCourseList(
  ask: Ask,
  kind: CourseListKind,
  params: CourseListParams,
  [tree, page]: CourseListFirstAnswers,
): Promise<CourseListData> {
  const shown = resolveCourseListParams(params, tree);
  if (sameCourseListParams(shown, params)) return { tree, shown, page };
  return { tree, shown, page: await askCoursePage(ask, kind, shown) };
}
