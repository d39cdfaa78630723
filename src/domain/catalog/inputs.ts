/** The input check of every catalogue call (server side: see shared/input.ts). */
import { type CallInput, Fields, Id, Int, List, Nullable, OneOf, Optional, Text } from '../shared/input';
import type { CommerceCallName } from '../commerce/calls';
import type { LearningCallName } from '../learning/calls';
import { COURSEWARE_TYPES } from '../learning/rules';
import type { CatalogCallName } from './calls';
import { COURSE_SORTS, COURSE_TYPES } from './contract';
import { RESOURCE_FILE_TYPES, RESOURCE_PAGE_DEFAULT_SIZE, RESOURCE_PAGE_MAX_SIZE } from './resources';

export const COURSE_PAGE_DEFAULT_SIZE = 12;
export const COURSE_PAGE_MAX_SIZE = 50;

/** Filters may come as null or 0 for the 'all' option of the client's filter lists. */
const filterId = Optional(Nullable(Int({ min: 0 })));
const keyword = Optional(Nullable(Text({ max: 50 })));
const courseId = Fields({ id: Id({ label: '课程ID' }) });

export const CATALOG_INPUTS = {
  // Parent 0 is the root: its children are the categories.
  classListByParentId: { params: Fields({ id: Int({ min: 0 }) }) },
  classTreeList: { body: Fields({}) },
  coursePageList: {
    body: Fields({
      current: Int({ min: 1, default: 1 }),
      size: Int({ min: 1, max: COURSE_PAGE_MAX_SIZE, default: COURSE_PAGE_DEFAULT_SIZE }),
      // A single type is coerced to a one-element list by Fastify's ajv (coerceTypes: 'array').
      type: Optional(Nullable(List(OneOf(COURSE_TYPES), COURSE_TYPES.length))),
      categoryId: filterId,
      projectId: filterId,
      subjectId: filterId,
      keyword,
      priceKind: Optional(Nullable(OneOf(['FREE', 'PRO']))),
      sort: OneOf(COURSE_SORTS, { default: 'DEFAULT' }),
    }),
  },
  courseDetails: { params: courseId },
  catalogueList: {
    params: courseId,
    // 0, null or absent: the top level.
    body: Fields({ parentId: Optional(Nullable(Int({ min: 0 }))) }),
  },
  coursewaresList: {
    body: Fields({
      catalogueId: Id({ label: '目录ID' }),
      // One type or several: coerced to a list like coursePageList's type.
      ignoreType: Optional(Nullable(List(OneOf(COURSEWARE_TYPES), COURSEWARE_TYPES.length))),
    }),
  },
  firstAudition: { params: courseId },
  auditionList: { params: courseId },
  teacherList: { querystring: Fields({ projectId: filterId }) },
} as const satisfies { [N in CatalogCallName]?: CallInput };

/**
 * Calls §7 lists under learning and commerce that the catalogue feature answers: the resources
 * page (free materials, e-books, downloads) and the sales advisor's QR code.
 */
export const CATALOG_RESOURCE_INPUTS = {
  resourceFreePageList: {
    body: Fields({
      current: Int({ min: 1, default: 1 }),
      size: Int({ min: 1, max: RESOURCE_PAGE_MAX_SIZE, default: RESOURCE_PAGE_DEFAULT_SIZE }),
      projectId: filterId,
      subjectId: filterId,
      fileType: Optional(Nullable(OneOf(RESOURCE_FILE_TYPES))),
      keyword,
    }),
  },
  resourceInfoList: {
    body: Fields({
      current: Int({ min: 1, default: 1 }),
      size: Int({ min: 1, max: RESOURCE_PAGE_MAX_SIZE, default: RESOURCE_PAGE_DEFAULT_SIZE }),
      projectId: filterId,
      subjectId: filterId,
      keyword,
    }),
  },
  ebookAddViewNum: { params: Fields({ id: Id({ label: '电子书ID' }) }) },
  // The sealed body (shared/sealed.ts): base64 of one RSA-2048 block. The handler checks what it opens to.
  fileDownloadUrl: { body: Fields({ sealed: Text({ min: 1, max: 700, pattern: '^[A-Za-z0-9+/=]+$', label: '加密参数' }) }) },
  salesQrcode: { body: Fields({ projectId: filterId }) },
} as const satisfies { [N in LearningCallName | CommerceCallName]?: CallInput };
