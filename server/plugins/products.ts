/** /products/front/api: courses, catalogues, resources, site parameters, unified pay. */
import { eq } from 'drizzle-orm';
import type { SiteParam } from '../../src/domain/catalog/contract';
import { siteParams } from '../db/schema';
import { type CoursePageBody, coursePageBodySchema, listCourses } from './lib/coursePage';
import { type Area, defineRoute } from './lib/routes';

export const productsArea: Area = {
  name: 'products',
  prefix: '/products/front/api/',
  routes: ({ db }) => ({
    // An absent key answers data null: callers fall back to their built-in default.
    paramByKey: defineRoute<{ Params: { key: string } }>({
      schema: {
        params: { type: 'object', required: ['key'], properties: { key: { type: 'string', minLength: 1, maxLength: 60 } } },
      },
      async handler(request): Promise<SiteParam | null> {
        const [row] = await db
          .select({ key: siteParams.key, value: siteParams.value })
          .from(siteParams)
          .where(eq(siteParams.key, request.params.key))
          .limit(1);
        return row ?? null;
      },
    }),

    coursePageList: defineRoute<{ Body: CoursePageBody }>({
      schema: { body: coursePageBodySchema },
      handler: (request) => listCourses(db, request.body),
    }),
  }),
};
