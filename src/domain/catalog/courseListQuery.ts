/**
 * The course lists (/course/pro-course, /course/free-course): what their URL query holds (filters,
 * sort, page), how junk in it falls back to 全部, the filter options the class tree gives, and the
 * coursePageList body a choice asks for. Pure: the view reads the URL, the machine loads.
 */
import { paths } from '../../paths';
import type { ClassNode, CoursePageQuery, CourseSort, CourseType } from './contract';
import { COURSE_SORTS } from './contract';
import { readPage, readPositiveId, type FilterOption } from './listQuery';

/** PRO: the paid courses; FREE: the open courses (公开课). */
export type CourseListKind = 'PRO' | 'FREE';

/** Cards per page: 4, 3 or 2 full rows of the grid on a wide, middle or narrow screen. */
export const COURSE_LIST_PAGE_SIZE = 12;

/** The types a paid list filters by; the free list holds open courses (FREE) only, so it has no type filter. */
export const PRO_COURSE_TYPES = ['SYS', 'PACK', 'EXP', 'ADD'] as const satisfies readonly CourseType[];

/** The sorts a list offers: the free list's courses all cost nothing, so it has no price sorts. */
export function courseSortsOf(kind: CourseListKind): readonly CourseSort[] {
  return kind === 'PRO' ? COURSE_SORTS : COURSE_SORTS.filter((sort) => sort !== 'PRICE_ASC' && sort !== 'PRICE_DESC');
}

/** A list's choice, as its URL holds it; null: 全部. */
export interface CourseListParams {
  categoryId: number | null;
  projectId: number | null;
  subjectId: number | null;
  type: CourseType | null;
  sort: CourseSort;
  page: number;
}

export const DEFAULT_COURSE_LIST_PARAMS: CourseListParams = {
  categoryId: null,
  projectId: null,
  subjectId: null,
  type: null,
  sort: 'DEFAULT',
  page: 1,
};

/** The URL's query as a choice: an unknown word or a malformed number is 全部 (or the default sort, page 1). */
export function readCourseListParams(search: string, kind: CourseListKind): CourseListParams {
  const query = new URLSearchParams(search);
  const type = query.get('type');
  const sort = query.get('sort');
  return {
    categoryId: readPositiveId(query.get('categoryId')),
    projectId: readPositiveId(query.get('projectId')),
    subjectId: readPositiveId(query.get('subjectId')),
    type: kind === 'PRO' && (PRO_COURSE_TYPES as readonly string[]).includes(type ?? '') ? (type as CourseType) : null,
    sort: courseSortsOf(kind).find((known) => known === sort) ?? 'DEFAULT',
    page: readPage(query.get('page')),
  };
}

/** The link to a list showing `params`: defaults are left out, so 全部 on page 1 is the bare path. */
export function courseListHref(kind: CourseListKind, params: CourseListParams): string {
  const query = {
    categoryId: params.categoryId,
    projectId: params.projectId,
    subjectId: params.subjectId,
    type: params.type,
    sort: params.sort === 'DEFAULT' ? null : params.sort,
    page: params.page > 1 ? params.page : null,
  };
  return kind === 'PRO' ? paths.proCourses(query) : paths.freeCourses(query);
}

export function sameCourseListParams(a: CourseListParams, b: CourseListParams): boolean {
  return (
    a.categoryId === b.categoryId && a.projectId === b.projectId && a.subjectId === b.subjectId && a.type === b.type && a.sort === b.sort && a.page === b.page
  );
}

/**
 * A new choice from the current one: any change of a filter or of the sort starts again on page 1;
 * a category clears the project and subject chosen under another, a project clears the subject.
 */
export function changeCourseListParams(current: CourseListParams, change: Partial<CourseListParams>): CourseListParams {
  const next: CourseListParams = { ...current, page: 1, ...change };
  if ('categoryId' in change && !('projectId' in change)) {
    next.projectId = null;
    next.subjectId = null;
  }
  if ('projectId' in change && !('subjectId' in change)) next.subjectId = null;
  return next;
}

/** Is anything filtered (a sort or a page is not a filter)? */
export function hasCourseFilters(params: CourseListParams): boolean {
  return params.categoryId !== null || params.projectId !== null || params.subjectId !== null || params.type !== null;
}

/** The categories (level 1) and their projects (level 2) and subjects (level 3) as the class tree nests them. */
function projectsUnder(tree: readonly ClassNode[], categoryId: number | null): ClassNode[] {
  return tree.filter((category) => categoryId === null || category.id === categoryId).flatMap((category) => category.children ?? []);
}

/**
 * The choice the list shows and asks for: ids the class tree does not hold where the URL puts them
 * (a project outside the chosen category, a subject outside the chosen project) fall back to 全部.
 */
export function resolveCourseListParams(params: CourseListParams, tree: readonly ClassNode[]): CourseListParams {
  const categoryId = tree.some((category) => category.id === params.categoryId) ? params.categoryId : null;
  const project = projectsUnder(tree, categoryId).find((candidate) => candidate.id === params.projectId);
  const subjectId = project?.children?.some((subject) => subject.id === params.subjectId) ? params.subjectId : null;
  return { ...params, categoryId, projectId: project ? project.id : null, subjectId };
}

export interface CourseFilterOptions {
  categories: FilterOption[];
  projects: FilterOption[];
  /** Empty while no project with subjects is chosen: the subject row is not shown. */
  subjects: FilterOption[];
}

const ALL = (label: string): FilterOption => ({ label, value: null });
const optionsOf = (nodes: readonly ClassNode[], allLabel: string): FilterOption[] => [
  ALL(allLabel),
  ...nodes.map((node) => ({ label: node.name, value: node.id })),
];

/** The three filter lists of a (resolved) choice, each led by its 全部 option. */
export function courseFilterOptions(tree: readonly ClassNode[], params: CourseListParams, allLabel: string): CourseFilterOptions {
  const projects = projectsUnder(tree, params.categoryId);
  const subjects = projects.find((project) => project.id === params.projectId)?.children ?? [];
  return {
    categories: optionsOf(tree, allLabel),
    projects: optionsOf(projects, allLabel),
    subjects: subjects.length > 0 ? optionsOf(subjects, allLabel) : [],
  };
}

/** The coursePageList body of a choice: 全部 is left out, the list's kind picks paid or open courses. */
export function coursePageQuery(kind: CourseListKind, params: CourseListParams): CoursePageQuery {
  const query: CoursePageQuery = { current: params.page, size: COURSE_LIST_PAGE_SIZE, priceKind: kind, sort: params.sort };
  if (params.categoryId !== null) query.categoryId = params.categoryId;
  if (params.projectId !== null) query.projectId = params.projectId;
  if (params.subjectId !== null) query.subjectId = params.subjectId;
  if (kind === 'PRO' && params.type !== null) query.type = params.type;
  return query;
}
