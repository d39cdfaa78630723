import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useFlow } from '../../app/AppContext';
import { DEFAULT_SLOGAN } from '../../domain/shared/constants';
import type { AdItem } from '../../domain/site/contract';
import { paths } from '../../paths';
import { homePageMachine } from '../../machines/homePage.machine';
import { CourseCard } from '../common/CourseCard';
import { EmptyState, ErrorState, LoadingState } from '../common/LoadState';
import { usePageTitle } from '../common/usePageTitle';
import './home.css';

function Banner({ items }: { items: AdItem[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), 5000);
    return () => clearInterval(timer);
  }, [items.length]);
  const item = items[index % items.length];
  if (!item) return null;
  const img = <img src={item.imageUrl} alt={item.title} />;
  return (
    <div className="xt-banner" data-testid="home-banner">
      {item.linkUrl?.startsWith('/') ? <Link href={item.linkUrl}>{img}</Link> : img}
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

export default function HomeView() {
  usePageTitle(undefined);
  const [state, send] = useFlow(homePageMachine);
  if (state.matches('loading')) return <LoadingState />;
  if (state.matches('failed')) return <ErrorState message={state.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />;
  if (state.matches('empty') || !state.context.data) return <EmptyState message="课程正在筹备中，敬请期待" />;
  const { banners, projects, proCourses, freeCourses } = state.context.data;
  return (
    <div className="xt-home">
      <Banner items={banners} />
      {projects.length > 0 && (
        <nav className="xt-projects" aria-label="考试项目">
          {projects.map((p) => (
            <Link key={p.id} href={paths.proCourses({ projectId: p.id })}>
              {p.name}
            </Link>
          ))}
        </nav>
      )}
      <section>
        <div className="xt-section__head">
          <h2>精品课程</h2>
          <Link href={paths.proCourses()}>查看全部 ›</Link>
        </div>
        {proCourses.length ? (
          <div className="xt-grid">
            {proCourses.map((c) => (
              <CourseCard key={c.id} course={c} />
            ))}
          </div>
        ) : (
          <EmptyState message="暂无精品课程" />
        )}
      </section>
      <section>
        <div className="xt-section__head">
          <h2>免费公开课</h2>
          <Link href={paths.freeCourses()}>查看全部 ›</Link>
        </div>
        {freeCourses.length ? (
          <div className="xt-grid">
            {freeCourses.map((c) => (
              <CourseCard key={c.id} course={c} />
            ))}
          </div>
        ) : (
          <EmptyState message="暂无公开课" />
        )}
      </section>
      <section className="xt-home__slogan">
        <p>{DEFAULT_SLOGAN}</p>
        <Link href={paths.questionBankHome()} className="xt-btn xt-btn--primary">
          去题库刷题
        </Link>
      </section>
    </div>
  );
}
