/** The class tree (category → project → subject) whole, or one level under a parent. */
import type { RouteGroup } from '../shared/feature';
import { buildClassTree, toClassNode } from './classTree';
import { listClassChildren, listClasses } from './classes.queries';

export const classesRoutes: RouteGroup = ({ db }) => ({
  classTreeList: {
    async handler() {
      return buildClassTree(await listClasses(db));
    },
  },

  classListByParentId: {
    async handler(request) {
      return (await listClassChildren(db, request.params.id)).map(toClassNode);
    },
  },
});
