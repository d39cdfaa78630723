import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import { BREADCRUMB_TEXTS } from '../../../domain/shared/components.texts';
import { SITE } from '../../../domain/site/facts';
import { paths } from '../../../paths';
import { Breadcrumb } from '../../shared/Breadcrumb';
import { HELP_DEFAULT_PATH, HELP_NAV, isHelpNavActive } from './helpNav';
import './help.css';

const HELP_TITLE = '帮助中心';

/**
 * The 帮助中心 frame: the menu of help pages on the left (on top on phones) and the page on the right.
 * The help routes are plain (no Fluent): plain elements styled by help.css, so a page rendered on the
 * server looks the same before its script runs.
 */
export default function HelpCentreLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const current = HELP_NAV.find((item) => isHelpNavActive(location, item.path));
  return (
    <div className="xt-help">
      <Breadcrumb
        className="xt-help__crumbs"
        items={[
          { label: BREADCRUMB_TEXTS.home, href: paths.home() },
          { label: HELP_TITLE, href: HELP_DEFAULT_PATH },
          ...(current ? [{ label: current.label }] : []),
        ]}
      />
      <aside className="xt-help__aside">
        <nav className="xt-help__nav" aria-label={HELP_TITLE}>
          <span className="xt-help__nav-title">{HELP_TITLE}</span>
          <ul className="xt-help__nav-list">
            {HELP_NAV.map((item) => {
              const active = isHelpNavActive(location, item.path);
              return (
                <li key={item.path}>
                  <RouterLink
                    href={item.path}
                    className={active ? 'xt-help__nav-link xt-help__nav-link--active' : 'xt-help__nav-link'}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                  </RouterLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="xt-help__contact">
          <span className="xt-help__contact-title">联系客服</span>
          <span className="xt-help__contact-line">客服电话：{SITE.servicePhone}</span>
          <span className="xt-help__contact-line">工作时间：{SITE.serviceHours}</span>
          <span className="xt-help__contact-line">
            客服邮箱：
            <a href={`mailto:${SITE.serviceEmail}`} className="xt-help__link">
              {SITE.serviceEmail}
            </a>
          </span>
        </div>
      </aside>
      <div className="xt-help__content">{children}</div>
    </div>
  );
}

/** A help page: its heading (the page's only h1), an optional date line, then its sections. */
export function HelpArticle({ title, meta, children }: { title: string; meta?: ReactNode; children: ReactNode }) {
  return (
    <article>
      <header className="xt-help__article-header">
        <h1 className="xt-help__title">{title}</h1>
        {meta ? <span className="xt-help__meta">{meta}</span> : null}
      </header>
      {children}
    </article>
  );
}

/** A titled section (h2) of a help page. */
export function HelpSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="xt-help__section" aria-labelledby={id}>
      <h2 id={id} className="xt-help__section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function HelpParagraph({ children }: { children: ReactNode }) {
  return <p className="xt-help__paragraph">{children}</p>;
}

/** A bulleted (or, with `ordered`, numbered) list of help text. */
export function HelpList({ items, ordered = false }: { items: readonly ReactNode[]; ordered?: boolean }) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag className="xt-help__list">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </Tag>
  );
}

/** A link to another page of the app, with the look of Fluent's Link. */
export function HelpLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <RouterLink href={href} className="xt-help__link">
      {children}
    </RouterLink>
  );
}
