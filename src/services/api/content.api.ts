import { API_CALLS } from '../../domain/calls';
import type { ClassNode, CourseListItem, CoursePageQuery } from '../../domain/catalog/contract';
import type { Page } from '../../domain/shared/envelope';
import type { AdItem, SiteParam } from '../../domain/site/contract';
import { call } from '../http/client';

export function getAdItems(code: string): Promise<AdItem[]> {
  return call<AdItem[]>(API_CALLS.adItemsByCode, { params: { code } });
}

export function getClassTree(): Promise<ClassNode[]> {
  return call<ClassNode[]>(API_CALLS.classTreeList, { body: {} });
}

export function getSiteParam(key: string): Promise<SiteParam | null> {
  return call<SiteParam | null>(API_CALLS.paramByKey, { params: { key } });
}

export function getCoursePage(query: CoursePageQuery): Promise<Page<CourseListItem>> {
  return call<Page<CourseListItem>>(API_CALLS.coursePageList, { body: query });
}
