import { CATALOG_CALLS } from '../../domain/catalog/calls';
import type { ClassNode, CourseListItem, CoursePageQuery } from '../../domain/catalog/contract';
import type { Page } from '../../domain/shared/envelope';
import { SITE_CALLS } from '../../domain/site/calls';
import type { AdItem, SiteParam } from '../../domain/site/contract';
import { call } from '../shared/http/client';

export function getAdItems(code: string): Promise<AdItem[]> {
  return call<AdItem[]>(SITE_CALLS.adItemsByCode, { params: { code } });
}

export function getSiteParam(key: string): Promise<SiteParam | null> {
  return call<SiteParam | null>(SITE_CALLS.paramByKey, { params: { key } });
}

/** The class tree (projects and subjects), for the home page's project links. */
export function getClassTree(): Promise<ClassNode[]> {
  return call<ClassNode[]>(CATALOG_CALLS.classTreeList, { body: {} });
}

export function getCoursePage(query: CoursePageQuery): Promise<Page<CourseListItem>> {
  return call<Page<CourseListItem>>(CATALOG_CALLS.coursePageList, { body: query });
}
