import { CATALOG_CALLS, CATALOG_EXTRA_CALLS } from '../../domain/catalog/calls';
import type {
  AuditionCourseware,
  CatalogueNode,
  ClassNode,
  CourseDetails,
  CourseListItem,
  CoursePageQuery,
  CoursewareItem,
  CoursewaresQuery,
  TeacherGroup,
} from '../../domain/catalog/contract';
import type { CourseSkuList, UserProductStatus } from '../../domain/commerce/contract';
import { LEARNING_CALLS } from '../../domain/learning/calls';
import type { Page } from '../../domain/shared/envelope';
import { call, type CallOptions } from '../shared/http/client';

type Extra = Pick<CallOptions, 'silent' | 'signal'>;

/** What a course sells (SKUs, add-ons, a camp's stages); the order page and the detail page read it. */
export function getCourseSkus(courseId: number, options: Extra = {}): Promise<CourseSkuList> {
  return call<CourseSkuList>(CATALOG_CALLS.courseSkuList, { params: { id: courseId }, body: {}, ...options });
}

export function getClassTree(): Promise<ClassNode[]> {
  return call<ClassNode[]>(CATALOG_CALLS.classTreeList, { body: {} });
}

export function getCoursePage(query: CoursePageQuery): Promise<Page<CourseListItem>> {
  return call<Page<CourseListItem>>(CATALOG_CALLS.coursePageList, { body: query });
}

/** The detail page's course; an unknown or off-sale course fails with status 404. */
export function getCourseDetails(courseId: number, options: Extra = {}): Promise<CourseDetails> {
  return call<CourseDetails>(CATALOG_CALLS.courseDetails, { params: { id: courseId }, ...options });
}

/** One level of a course's catalogue: the top (parentId 0, the default) or the children of a node. */
export function getCatalogueLevel(courseId: number, parentId = 0, options: Extra = {}): Promise<CatalogueNode[]> {
  return call<CatalogueNode[]>(CATALOG_CALLS.catalogueList, { params: { id: courseId }, body: { parentId }, ...options });
}

/** The coursewares of one catalogue node, leaving out the types in `ignoreType` (e.g. 'PAPER'). */
export function getCoursewares(query: CoursewaresQuery, options: Extra = {}): Promise<CoursewareItem[]> {
  return call<CoursewareItem[]>(CATALOG_CALLS.coursewaresList, { body: query, ...options });
}

/** The first free-audition courseware of a course, playable without login; null when it has none. */
export function getFirstAudition(courseId: number, options: Extra = {}): Promise<AuditionCourseware | null> {
  return call<AuditionCourseware | null>(CATALOG_CALLS.firstAudition, { params: { id: courseId }, ...options });
}

/** Every free-audition courseware of a course with its media, for /course/preview. */
export function getAuditionList(courseId: number, options: Extra = {}): Promise<AuditionCourseware[]> {
  return call<AuditionCourseware[]>(CATALOG_EXTRA_CALLS.auditionList, { params: { id: courseId }, ...options });
}

/** Teachers by project for /teacher; a project id narrows to that project. */
export function getTeacherGroups(projectId?: number | null, options: Extra = {}): Promise<TeacherGroup[]> {
  return call<TeacherGroup[]>(CATALOG_EXTRA_CALLS.teacherList, { query: projectId ? { projectId } : {}, ...options });
}

/** The course page's buy button: whether the user owns the course now, and a free course's activation. */
export function getUserProductStatus(courseId: number): Promise<UserProductStatus> {
  return call<UserProductStatus>(LEARNING_CALLS.userProductStatus, { params: { id: courseId }, silent: true });
}

export function activateFreeCourse(courseId: number): Promise<UserProductStatus> {
  return call<UserProductStatus>(LEARNING_CALLS.activeFreeCourse, { params: { id: courseId } });
}
