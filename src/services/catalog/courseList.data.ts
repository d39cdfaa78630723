/**
 * What a course list page loads: the class tree for its filters and one page of courses. Like the
 * home page (home.data.ts), a list opened as the first page of a visit is asked for at start-up,
 * in parallel with its view's code, and the view's first load takes those answers over.
 */
import { askCourseListFirst, askCoursePage, completeCourseList, type CourseListData } from '../../domain/catalog/courseListData';
import type { ClassNode, CourseListItem } from '../../domain/catalog/contract';
import { readCourseListParams, sameCourseListParams, type CourseListKind, type CourseListParams } from '../../domain/catalog/courseListQuery';
import type { Page } from '../../domain/shared/envelope';
import { PATTERNS } from '../../paths';
import { call } from '../shared/http/client';
import { askWith } from '../shared/http/ask';

export type { CourseListData } from '../../domain/catalog/courseListData';

type FirstAnswers = Promise<[ClassNode[], Page<CourseListItem>]>;

const ask = askWith(call);

/** A prefetch older than this is not handed to the page: it asks afresh. */
export const COURSE_LIST_PREFETCH_MAX_AGE_MS = 30_000;
let prefetched: { kind: CourseListKind; params: CourseListParams; at: number; promise: FirstAnswers } | null = null;

const LIST_KINDS: Readonly<Record<string, CourseListKind>> = { [PATTERNS.proCourses]: 'PRO', [PATTERNS.freeCourses]: 'FREE' };

/** At start-up on a course list (`path` relative to the base): ask for its tree and first page now. */
export function prefetchCourseList(path: string, search: string, now: number = Date.now()): void {
  const kind = LIST_KINDS[path];
  if (!kind || prefetched) return;
  const params = readCourseListParams(search, kind);
  const promise: FirstAnswers = askCourseListFirst(ask, kind, params);
  // A failure is reported by the page's own load, which takes this promise over.
  promise.catch(() => {});
  prefetched = { kind, params, at: now, promise };
}

function firstAnswers(kind: CourseListKind, params: CourseListParams, now: number): FirstAnswers {
  const early = prefetched;
  prefetched = null;
  if (early && early.kind === kind && sameCourseListParams(early.params, params) && now - early.at <= COURSE_LIST_PREFETCH_MAX_AGE_MS) return early.promise;
  return askCourseListFirst(ask, kind, params);
}

/**
 * The tree (unless already loaded) and the page, asked for together; only when the tree turns an
 * id of the URL into 全部 (junk, or a project outside the chosen category) is the page asked again.
 */
export async function loadCourseList(
  kind: CourseListKind,
  params: CourseListParams,
  tree: ClassNode[] | null,
  now: number = Date.now(),
): Promise<CourseListData> {
  const first = tree ? ([tree, await askCoursePage(ask, kind, params)] as [ClassNode[], Page<CourseListItem>]) : await firstAnswers(kind, params, now);
  return completeCourseList(ask, kind, params, first);
}
