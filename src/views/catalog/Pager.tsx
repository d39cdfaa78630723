import { Link } from 'wouter';
import { PAGER_TEXTS } from '../../domain/catalog/courseList.texts';
import { pagerItems } from '../../domain/catalog/listQuery';

/**
 * Page links of a paged list (the page lives in the URL like the filters). `onFollow` runs when a
 * link is followed, e.g. to bring the top of the list into view.
 */
export function Pager({ current, pages, hrefOf, onFollow }: { current: number; pages: number; hrefOf: (page: number) => string; onFollow?: () => void }) {
  if (pages <= 1) return null;
  const step = (page: number, label: string, rel: 'prev' | 'next') =>
    page >= 1 && page <= pages ? (
      <Link href={hrefOf(page)} className="xt-pager__link" rel={rel} onClick={onFollow}>
        {label}
      </Link>
    ) : (
      <span className="xt-pager__link xt-pager__link--disabled" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className="xt-pager" aria-label={PAGER_TEXTS.label}>
      <ul className="xt-pager__list">
        <li>{step(current - 1, PAGER_TEXTS.previous, 'prev')}</li>
        {pagerItems(current, pages).map((item, i) => (
          <li key={item === 'gap' ? `gap-${i}` : item}>
            {item === 'gap' ? (
              <span className="xt-pager__gap" aria-hidden>
                …
              </span>
            ) : (
              <Link
                href={hrefOf(item)}
                className="xt-pager__link"
                aria-label={PAGER_TEXTS.page(item)}
                aria-current={item === current ? 'page' : undefined}
                onClick={onFollow}
              >
                {item}
              </Link>
            )}
          </li>
        ))}
        <li>{step(current + 1, PAGER_TEXTS.next, 'next')}</li>
      </ul>
    </nav>
  );
}
