/** The input check of every catalogue call (server side: see shared/input.ts). */
import { type CallInput, Fields, Int, List, Nullable, OneOf, Optional, Text } from '../shared/input';
import type { CatalogCallName } from './calls';
import { COURSE_TYPES } from './contract';

export const COURSE_PAGE_DEFAULT_SIZE = 12;
export const COURSE_PAGE_MAX_SIZE = 50;

/** Filters may come as null or 0 for the 'all' option of the client's filter lists. */
const filterId = Optional(Nullable(Int({ min: 0 })));

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
      keyword: Optional(Nullable(Text({ max: 50 }))),
      priceKind: Optional(Nullable(OneOf(['FREE', 'PRO']))),
    }),
  },
} as const satisfies { [N in CatalogCallName]?: CallInput };
