/** The catalogue calls of product-spec §7: classes, courses and their outlines, typed from ./contract.ts. */
import type { CourseSkuList } from '../commerce/contract';
import type { Page } from '../shared/envelope';
import { API_PREFIX, defineCall as def, type ApiCallDef, type ById, type EmptyBody } from '../shared/api';
import type {
  AuditionCourseware,
  CatalogueNode,
  CatalogueQuery,
  ClassNode,
  CourseDetails,
  CourseListItem,
  CoursePageQuery,
  CoursewareItem,
  CoursewaresQuery,
  TeacherGroup,
} from './contract';

const SYS = API_PREFIX.sys;
const PRODUCTS = API_PREFIX.products;

export const CATALOG_CALLS = {
  classListByParentId: def<{ answer: ClassNode[]; params: ById }>('GET', `${SYS}/class/getListByParentId/:id`),
  classTreeList: def<{ answer: ClassNode[]; body: EmptyBody }>('POST', `${SYS}/class/treelist`),
  coursePageList: def<{ answer: Page<CourseListItem>; body: CoursePageQuery }>('POST', `${PRODUCTS}/course/getPageList`),
  // An unknown or off-sale course fails with status 404.
  courseDetails: def<{ answer: CourseDetails; params: ById }>('GET', `${PRODUCTS}/course/getDetails/:id`),
  courseSkuList: def<{ answer: CourseSkuList; body: EmptyBody; params: ById }>('POST', `${PRODUCTS}/course/getSkuList/:id`),
  catalogueList: def<{ answer: CatalogueNode[]; body: CatalogueQuery; params: ById }>('POST', `${PRODUCTS}/catalogue/getCatalogueList/:id`),
  // Null when the course has no free audition.
  firstAudition: def<{ answer: AuditionCourseware | null; params: ById }>('GET', `${PRODUCTS}/catalogue/getFirstAudition/:id`),
  coursewaresList: def<{ answer: CoursewareItem[]; body: CoursewaresQuery }>('POST', `${PRODUCTS}/catalogue/getCoursewaresList`),
} as const satisfies Record<string, ApiCallDef>;

/**
 * Calls our services add beyond §7: every audition courseware of a course with its media, for the
 * /course/preview page (visitors), and the teachers by project, for the /teacher page.
 */
export const CATALOG_EXTRA_CALLS = {
  auditionList: def<{ answer: AuditionCourseware[]; params: ById }>('GET', `${PRODUCTS}/catalogue/getAuditionList/:id`),
  teacherList: def<{ answer: TeacherGroup[]; query: { projectId?: number } }>('GET', `${PRODUCTS}/teacher/getList`),
} as const satisfies Record<string, ApiCallDef>;

export type CatalogCallName = keyof typeof CATALOG_CALLS | keyof typeof CATALOG_EXTRA_CALLS;
