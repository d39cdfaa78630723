/** The public course list (filters, sort) and a course's detail page, both from the public cache. */
import type { CourseDetails } from '../../src/domain/catalog/contract';
import { CATALOG_TEXTS } from '../../src/domain/catalog/texts';
import { notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { prepared, type PreparedJson } from '../shared/preparedJson';
import { cacheKey } from '../shared/publicCache';
import { CATALOG_SPACES } from './cacheSpaces';
import { courseDetailsStillHolds, findCourseDetails } from './courseDetails.queries';
import { listCourses } from './courses.queries';

export const coursesRoutes: RouteGroup = ({ db, cache, services }) => ({
  coursePageList: {
    // The validated body (defaults filled, unknown fields dropped) is the key: equal queries share an entry.
    handler: (request) =>
      cache.get(
        CATALOG_SPACES.coursePage,
        cacheKey(request.body),
        prepared(() => listCourses(db, request.body)),
      ),
  },

  courseDetails: {
    async handler(request): Promise<PreparedJson<CourseDetails>> {
      const { id } = request.params;
      // Commerce's clock (shifted in tests and by /dev/clock): the cohort shown is the one it sells.
      const now = services.clock.now().getTime();
      // An unknown id is cached too (as null): the space is bounded and any insert empties it.
      const details = await cache.get(
        CATALOG_SPACES.courseDetails,
        String(id),
        prepared(() => findCourseDetails(db, id, now)),
        (kept) => courseDetailsStillHolds(kept.data, now),
      );
      if (!details.data) throw notFound(CATALOG_TEXTS.courseNotFound);
      return details as PreparedJson<CourseDetails>;
    },
  },
});
