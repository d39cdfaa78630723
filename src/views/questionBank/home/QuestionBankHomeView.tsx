import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useFlow, useIsLoggedIn, useLoginModal } from '../../../app/AppContext';
import { PAPER_TYPE_LABELS, type ReviewDue } from '../../../domain/questionBank/contract';
import { QB_HOME_TEXTS as T } from '../../../domain/questionBank/home.texts';
import { doneQuestions, paperProgress } from '../../../domain/questionBank/homeSubjects';
import { REVIEW_TEXTS } from '../../../domain/questionBank/review.texts';
import { qbHomeParams } from '../../../domain/questionBank/homeData';
import { QB_HOME_TABS } from '../../../domain/questionBank/tabs';
import { qbHomeMachine, type QbHomeData } from '../../../machines/questionBank/qbHome.machine';
import { paths } from '../../../paths';
import { EmptyState, LoadingState } from '../../shared/LoadState';
import { PageDataBody } from '../../shared/PageDataBody';
import { usePageTitle } from '../../shared/usePageTitle';
import { PaperList } from './PaperList';
import { SectionTree } from './SectionTree';
import '../../shared/teacher.css';
import '../home.css';

/** 今日复习 (issue 22): its own chunk, loaded for a logged-in student only. */
const ReviewPanel = lazy(() => import('./ReviewPanel'));

function Summary({ data }: { data: QbHomeData }) {
  const loggedIn = useIsLoggedIn();
  const loginModal = useLoginModal();
  if (!loggedIn)
    return (
      <section className="xt-qbhome__summary" aria-label={T.summaryTitle}>
        <p className="xt-qbhome__summary-text">{T.loginPrompt}</p>
        <button type="button" className="xt-btn xt-btn--primary" onClick={() => void loginModal.open()}>
          {T.loginButton}
        </button>
      </section>
    );
  const progress = paperProgress(data.subjectPapers);
  return (
    <section className="xt-qbhome__summary" aria-label={T.summaryTitle}>
      <dl className="xt-qbhome__figures">
        <div>
          <dt>{T.summaryDone}</dt>
          <dd data-testid="qb-done">{doneQuestions(data.sections)}</dd>
        </div>
        <div>
          <dt>{T.summaryPapers}</dt>
          <dd>{progress.sat}</dd>
        </div>
        <div>
          <dt>{T.summaryRate}</dt>
          <dd>{progress.rate === null ? '—' : `${progress.rate}%`}</dd>
        </div>
      </dl>
      <Link href={paths.questionBankRecord()} className="xt-btn">
        {T.myRecords}
      </Link>
    </section>
  );
}

function HomeBody({ data, tab }: { data: QbHomeData; tab: number }) {
  const { project, subjectId } = data;
  const loggedIn = useIsLoggedIn();
  // The panel's due list: a badge on each subject chip with cards due today.
  const [dueCounts, setDueCounts] = useState<ReadonlyMap<number, number>>(() => new Map());
  const onDues = useCallback((dues: ReviewDue[]) => setDueCounts(new Map(dues.map((d) => [d.subjectId, d.dueCount]))), []);
  if (!project || subjectId === null) return <EmptyState message={T.noBank} />;
  return (
    <>
      <nav aria-label={T.subjectNav} className="xt-qbhome__switcher">
        {data.projects.map((p) => (
          <div key={p.id} className="xt-qbhome__project">
            <h2 className="xt-qbhome__project-name">{p.name}</h2>
            <ul className="xt-qbhome__chips">
              {p.subjects.map((s) => (
                <li key={s.id}>
                  <Link
                    href={paths.questionBankHome({ subjectId: s.id, tab })}
                    className="xt-qbhome__chip"
                    aria-current={s.id === subjectId ? 'page' : undefined}
                  >
                    {s.name}
                    {loggedIn && (dueCounts.get(s.id) ?? 0) > 0 && (
                      <span className="xt-review__badge">
                        <span aria-hidden="true">{dueCounts.get(s.id)}</span>
                        <span className="xt-sr-only">{REVIEW_TEXTS.dueBadge(dueCounts.get(s.id) ?? 0)}</span>
                      </span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <Summary data={data} />
      {loggedIn && (
        <Suspense fallback={null}>
          <ReviewPanel projectId={project.id} subjectId={subjectId} onDues={onDues} />
        </Suspense>
      )}
      <nav aria-label={T.tabNav}>
        <ul className="xt-qbhome__tabs">
          {QB_HOME_TABS.map((t) => (
            <li key={t.tab}>
              <Link href={paths.questionBankHome({ subjectId, tab: t.tab })} className="xt-qbhome__tab" aria-current={t.tab === tab ? 'page' : undefined}>
                {PAPER_TYPE_LABELS[t.paperType]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={PAPER_TYPE_LABELS[QB_HOME_TABS.find((t) => t.tab === tab)?.paperType ?? 'CHAPTER']}>
        {tab === 1 ? (
          data.sections.length === 0 ? (
            <EmptyState message={T.noSections} />
          ) : (
            <SectionTree sections={data.sections} />
          )
        ) : data.tabPapers.length === 0 ? (
          <EmptyState message={T.noPapers} />
        ) : (
          <PaperList papers={data.tabPapers} projectId={project.id} />
        )}
      </section>
      {data.teachers.some((g) => g.teachers.length > 0) && (
        <section className="xt-qbhome__teachers" aria-labelledby="qb-teachers">
          <h2 id="qb-teachers" className="xt-qbhome__heading">
            {T.teachersTitle}
          </h2>
          <ul className="xt-teacher__cards">
            {data.teachers.flatMap((g) =>
              g.teachers.map((teacher) => (
                <li key={teacher.id}>
                  <article className="xt-teacher__card">
                    <img src={teacher.avatar} alt="" width={72} height={72} loading="lazy" className="xt-teacher__avatar" />
                    <div className="xt-teacher__text">
                      <h3 className="xt-qbhome__teacher-name">{teacher.name}</h3>
                      <p className="xt-teacher__title">{teacher.title}</p>
                      <p className="xt-teacher__intro">{teacher.intro}</p>
                    </div>
                  </article>
                </li>
              )),
            )}
          </ul>
        </section>
      )}
    </>
  );
}

/** /question-bank/home?subjectId=…&tab=1…4: the subject switcher, the summary band, the four tabs and the teachers. */
export default function QuestionBankHomeView() {
  usePageTitle(T.homeTitle);
  const search = useSearch();
  const loggedIn = useIsLoggedIn();
  const params = useMemo(() => qbHomeParams(search, loggedIn), [search, loggedIn]);
  const [state, send] = useFlow(qbHomeMachine, { input: params });
  useEffect(() => send({ type: 'PARAMS_CHANGED', params }), [params, send]);
  return (
    <div className="xt-qbhome">
      <header className="xt-qbhome__head">
        <h1 className="xt-qbhome__title">{T.homeTitle}</h1>
        <p className="xt-qbhome__lead">{T.homeLead}</p>
      </header>
      <PageDataBody page={state} onRetry={() => send({ type: 'RETRY' })} loading={<LoadingState fill />}>
        {(data) => <HomeBody data={data} tab={params.tab} />}
      </PageDataBody>
    </div>
  );
}
