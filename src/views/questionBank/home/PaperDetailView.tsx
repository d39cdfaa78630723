import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { useFlow, useIsLoggedIn, useLoginModal } from '../../../app/AppContext';
import { QUESTION_TYPE_LABELS, type PaperDetail, type RecordSummary } from '../../../domain/questionBank/contract';
import { QB_HOME_TEXTS as T } from '../../../domain/questionBank/home.texts';
import { formatScore } from '../../../domain/questionBank/scoring';
import { QB_TEXTS } from '../../../domain/questionBank/texts';
import { formatDateTime } from '../../../domain/shared/format';
import { paperDetailMachine } from '../../../machines/questionBank/paperDetail.machine';
import { pages, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { EmptyState, LoadingState } from '../../shared/LoadState';
import { PageDataBody } from '../../shared/PageDataBody';
import { usePageTitle, withSubject } from '../../shared/usePageTitle';
import { RecordLinks } from './RecordLinks';
import '../home.css';

/** 开始考试 / 练习模式 / 继续作答, 购买课程后作答 for a locked paper; a visitor logs in first. */
function StartButtons({ paper }: { paper: PaperDetail }) {
  const loggedIn = useIsLoggedIn();
  const loginModal = useLoginModal();
  const [, navigate] = useLocation();
  const afterLogin = (href: string) => () =>
    void loginModal.open().then((ok) => {
      if (ok) navigate(href);
    });
  if (!loggedIn)
    return (
      <div className="xt-qbhome__actions">
        {paper.locked ? (
          <button type="button" className="xt-btn xt-btn--primary" onClick={() => void loginModal.open()}>
            {T.loginToAnswer}
          </button>
        ) : (
          <>
            <button type="button" className="xt-btn xt-btn--primary" onClick={afterLogin(paths.answer(paper.id))}>
              {T.startExam}
            </button>
            <button type="button" className="xt-btn" onClick={afterLogin(paths.answer(paper.id, { practice: true }))}>
              {T.startPractice2}
            </button>
          </>
        )}
      </div>
    );
  if (paper.locked)
    return (
      <div className="xt-qbhome__actions">
        <Link
          href={paper.courseId !== null ? paths.courseDetail(paper.courseId) : paths.proCourses({ projectId: paper.projectId })}
          className="xt-btn xt-btn--primary"
        >
          {T.buyToAnswer}
        </Link>
      </div>
    );
  return (
    <div className="xt-qbhome__actions">
      {paper.doingRecordId !== null && (
        <Link href={paths.answer(paper.id, { recordId: paper.doingRecordId })} className="xt-btn xt-btn--primary">
          {T.continueAnswer}
        </Link>
      )}
      <Link href={paths.answer(paper.id)} className={paper.doingRecordId === null ? 'xt-btn xt-btn--primary' : 'xt-btn'}>
        {T.startExam}
      </Link>
      <Link href={paths.answer(paper.id, { practice: true })} className="xt-btn">
        {T.startPractice2}
      </Link>
    </div>
  );
}

function LatestRecords({ records }: { records: readonly RecordSummary[] }) {
  return (
    <section className="xt-qbhome__teachers" aria-labelledby="qb-latest">
      <h2 id="qb-latest" className="xt-qbhome__heading">
        {T.latestRecords}
      </h2>
      {records.length === 0 ? (
        <p className="xt-qbhome__lead">{T.noRecordsYet}</p>
      ) : (
        <ul className="xt-qbhome__records">
          {records.map((r) => (
            <li key={r.id} className="xt-qbhome__record" data-testid="qb-paper-record">
              <div className="xt-qbhome__record-text">
                <span>{formatDateTime(new Date(r.startedAt))}</span>
                <p className="xt-qbhome__meta">
                  <span>{T.modeLabels[r.mode]}</span>
                  <span>{T.stateLabels[r.state]}</span>
                  {r.scoreTenths !== null && <span>{T.score(formatScore(r.scoreTenths), formatScore(r.totalScoreTenths))}</span>}
                </p>
              </div>
              <div className="xt-qbhome__actions">
                <RecordLinks record={r} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PaperIntro({ paper, records }: { paper: PaperDetail; records: readonly RecordSummary[] }) {
  const loggedIn = useIsLoggedIn();
  return (
    <>
      <header className="xt-qbhome__head">
        <p className="xt-qbhome__lead">
          <Link href={paths.questionBankHome({ subjectId: paper.subjectId })}>
            {paper.projectName} · {paper.subjectName}
          </Link>
        </p>
        <h1 className="xt-qbhome__title">{paper.name}</h1>
      </header>
      <section aria-label={T.paperIntro}>
        <dl className="xt-qbhome__facts">
          <div>
            <dt>{T.duration}</dt>
            <dd>{T.minutes(paper.durationMinutes)}</dd>
          </div>
          <div>
            <dt>{T.total}</dt>
            <dd>{formatScore(paper.totalScoreTenths)}</dd>
          </div>
          <div>
            <dt>{T.pass}</dt>
            <dd>{formatScore(paper.passScoreTenths)}</dd>
          </div>
          <div>
            <dt>{T.questionTotal}</dt>
            <dd>{T.questions(paper.questionCount)}</dd>
          </div>
          {loggedIn && (
            <div>
              <dt>{T.myAttempts}</dt>
              <dd>
                {T.attempts(paper.attempts)}
                {paper.bestScoreTenths !== null && `，${T.best(formatScore(paper.bestScoreTenths))}`}
              </dd>
            </div>
          )}
        </dl>
      </section>
      <section aria-labelledby="qb-types" className="xt-qbhome__teachers">
        <h2 id="qb-types" className="xt-qbhome__heading">
          {T.byType}
        </h2>
        <ul className="xt-qbhome__records">
          {paper.countsByType.map((line) => (
            <li key={line.type} className="xt-qbhome__section">
              <span className="xt-qbhome__section-name">{QUESTION_TYPE_LABELS[line.type]}</span>
              <span className="xt-qbhome__section-count">{T.typeLine(line.count, formatScore(line.scoreTenths))}</span>
            </li>
          ))}
        </ul>
      </section>
      <StartButtons paper={paper} />
      {loggedIn && <LatestRecords records={records} />}
    </>
  );
}

/** /question-bank/learn-center-paper/{id}: the paper's introduction, start and continue. */
export default function PaperDetailView({ params }: Pick<RouteViewProps, 'params'>) {
  const paperId = pages.paperDetail.parse(params)?.paperId ?? null;
  return paperId === null ? <PaperNotFound /> : <PaperDetailPage paperId={paperId} />;
}

/** Another paper's link, or a login, loads again in place (PARAMS_CHANGED). */
function PaperDetailPage({ paperId }: { paperId: number }) {
  const loggedIn = useIsLoggedIn();
  const params = useMemo(() => ({ paperId, loggedIn }), [paperId, loggedIn]);
  const [state, send] = useFlow(paperDetailMachine, { input: params });
  useEffect(() => send({ type: 'PARAMS_CHANGED', params }), [params, send]);
  usePageTitle(withSubject('试卷详情', state.context.data?.paper.name));
  return (
    <div className="xt-qbhome">
      <PageDataBody page={state} onRetry={() => send({ type: 'RETRY' })} loading={<LoadingState fill />}>
        {(data) => <PaperIntro paper={data.paper} records={data.records} />}
      </PageDataBody>
    </div>
  );
}

/** A link whose paper id is no id: nothing to ask the server. */
function PaperNotFound() {
  usePageTitle('试卷详情');
  return (
    <div className="xt-qbhome">
      <EmptyState
        message={QB_TEXTS.paperNotFound}
        action={
          <Link href={paths.questionBankHome()} className="xt-btn xt-btn--primary">
            返回题库
          </Link>
        }
      />
    </div>
  );
}
