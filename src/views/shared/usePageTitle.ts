import { useEffect } from 'react';
import { DEFAULT_PAGE_TITLE } from '../../domain/shared/constants';
import { pageTitle } from '../../domain/shared/format';

/** A page title: the route's (课程详情, 试卷详情) first, as on every page, then what it shows once known. */
export function withSubject(routeTitle: string, subject: string | undefined): string {
  return subject ? `${routeTitle} - ${subject}` : routeTitle;
}

/** Sets `<title>` to the page's title followed by the site's default title. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title, DEFAULT_PAGE_TITLE);
  }, [title]);
}
