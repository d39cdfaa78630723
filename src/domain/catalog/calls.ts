/** The catalogue calls of product-spec §7: classes, courses and their outlines. */
import { API_PREFIX, defineCall as def, type ApiCallDef } from '../shared/api';

const SYS = API_PREFIX.sys;
const PRODUCTS = API_PREFIX.products;

export const CATALOG_CALLS = {
  classListByParentId: def('GET', `${SYS}/class/getListByParentId/:id`),
  classTreeList: def('POST', `${SYS}/class/treelist`),
  coursePageList: def('POST', `${PRODUCTS}/course/getPageList`),
  courseDetails: def('GET', `${PRODUCTS}/course/getDetails/:id`),
  courseSkuList: def('POST', `${PRODUCTS}/course/getSkuList/:id`),
  catalogueList: def('POST', `${PRODUCTS}/catalogue/getCatalogueList/:id`),
  firstAudition: def('GET', `${PRODUCTS}/catalogue/getFirstAudition/:id`),
  coursewaresList: def('POST', `${PRODUCTS}/catalogue/getCoursewaresList`),
} as const satisfies Record<string, ApiCallDef>;

/**
 * Calls our services add beyond §7: every audition courseware of a course with its media, for the
 * /course/preview page (visitors), and the teachers by project, for the /teacher page.
 */
export const CATALOG_EXTRA_CALLS = {
  auditionList: def('GET', `${PRODUCTS}/catalogue/getAuditionList/:id`),
  teacherList: def('GET', `${PRODUCTS}/teacher/getList`),
} as const satisfies Record<string, ApiCallDef>;

export type CatalogCallName = keyof typeof CATALOG_CALLS | keyof typeof CATALOG_EXTRA_CALLS;
