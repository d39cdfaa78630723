/** The public course list with its filters (type, category, project, subject, keyword, free or paid). */
import { COURSE_TYPES, type ParsedCoursePageQuery } from '../../src/domain/catalog/contract';
import { defineRoute, type RouteGroup } from '../shared/feature';
import { listCourses } from './courses.queries';

export const COURSE_PAGE_DEFAULT_SIZE = 12;
export const COURSE_PAGE_MAX_SIZE = 50;

/** Filters may come as null or 0 for the 'all' option of the client's filter lists. */
const optionalId = { type: ['integer', 'null'], minimum: 0 } as const;

export const coursePageBodySchema = {
  type: 'object',
  properties: {
    current: { type: 'integer', minimum: 1, default: 1 },
    size: { type: 'integer', minimum: 1, maximum: COURSE_PAGE_MAX_SIZE, default: COURSE_PAGE_DEFAULT_SIZE },
    // A single type is coerced to a one-element array by Fastify's ajv (coerceTypes: 'array').
    type: { type: ['array', 'null'], maxItems: COURSE_TYPES.length, items: { type: 'string', enum: [...COURSE_TYPES] } },
    categoryId: optionalId,
    projectId: optionalId,
    subjectId: optionalId,
    keyword: { type: ['string', 'null'], maxLength: 50 },
    priceKind: { type: ['string', 'null'], enum: ['FREE', 'PRO', null] },
  },
} as const;

export const coursesRoutes: RouteGroup = ({ db }) => ({
  coursePageList: defineRoute<{ Body: ParsedCoursePageQuery }>({
    schema: { body: coursePageBodySchema },
    handler: (request) => listCourses(db, request.body),
  }),
});
