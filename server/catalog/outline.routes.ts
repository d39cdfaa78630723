/**
 * A course's catalogue, loaded one level at a time, the coursewares of a node, and the free
 * auditions visitors may play. Media URLs leave here for audition coursewares only.
 */
import type { AuditionCourseware, CatalogueNode, CoursewareItem } from '../../src/domain/catalog/contract';
import { CATALOG_TEXTS } from '../../src/domain/catalog/texts';
import { notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { CATALOG_SPACES } from './cacheSpaces';
import { loadAuditions, loadCourseOutline, loadNodeCoursewares } from './outline.queries';

export const outlineRoutes: RouteGroup = ({ db, cache }) => {
  const auditionsOf = async (courseId: number): Promise<AuditionCourseware[]> => {
    const list = await cache.get(CATALOG_SPACES.auditions, String(courseId), () => loadAuditions(db, courseId));
    if (!list) throw notFound(CATALOG_TEXTS.courseNotFound);
    return list;
  };

  return {
    catalogueList: {
      async handler(request): Promise<CatalogueNode[]> {
        const courseId = request.params.id;
        const parentId = request.body.parentId ?? 0;
        const outline = await cache.get(CATALOG_SPACES.outline, String(courseId), () => loadCourseOutline(db, courseId));
        if (!outline) throw notFound(CATALOG_TEXTS.courseNotFound);
        if (parentId !== 0 && !outline.nodeIds.has(parentId)) throw notFound(CATALOG_TEXTS.catalogueNotFound);
        return outline.levels.get(parentId) ?? [];
      },
    },

    coursewaresList: {
      async handler(request): Promise<CoursewareItem[]> {
        const { catalogueId, ignoreType } = request.body;
        const wares = await cache.get(CATALOG_SPACES.coursewares, String(catalogueId), () => loadNodeCoursewares(db, catalogueId));
        if (!wares) throw notFound(CATALOG_TEXTS.catalogueNotFound);
        if (!ignoreType || ignoreType.length === 0) return wares;
        const ignored = new Set<string>(ignoreType);
        return wares.filter((ware) => !ignored.has(ware.type));
      },
    },

    firstAudition: {
      async handler(request): Promise<AuditionCourseware | null> {
        return (await auditionsOf(request.params.id))[0] ?? null;
      },
    },

    auditionList: {
      handler: (request) => auditionsOf(request.params.id),
    },
  };
};
