/**
 * learn-center-mark/{recordId} (批阅): each written answer beside the reference answer and its
 * explanation, a score per answer (0 to full in half points, with 0 / 半分 / 满分 buttons), then
 * 提交批阅 and the transcript. Runs on the paperMark statechart; a record with nothing to mark goes
 * straight to its transcript.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { SheetItem } from '../../../domain/questionBank/answerSheet';
import { QUESTION_TYPE_LABELS, type QuestionKey } from '../../../domain/questionBank/contract';
import { halfMark, markText, transcriptPaperId } from '../../../domain/questionBank/report';
import { REPORT_TEXTS } from '../../../domain/questionBank/report.texts';
import { formatScore, isAnswered } from '../../../domain/questionBank/scoring';
import { QB_TEXTS } from '../../../domain/questionBank/texts';
import { paperMarkMachine } from '../../../machines/questionBank/paperMark.machine';
import { pages, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { ReportMissing } from './ReportMissing';
import '../report.css';

function MarkItem(props: {
  item: SheetItem;
  answer: readonly string[];
  answerKey: QuestionKey | undefined;
  mark: string;
  problem: string | undefined;
  disabled: boolean;
  onMark: (text: string) => void;
}) {
  const { item, answer, answerKey, mark, problem, disabled, onMark } = props;
  const { question, parent } = item;
  const id = `xt-mark-${question.id}`;
  const answered = isAnswered(answer);
  const quick: [string, number][] = [
    ['0分', 0],
    [`半分（${formatScore(halfMark(question.scoreTenths))}分）`, halfMark(question.scoreTenths)],
    [`满分（${formatScore(question.scoreTenths)}分）`, question.scoreTenths],
  ];
  return (
    <li>
      <article className="xt-report__card xt-report__question" aria-labelledby={`${id}-title`}>
        <h2 className="xt-report__question-head" id={`${id}-title`}>
          第{item.label}题 · {QUESTION_TYPE_LABELS[parent ? parent.type : question.type]} · 满分{formatScore(question.scoreTenths)}分
        </h2>
        {parent && (
          <section className="xt-report__case" aria-label={REPORT_TEXTS.caseMaterial}>
            <p className="xt-report__pre">{parent.stem}</p>
          </section>
        )}
        <p className="xt-report__pre xt-report__stem">{question.stem}</p>
        <div className="xt-report__compare">
          <section aria-label={REPORT_TEXTS.yourAnswer}>
            <h3 className="xt-report__h3">{REPORT_TEXTS.yourAnswer}</h3>
            <p className="xt-report__pre xt-report__answer">{answered ? answer[0] : REPORT_TEXTS.noAnswer}</p>
          </section>
          <section aria-label={REPORT_TEXTS.referenceAnswer}>
            <h3 className="xt-report__h3">{REPORT_TEXTS.referenceAnswer}</h3>
            <p className="xt-report__pre xt-report__key">{answerKey?.answer[0] ?? ''}</p>
            {answerKey?.analysis && (
              <>
                <h3 className="xt-report__h3">{REPORT_TEXTS.explanation}</h3>
                <p className="xt-report__pre">{answerKey.analysis}</p>
              </>
            )}
          </section>
        </div>
        {answered ? (
          <div className="xt-report__mark">
            <label htmlFor={id} className="xt-report__mark-label">
              得分（0–{formatScore(question.scoreTenths)}分）
            </label>
            <input
              id={id}
              className="xt-report__mark-input"
              inputMode="decimal"
              autoComplete="off"
              value={mark}
              disabled={disabled}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(e) => onMark(e.target.value)}
            />
            <span className="xt-report__quick" role="group" aria-label="快速评分">
              {quick.map(([label, tenths]) => (
                <button
                  key={label}
                  type="button"
                  className="xt-report__chip"
                  aria-pressed={mark === markText(tenths)}
                  disabled={disabled}
                  onClick={() => onMark(markText(tenths))}
                >
                  {label}
                </button>
              ))}
            </span>
            {problem && (
              <p className="xt-report__problem" id={`${id}-problem`} role="alert">
                {problem}
              </p>
            )}
          </div>
        ) : (
          <p className="xt-report__muted">{REPORT_TEXTS.unansweredZero}</p>
        )}
      </article>
    </li>
  );
}

export default function PaperMarkView({ params }: RouteViewProps) {
  const recordId = pages.paperMark.parse(params)?.recordId ?? null;
  if (recordId === null) return <ReportMissing title={REPORT_TEXTS.markTitle} message={QB_TEXTS.recordNotFound} />;
  return <PaperMarkPage key={recordId} recordId={recordId} />;
}

function PaperMarkPage({ recordId }: { recordId: number }) {
  const [state, send] = useFlow(paperMarkMachine, { input: { recordId } });
  const [, navigate] = useLocation();
  const { context } = state;
  usePageTitle(REPORT_TEXTS.markTitle);

  // Marked, or nothing to mark: the transcript is next.
  const leave = state.matches('done') || state.matches('notMarking');
  const record = context.record;
  useEffect(() => {
    if (leave && record) navigate(paths.transcript(recordId, transcriptPaperId(record)), { replace: true });
  }, [leave, record, navigate, recordId]);

  // A refused submit: focus the first mark with a problem, so keyboard and screen-reader users land on it.
  const formRef = useRef<HTMLFormElement>(null);
  const refusals = context.refusals;
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const busy = state.matches('submitting');
  const editable = state.matches('marking') || state.matches('failed');
  const answeredCount = context.items.filter((item) => isAnswered(context.answers[item.question.id]?.answer ?? [])).length;
  const markedCount = context.items.filter(
    (item) => isAnswered(context.answers[item.question.id]?.answer ?? []) && (context.marks[item.question.id] ?? '').trim() !== '',
  ).length;

  return (
    <main className="xt-report xt-report--bare">
      <header className="xt-report__head">
        <h1 className="xt-report__title">{REPORT_TEXTS.markTitle}</h1>
        {record && <p className="xt-report__name">{record.name}</p>}
      </header>
      {(state.matches('loading') || leave) && <LoadingState fill />}
      {state.matches('loadFailed') && <ErrorState message={context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />}
      {(editable || busy) && (
        <form
          ref={formRef}
          className="xt-report__mark-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'SUBMIT' });
          }}
        >
          <p className="xt-report__lead">{REPORT_TEXTS.markLead}</p>
          <ol className="xt-report__list">
            {context.items.map((item) => (
              <MarkItem
                key={item.question.id}
                item={item}
                answer={context.answers[item.question.id]?.answer ?? []}
                answerKey={context.keys[item.question.id]}
                mark={context.marks[item.question.id] ?? ''}
                problem={context.problems[item.question.id]}
                disabled={busy}
                onMark={(text) => send({ type: 'SET_MARK', questionId: item.question.id, text })}
              />
            ))}
          </ol>
          <div className="xt-report__submit-bar">
            <span>
              已评{markedCount}/{answeredCount}题
            </span>
            {state.matches('failed') && (
              <p className="xt-report__problem" role="alert">
                {context.error}
              </p>
            )}
            {state.matches('failed') ? (
              <button type="button" className="xt-btn xt-btn--primary" onClick={() => send({ type: 'RETRY' })}>
                重新提交
              </button>
            ) : (
              <button type="submit" className="xt-btn xt-btn--primary" disabled={busy}>
                {busy ? REPORT_TEXTS.markSubmitting : REPORT_TEXTS.markSubmit}
              </button>
            )}
          </div>
        </form>
      )}
    </main>
  );
}
