/** The class tree (category → project → subject) whole, or one level under a parent. */
import { defineRoute, idParams, type RouteGroup } from '../shared/feature';
import { listClassChildren, listClasses } from './classes.queries';
import { buildClassTree, toClassNode } from './classTree';

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
