/** The frame of every component demo: where it sits, its title, the other demos, then its sections. */
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link, useLocation } from 'wouter';
import { BREADCRUMB_TEXTS } from '../../../domain/shared/components.texts';
import { DEMO_TEXTS as T, type DemoSectionText } from '../../../domain/site/demoComponents.texts';
import { paths, PATTERNS } from '../../../paths';
import { Breadcrumb } from '../../shared/Breadcrumb';
import { usePageTitle } from '../../shared/usePageTitle';
import './demo.css';

const DEMOS = [
  { path: PATTERNS.demoHome, label: T.home.nav },
  { path: PATTERNS.demoPlayVideo, label: T.playVideo.nav },
  { path: PATTERNS.demoCourseType, label: T.courseType.nav },
  { path: PATTERNS.demoBreadcrumb, label: T.breadcrumb.nav },
  { path: PATTERNS.demoUpload, label: T.upload.nav },
  { path: PATTERNS.demoCalculator, label: T.calculator.nav },
] as const;

/** `routeTitle`: the route's own title (src/routes.ts), the document's title as on every page. */
export function DemoPage({ title, routeTitle, children }: { title: string; routeTitle: string; children: ReactNode }) {
  usePageTitle(routeTitle);
  const [location] = useLocation();
  return (
    <div className="xt-demo">
      <Breadcrumb items={[{ label: BREADCRUMB_TEXTS.home, href: paths.home() }, { label: T.hub, href: PATTERNS.demoHome }, { label: title }]} />
      <header className="xt-demo__header">
        <h1 className="xt-demo__title">{title}</h1>
        <p className="xt-demo__intro">{T.intro}</p>
      </header>
      <nav className="xt-demo__nav" aria-label={T.hubNav}>
        <ul className="xt-demo__nav-list">
          {DEMOS.map((demo) => {
            const current = location === demo.path;
            return (
              <li key={demo.path}>
                <Link
                  href={demo.path}
                  className={current ? 'xt-demo__nav-link xt-demo__nav-link--current' : 'xt-demo__nav-link'}
                  aria-current={current ? 'page' : undefined}
                >
                  {demo.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {children}
    </div>
  );
}

/** One state of a component: its name, a sentence on when it shows, and the component in it. */
export function DemoSection({ text, children, testId }: { text: DemoSectionText; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section className="xt-demo__section" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="xt-demo__section-title">
        {text.title}
      </h2>
      <p className="xt-demo__note">{text.note}</p>
      <div className="xt-demo__sample">{children}</div>
    </section>
  );
}
