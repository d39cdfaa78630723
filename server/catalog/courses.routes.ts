/** The public course list with its filters (type, category, project, subject, keyword, free or paid). */
import type { RouteGroup } from '../shared/feature';
import { listCourses } from './courses.queries';

export const coursesRoutes: RouteGroup = ({ db }) => ({
  coursePageList: {
    handler: (request) => listCourses(db, request.body),
  },
});
