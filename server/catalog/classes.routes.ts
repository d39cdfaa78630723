/** The class tree (category → project → subject) whole, or one level under a parent, from the public cache. */
import type { RouteGroup } from '../shared/feature';
import { prepared } from '../shared/preparedJson';
import { CATALOG_SPACES } from './cacheSpaces';
import { buildClassTree, toClassNode } from './classTree';
import { listClassChildren, listClasses } from './classes.queries';

export const classesRoutes: RouteGroup = ({ db, cache }) => ({
  classTreeList: {
    handler: () =>
      cache.get(
        CATALOG_SPACES.classes,
        'tree',
        prepared(async () => buildClassTree(await listClasses(db))),
      ),
  },

  classListByParentId: {
    handler: (request) =>
      cache.get(
        CATALOG_SPACES.classes,
        `children:${request.params.id}`,
        prepared(async () => (await listClassChildren(db, request.params.id)).map(toClassNode)),
      ),
  },
});
