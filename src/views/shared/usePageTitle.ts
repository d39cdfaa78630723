import { useEffect } from 'react';
import { DEFAULT_PAGE_TITLE } from '../../domain/shared/constants';
import { pageTitle } from '../../domain/shared/format';

// The views' import of withSubject; it lives in the domain, where the server's page heads (src/domain/site/seo.ts) build the same titles.
export { withSubject } from '../../domain/shared/format';

/** Sets `<title>` to the page's title followed by the site's default title. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title, DEFAULT_PAGE_TITLE);
  }, [title]);
}
