/**
 * Where a page sits in the site (首页 › 课程 › 课程名): a plain list of links, light enough for the plain
 * routes (no Fluent). One line at a fixed height, so a name that arrives later (the course's, once its
 * data loads) changes no layout; a name too long for the line ends in an ellipsis, the whole of it in
 * the item's title.
 */
import { Link } from 'wouter';
import { BREADCRUMB_TEXTS } from '../../domain/shared/components.texts';
import './breadcrumb.css';

export interface BreadcrumbItem {
  label: string;
  /** Where the item leads; the last item is the page itself and is never a link. */
  href?: string;
}

export function Breadcrumb({ items, className }: { items: readonly BreadcrumbItem[]; className?: string }) {
  return (
    <nav aria-label={BREADCRUMB_TEXTS.label} className={className ? `xt-breadcrumb ${className}` : 'xt-breadcrumb'}>
      <ol className="xt-breadcrumb__list">
        {items.map((item, i) => {
          const current = i === items.length - 1;
          return (
            <li key={`${i}:${item.label}`} className={current ? 'xt-breadcrumb__item xt-breadcrumb__item--current' : 'xt-breadcrumb__item'}>
              {i > 0 && (
                <span className="xt-breadcrumb__separator" aria-hidden="true">
                  ›
                </span>
              )}
              {current || item.href === undefined ? (
                <span className="xt-breadcrumb__text" aria-current={current ? 'page' : undefined} title={item.label}>
                  {item.label}
                </span>
              ) : (
                <Link href={item.href} className="xt-breadcrumb__link" title={item.label}>
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
