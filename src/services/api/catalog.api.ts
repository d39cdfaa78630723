import { CATALOG_CALLS } from '../../domain/catalog/calls';
import type { ClassNode, CourseListItem, CoursePageQuery } from '../../domain/catalog/contract';
import type { Page } from '../../domain/shared/envelope';
import { call } from '../http/client';

export function getClassTree(): Promise<ClassNode[]> {
  return call<ClassNode[]>(CATALOG_CALLS.classTreeList, { body: {} });
}

export function getCoursePage(query: CoursePageQuery): Promise<Page<CourseListItem>> {
  return call<Page<CourseListItem>>(CATALOG_CALLS.coursePageList, { body: query });
}
