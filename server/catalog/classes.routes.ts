/** The class tree (category → project → subject) whole, or one level under a parent. */
import { defineRoute, idParams, type RouteGroup } from '../shared/feature';
import { buildClassTree, toClassNode } from './classTree';
import { listClassChildren, listClasses } from './classes.queries';

export const classesRoutes: RouteGroup = ({ db }) => ({
  classTreeList: defineRoute({
    async handler() {
      return buildClassTree(await listClasses(db));
    },
  }),

  classListByParentId: defineRoute<{ Params: { id: number } }>({
    schema: { params: idParams },
    async handler(request) {
      return (await listClassChildren(db, request.params.id)).map(toClassNode);
    },
  }),
});
