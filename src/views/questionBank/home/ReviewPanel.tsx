/**
 * 今日复习 on the question-bank home (issue 22), for a logged-in student: the subject's cards due
 * today with 开始复习, 智能练习 of 10, 20 or 50 questions, the server's refusal inline, the chapter
 * mastery bars and the link to 学习报告. Loaded on demand by QuestionBankHomeView (its own chunk).
 */
import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { ChapterMasteryView, ReviewDue } from '../../../domain/questionBank/contract';
import { SMART_PRACTICE_SIZES } from '../../../domain/questionBank/limits';
import { REVIEW_TEXTS as T } from '../../../domain/questionBank/review.texts';
import { reviewDayOf } from '../../../domain/questionBank/review';
import { reviewMachine, type ReviewStart } from '../../../machines/questionBank/review.machine';
import { paths } from '../../../paths';
import { ErrorState } from '../../shared/LoadState';
import { MasteryList } from '../MasteryList';
import '../home.css';

function MasteryBars({ chapters }: { chapters: readonly ChapterMasteryView[] }) {
  return (
    <section className="xt-review__mastery" aria-labelledby="xt-review-mastery">
      <h3 id="xt-review-mastery" className="xt-review__subtitle">
        {T.masteryTitle}
      </h3>
      <MasteryList chapters={chapters} block="xt-review" />
    </section>
  );
}

/** Nothing due today, though the student has cards: 今日复习已完成 (and when the next falls due). */
const reviewedToday = (due: ReviewDue) => due.dueCount === 0 && (due.cardCount > 0 || due.nextDueAt !== null);

function DueLine({ due }: { due: ReviewDue }) {
  if (due.dueCount > 0) return null;
  if (!reviewedToday(due)) return <p className="xt-review__muted">{T.noCards}</p>;
  return (
    <p className="xt-review__done" id="xt-review-done">
      {T.reviewDone}
      {due.nextDueAt !== null && <span className="xt-review__next">{T.nextDue(reviewDayOf(due.nextDueAt))}</span>}
    </p>
  );
}

interface ReviewPanelProps {
  projectId: number;
  subjectId: number;
  /** The project's due list once loaded (the subject chips' badges). */
  onDues?: (dues: ReviewDue[]) => void;
}

export default function ReviewPanel({ projectId, subjectId, onDues }: ReviewPanelProps) {
  const params = useMemo(() => ({ projectId, subjectId }), [projectId, subjectId]);
  const [state, send] = useFlow(reviewMachine, { input: params });
  const [, navigate] = useLocation();
  useEffect(() => send({ type: 'PARAMS_CHANGED', params }), [params, send]);
  const { data, started, startError, request } = state.context;
  const startedSubject = state.context.params.subjectId;
  useEffect(() => {
    if (started) navigate(paths.practiceRecord(started.kind, startedSubject, { recordId: started.recordId }));
  }, [started, startedSubject, navigate]);
  const dues = data?.dues;
  useEffect(() => {
    if (dues) onDues?.(dues);
  }, [dues, onDues]);

  const busy = state.matches('starting') || state.matches('started');
  const loading = state.matches('loading');
  const isStarting = (what: ReviewStart) =>
    busy && request?.kind === what.kind && (what.kind === 'review' || (request.kind === 'smart' && request.size === what.size));
  const due = data?.due;
  return (
    <section className="xt-review" aria-labelledby="xt-review-title" aria-busy={loading}>
      <div className="xt-review__head">
        <h2 id="xt-review-title" className="xt-review__title">
          {T.panelTitle}
        </h2>
        <Link href={paths.questionBankReport({ subjectId })} className="xt-review__report">
          {T.reportLink}
        </Link>
      </div>
      {loading && <p className="xt-review__muted">{T.loading}</p>}
      {state.matches('failed') && <ErrorState message={state.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />}
      {due && data && !loading && !state.matches('failed') && (
        <>
          <div className="xt-review__today">
            <p className="xt-review__due">
              <span className="xt-review__due-label">{T.dueLabel}</span>
              <strong className="xt-review__due-count" data-testid="review-due">
                {due.dueCount}
              </strong>
              <span>{T.dueUnit}</span>
            </p>
            <button
              type="button"
              className="xt-btn xt-btn--primary xt-review__start"
              disabled={busy || due.dueCount === 0}
              aria-describedby={reviewedToday(due) ? 'xt-review-done' : undefined}
              onClick={() => send({ type: 'START_REVIEW' })}
            >
              {isStarting({ kind: 'review' }) ? T.starting : T.startReview}
            </button>
            <DueLine due={due} />
          </div>
          <div className="xt-review__smart" role="group" aria-labelledby="xt-review-smart">
            <h3 id="xt-review-smart" className="xt-review__subtitle">
              {T.smartTitle}
            </h3>
            <p className="xt-review__muted">{T.smartLead}</p>
            <div className="xt-review__sizes">
              {SMART_PRACTICE_SIZES.map((size) => (
                <button key={size} type="button" className="xt-btn xt-review__size" disabled={busy} onClick={() => send({ type: 'START_SMART', size })}>
                  {isStarting({ kind: 'smart', size }) ? T.starting : T.smartSize(size)}
                </button>
              ))}
            </div>
          </div>
          {startError && (
            <p className="xt-review__error" role="alert">
              {startError}
            </p>
          )}
          <MasteryBars chapters={data.chapters} />
        </>
      )}
    </section>
  );
}
