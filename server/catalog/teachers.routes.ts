/** The /teacher page: teachers grouped by project (all projects, or one). */
import type { RouteGroup } from '../shared/feature';
import { prepared } from '../shared/preparedJson';
import { CATALOG_SPACES } from './cacheSpaces';
import { listTeacherGroups } from './teachers.queries';

export const teachersRoutes: RouteGroup = ({ db, cache }) => ({
  teacherList: {
    handler: (request) => {
      const projectId = request.query.projectId || null;
      return cache.get(
        CATALOG_SPACES.teachers,
        String(projectId ?? 'all'),
        prepared(() => listTeacherGroups(db, projectId)),
      );
    },
  },
});
