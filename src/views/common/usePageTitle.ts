import { useEffect } from 'react';
import { DEFAULT_PAGE_TITLE } from '../../domain/shared/constants';
import { pageTitle } from '../../domain/shared/format';

/** Sets `<title>` to the page's title followed by the site's default title. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title, DEFAULT_PAGE_TITLE);
  }, [title]);
}
