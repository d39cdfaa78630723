/**
 * The home page's building blocks: its loading skeleton, the banner, the loaded page (projects, both
 * course rows, the slogan) and its empty screen. HomeView puts them on screen by its flow's state;
 * the component demo (/demo-components/home) shows each with fixtures, so both show the same code.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { ClassNode, CourseListItem } from '../../../domain/catalog/contract';
import { DEFAULT_SLOGAN } from '../../../domain/shared/constants';
import { appPagePath } from '../../../domain/shared/routing';
import type { AdItem } from '../../../domain/site/contract';
import { HOME_COURSE_COUNTS, HOME_TEXTS as T } from '../../../domain/site/home';
import { paths } from '../../../paths';
import { CourseCard } from '../../shared/CourseCard';
import { EmptyState } from '../../shared/LoadState';
import './home.css';

/** Cards in the first row of a wide screen (the first screen of a phone shows fewer): their covers load at once. */
const FIRST_ROW_CARDS = 4;

/** The banner slot's artwork size (3:1); the box keeps that ratio before the image arrives. */
const BANNER_SIZE = { width: 1200, height: 400 } as const;

function SkeletonCards({ count }: { count: number }) {
  return (
    <div className="xt-grid">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="xt-course-card xt-course-card--skeleton">
          <div className="xt-course-card__cover" />
          <div className="xt-course-card__body">
            <div className="xt-course-card__title" />
            <div className="xt-skeleton-line xt-skeleton-line--short" />
            <div className="xt-skeleton-line" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The home page's shape while its data loads: the banner's box, a row of project chips and both
 * course grids at their full counts, so the page is already as tall as it will be and nothing
 * below (the footer) is pulled up into view and pushed down again.
 */
export function HomeSkeleton() {
  return (
    <div className="xt-home xt-home--loading" role="status" aria-label={T.loading} data-testid="home-skeleton">
      <div className="xt-banner" />
      <div className="xt-projects" aria-hidden>
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className="xt-projects__chip xt-projects__chip--skeleton" />
        ))}
      </div>
      {(['pro', 'free'] as const).map((list) => (
        <section key={list} aria-hidden>
          <div className="xt-section__head">
            <span className="xt-skeleton-line xt-skeleton-line--head" />
          </div>
          <SkeletonCards count={HOME_COURSE_COUNTS[list]} />
        </section>
      ))}
    </div>
  );
}

export function HomeBanner({ items }: { items: readonly AdItem[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), 5000);
    return () => clearInterval(timer);
  }, [items.length]);
  const item = items[index % items.length];
  if (!item) return null;
  const img = <img src={item.imageUrl} alt={item.title} width={BANNER_SIZE.width} height={BANNER_SIZE.height} />;
  // Only a page of this app is a link: an ad pointing anywhere else shows as a picture.
  const page = appPagePath(item.linkUrl);
  return (
    <div className="xt-banner" data-testid="home-banner">
      {page ? <Link href={page}>{img}</Link> : img}
      <div className="xt-banner__dots">
        {items.map((b, i) => (
          <button
            key={b.id}
            type="button"
            aria-label={b.title}
            className={i === index ? 'xt-banner__dot xt-banner__dot--active' : 'xt-banner__dot'}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </div>
  );
}

/** What the loaded home page shows (the home flow's data). */
export interface HomeContentData {
  banners: readonly AdItem[];
  projects: readonly ClassNode[];
  proCourses: readonly CourseListItem[];
  freeCourses: readonly CourseListItem[];
}

/** The loaded page: banner, project chips, both course rows (each with its own empty line) and the slogan. */
export function HomeContent({ data }: { data: HomeContentData }) {
  const { banners, projects, proCourses, freeCourses } = data;
  return (
    <div className="xt-home">
      <HomeBanner items={banners} />
      {projects.length > 0 && (
        <nav className="xt-projects" aria-label={T.projects}>
          {projects.map((p) => (
            <Link key={p.id} href={paths.proCourses({ projectId: p.id })}>
              {p.name}
            </Link>
          ))}
        </nav>
      )}
      <section>
        <div className="xt-section__head">
          <h2>{T.proHeading}</h2>
          <Link href={paths.proCourses()}>{T.viewAll}</Link>
        </div>
        {proCourses.length ? (
          <div className="xt-grid">
            {proCourses.map((c, i) => (
              <CourseCard key={c.id} course={c} eager={i < FIRST_ROW_CARDS} />
            ))}
          </div>
        ) : (
          <EmptyState message={T.noProCourses} />
        )}
      </section>
      <section>
        <div className="xt-section__head">
          <h2>{T.freeHeading}</h2>
          <Link href={paths.freeCourses()}>{T.viewAll}</Link>
        </div>
        {freeCourses.length ? (
          <div className="xt-grid">
            {freeCourses.map((c) => (
              <CourseCard key={c.id} course={c} />
            ))}
          </div>
        ) : (
          <EmptyState message={T.noFreeCourses} />
        )}
      </section>
      <section className="xt-home__slogan">
        <p>{DEFAULT_SLOGAN}</p>
        <Link href={paths.questionBankHome()} className="xt-btn xt-btn--primary">
          {T.toQuestionBank}
        </Link>
      </section>
    </div>
  );
}

/** Nothing to show yet: no course in either row and no banner. */
export function HomeEmpty() {
  return <EmptyState message={T.empty} />;
}
