/**
 * What is for sale and what the user owns: a course's SKUs (public), the ownership status of a
 * course, activating a FREE course, and the user's courses. Ownership is always the session's user's.
 */
import type { CourseSkuList, UserProductItem, UserProductStatus } from '../../src/domain/commerce/contract';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import type { Page } from '../../src/domain/shared/envelope';
import { currentUser } from '../shared/auth';
import { badRequest, notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { grantWithPack, listUserProducts, ownershipOf, toStatus } from './ownership.queries';
import { courseSkuList, findCourse, ON_SALE } from './skus.queries';

export const productsRoutes: RouteGroup = ({ db, services }) => ({
  courseSkuList: {
    async handler(request): Promise<CourseSkuList> {
      const list = await courseSkuList(db, request.params.id);
      if (!list) throw notFound(COMMERCE_TEXTS.courseNotFound);
      return list;
    },
  },

  userProductStatus: {
    // The course page asks for visitors too: they own nothing.
    auth: 'optional',
    async handler(request): Promise<UserProductStatus> {
      const now = services.clock.now();
      const courseId = request.params.id;
      if (!request.auth) return toStatus(courseId, null, now);
      return toStatus(courseId, await ownershipOf(db, request.auth.userId, courseId), now);
    },
  },

  activeFreeCourse: {
    auth: 'required',
    async handler(request): Promise<UserProductStatus> {
      const { userId } = currentUser(request);
      const now = services.clock.now();
      const course = await findCourse(db, request.params.id);
      if (!course || course.status !== ON_SALE) throw notFound(COMMERCE_TEXTS.courseNotFound);
      if (course.type !== 'FREE') throw badRequest(COMMERCE_TEXTS.notFreeCourse);
      // Activating again while the access lasts changes nothing; after it lapsed it starts anew.
      await grantWithPack(db, { userId, courseId: course.id, courseType: 'FREE', source: 'FREE', start: now, validDays: course.validDays, onlyIfLapsed: true });
      return toStatus(course.id, await ownershipOf(db, userId, course.id), now);
    },
  },

  userProductPageList: {
    auth: 'required',
    handler(request): Promise<Page<UserProductItem>> {
      const { current, size, type, state } = request.body;
      return listUserProducts(db, currentUser(request).userId, { current, size, type, state }, services.clock.now());
    },
  },
});
