/** /sys/front/api: regions, uploads, the class tree, file download links. */
import { asc, eq } from 'drizzle-orm';
import { classes } from '../db/schema';
import { buildClassTree, toClassNode } from './lib/classTree';
import { type Area, defineRoute, idParams } from './lib/routes';

export const sysArea: Area = {
  name: 'sys',
  prefix: '/sys/front/api/',
  routes: ({ db }) => ({
    classTreeList: defineRoute({
      async handler() {
        const rows = await db.select().from(classes).orderBy(asc(classes.level), asc(classes.sort), asc(classes.id));
        return buildClassTree(rows);
      },
    }),

    classListByParentId: defineRoute<{ Params: { id: number } }>({
      schema: { params: idParams },
      async handler(request) {
        const rows = await db
          .select()
          .from(classes)
          .where(eq(classes.parentId, request.params.id))
          .orderBy(asc(classes.sort), asc(classes.id));
        return rows.map(toClassNode);
      },
    }),
  }),
};
