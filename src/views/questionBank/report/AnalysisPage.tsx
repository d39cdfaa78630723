/**
 * The analysis pages on the analysis statechart: a record's answers (learn-center-analyze and a
 * practice record of learn-center-analyze-record) with 全部 / 只看错题 in the URL, or a page of the
 * wrong book / favourites of a subject. Each question has its 收藏 toggle and 纠错.
 */
import { Link, useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { AnalysisItem, UserQuestionItem } from '../../../domain/questionBank/contract';
import { QUESTION_TYPE_LABELS } from '../../../domain/questionBank/contract';
import { analysisFilterOf, isWrongItem } from '../../../domain/questionBank/report';
import { REPORT_TEXTS, VERDICT_LABELS } from '../../../domain/questionBank/report.texts';
import { formatScore } from '../../../domain/questionBank/scoring';

import { paths, PATTERNS } from '../../../paths';
import { analysisMachine, type AnalysisSource } from '../../../machines/questionBank/analysis.machine';
import { EmptyState, ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { FeedbackDialog } from './FeedbackDialog';
import { KeyBlock, KeyedOptions, QuestionTools } from './QuestionKeyParts';
import '../report.css';

interface Tools {
  favorites: Record<number, boolean>;
  saving: boolean;
  onToggleFavorite: (questionId: number) => void;
  onFeedback: (questionId: number) => void;
}

function AnalysisCard({ item, tools }: { item: AnalysisItem; tools: Tools }) {
  const { question, key } = item;
  const id = `xt-analysis-${question.id}`;
  return (
    <li>
      <article className="xt-report__card xt-report__question" aria-labelledby={id}>
        <header className="xt-report__question-bar">
          <h2 className="xt-report__question-head" id={id}>
            第{question.no}题 · {QUESTION_TYPE_LABELS[question.type]}
          </h2>
          <span className={`xt-report__badge xt-report__badge--${item.verdict.toLowerCase()}`}>{VERDICT_LABELS[item.verdict]}</span>
          <span className="xt-report__muted">
            得分 {formatScore(item.scoreTenths)}/{formatScore(question.scoreTenths)}
          </span>
          <QuestionTools
            favorite={tools.favorites[question.id] ?? false}
            saving={tools.saving}
            onToggleFavorite={() => tools.onToggleFavorite(question.id)}
            onFeedback={() => tools.onFeedback(question.id)}
          />
        </header>
        {item.caseStem && (
          <section className="xt-report__case" aria-label={REPORT_TEXTS.caseMaterial}>
            <p className="xt-report__pre">{item.caseStem}</p>
          </section>
        )}
        <p className="xt-report__pre xt-report__stem">{question.stem}</p>
        <KeyedOptions question={question} answerKey={key} chosen={item.answer} />
        <KeyBlock question={question} answerKey={key} answer={item.answer} />
        <p className="xt-report__muted">{REPORT_TEXTS.correctRate(item.correctRate)}</p>
      </article>
    </li>
  );
}

function BookCard({ item, tools, wrongBook }: { item: UserQuestionItem; tools: Tools; wrongBook: boolean }) {
  const { question } = item;
  const id = `xt-book-${question.id}`;
  const subKey = (questionId: number) => item.subKeys.find((key) => key.questionId === questionId);
  return (
    <li>
      <article className="xt-report__card xt-report__question" aria-labelledby={id}>
        <header className="xt-report__question-bar">
          <h2 className="xt-report__question-head" id={id}>
            {QUESTION_TYPE_LABELS[question.type]}
          </h2>
          {wrongBook && <span className="xt-report__badge xt-report__badge--wrong">{REPORT_TEXTS.wrongCount(item.wrongCount)}</span>}
          <QuestionTools
            favorite={tools.favorites[question.id] ?? false}
            saving={tools.saving}
            onToggleFavorite={() => tools.onToggleFavorite(question.id)}
            onFeedback={() => tools.onFeedback(question.id)}
          />
        </header>
        <p className="xt-report__pre xt-report__stem">{question.stem}</p>
        {question.subs.length === 0 ? (
          <>
            <KeyedOptions question={question} answerKey={item.key} chosen={null} />
            <KeyBlock question={question} answerKey={item.key} answer={null} />
          </>
        ) : (
          <ol className="xt-report__subs">
            {question.subs.map((sub) => {
              const key = subKey(sub.id);
              return (
                <li key={sub.id}>
                  <p className="xt-report__pre">
                    （{sub.no}）{sub.stem}
                  </p>
                  {key && (
                    <>
                      <KeyedOptions question={sub} answerKey={key} chosen={null} />
                      <KeyBlock question={sub} answerKey={key} answer={null} />
                    </>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </article>
    </li>
  );
}

function FilterLinks({ all, wrong, filter }: { all: string; wrong: string; filter: 'all' | 'wrong' }) {
  return (
    <nav aria-label="筛选题目">
      <ul className="xt-report__filters">
        <li>
          <Link href={all} className="xt-report__filter" aria-current={filter === 'all' ? 'page' : undefined}>
            {REPORT_TEXTS.filterAll}
          </Link>
        </li>
        <li>
          <Link href={wrong} className="xt-report__filter" aria-current={filter === 'wrong' ? 'page' : undefined}>
            {REPORT_TEXTS.filterWrong}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** Where 全部 / 只看错题 and 上一页 / 下一页 lead, and where the page goes back to. */
export interface AnalysisLinks {
  filter: (filter: 'wrong' | null) => string;
  page: (page: number) => string;
  back: { href: string; label: string };
}

export function AnalysisPage({ source, title, links }: { source: AnalysisSource; title: string; links: AnalysisLinks }) {
  const [state, send] = useFlow(analysisMachine, { input: { source } });
  const filter = analysisFilterOf(useSearch());
  const { context } = state;
  usePageTitle(title);
  const tools: Tools = {
    favorites: context.favorites,
    saving: state.matches({ loaded: { favorite: 'saving' } }),
    onToggleFavorite: (questionId) => send({ type: 'TOGGLE_FAVORITE', questionId }),
    onFeedback: (questionId) => send({ type: 'OPEN_FEEDBACK', questionId }),
  };
  const data = context.data;

  return (
    <main className="xt-report xt-report--bare">
      <header className="xt-report__head">
        <Link href={links.back.href} className="xt-report__back">
          ‹ {links.back.label}
        </Link>
        <h1 className="xt-report__title">{title}</h1>
        {data?.kind === 'record' && <p className="xt-report__name">{data.record.name}</p>}
      </header>
      {context.favoriteError && (
        <p className="xt-report__problem" role="alert">
          {context.favoriteError}
        </p>
      )}
      {state.matches('loading') && <LoadingState fill />}
      {state.matches('failed') && <ErrorState message={context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />}
      {data?.kind === 'record' && state.matches('loaded') && <RecordItems items={data.items} filter={filter} links={links} tools={tools} />}
      {data?.kind === 'book' && state.matches('loaded') && (
        <>
          {source.kind === 'book' && data.page.records.length > 0 && (
            <p className="xt-report__actions">
              <Link href={paths.practiceRecord(data.book === 'WRONG' ? 'wrong' : 'favorite', source.subjectId)} className="xt-btn xt-btn--primary">
                {REPORT_TEXTS.practiceThese}
              </Link>
              <span className="xt-report__muted">共{data.page.total}题</span>
            </p>
          )}
          {data.page.records.length === 0 ? (
            <EmptyState message={REPORT_TEXTS.emptyBook[data.book]} action={<Link href={`${PATTERNS.questionBankHome}`}>去题库做题</Link>} />
          ) : (
            <ol className="xt-report__list">
              {data.page.records.map((item) => (
                <BookCard key={item.question.id} item={item} tools={tools} wrongBook={data.book === 'WRONG'} />
              ))}
            </ol>
          )}
          <Pager current={data.page.current} size={data.page.size} total={data.page.total} link={links.page} />
        </>
      )}
      {state.matches({ loaded: { feedback: 'closed' } }) || !context.feedback ? null : (
        <FeedbackDialog
          draft={context.feedback}
          error={context.feedbackError}
          sending={state.matches({ loaded: { feedback: 'sending' } })}
          thanks={state.matches({ loaded: { feedback: 'sent' } }) ? context.feedbackThanks : null}
          onEdit={(change) => send({ type: 'EDIT_FEEDBACK', ...change })}
          onSend={() => send({ type: 'SEND_FEEDBACK' })}
          onClose={() => send({ type: 'CLOSE_FEEDBACK' })}
        />
      )}
    </main>
  );
}

function RecordItems({ items, filter, links, tools }: { items: AnalysisItem[]; filter: 'all' | 'wrong'; links: AnalysisLinks; tools: Tools }) {
  const shown = filter === 'wrong' ? items.filter(isWrongItem) : items;
  return (
    <>
      <FilterLinks all={links.filter(null)} wrong={links.filter('wrong')} filter={filter} />
      {shown.length === 0 ? (
        <EmptyState message={REPORT_TEXTS.noWrong} />
      ) : (
        <ol className="xt-report__list">
          {shown.map((item) => (
            <AnalysisCard key={item.question.id} item={item} tools={tools} />
          ))}
        </ol>
      )}
    </>
  );
}

function Pager({ current, size, total, link }: { current: number; size: number; total: number; link: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="xt-report__pager" aria-label="分页">
      {current > 1 ? <Link href={link(current - 1)}>上一页</Link> : <span aria-hidden="true" />}
      <span>
        第{current}/{pages}页
      </span>
      {current < pages ? <Link href={link(current + 1)}>下一页</Link> : <span aria-hidden="true" />}
    </nav>
  );
}
