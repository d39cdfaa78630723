import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { RecordSummary, UserQuestionKind, UserQuestionSubject } from '../../../domain/questionBank/contract';
import { QB_HOME_TEXTS as T } from '../../../domain/questionBank/home.texts';
import { formatScore } from '../../../domain/questionBank/scoring';
import { formatDateTime } from '../../../domain/shared/format';
import { myQuestionBankMachine, type MyQbRemoval } from '../../../machines/questionBank/myQuestionBank.machine';
import { paths } from '../../../paths';
import { EmptyState, ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { ConfirmDialog } from '../../shared/ConfirmDialog';
import { RecordLinks } from './RecordLinks';
import '../home.css';

function RecordList({ records, onDelete }: { records: readonly RecordSummary[]; onDelete: (ids: number[]) => void }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const ids = records.map((r) => r.id).filter((id) => selected.has(id));
  const toggle = (id: number) =>
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      <div className="xt-qbhome__actions">
        <label>
          <input
            type="checkbox"
            checked={ids.length === records.length}
            onChange={(e) => setSelected(new Set(e.target.checked ? records.map((r) => r.id) : []))}
          />{' '}
          {T.selectAll}
        </label>
        <button type="button" className="xt-btn" disabled={ids.length === 0} onClick={() => onDelete(ids)}>
          {T.deleteSelected(ids.length)}
        </button>
      </div>
      <ul className="xt-qbhome__records">
        {records.map((r) => (
          <li key={r.id} className="xt-qbhome__record" data-testid="qb-record">
            <input type="checkbox" checked={selected.has(r.id)} onChange={() => toggle(r.id)} aria-label={T.select(r.name)} />
            <div className="xt-qbhome__record-text">
              <span className="xt-qbhome__paper-name">{r.name}</span>
              <p className="xt-qbhome__meta">
                <span>{T.modeLabels[r.mode]}</span>
                <span>{T.stateLabels[r.state]}</span>
                {r.scoreTenths !== null ? (
                  <span>{T.score(formatScore(r.scoreTenths), formatScore(r.totalScoreTenths))}</span>
                ) : (
                  <span>{T.answered(r.answeredCount, r.questionCount)}</span>
                )}
                <span>{formatDateTime(new Date(r.startedAt))}</span>
              </p>
            </div>
            <div className="xt-qbhome__actions">
              <RecordLinks record={r} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function SubjectList({
  kind,
  subjects,
  onClear,
}: {
  kind: UserQuestionKind;
  subjects: readonly UserQuestionSubject[];
  onClear: (s: UserQuestionSubject) => void;
}) {
  const path = kind === 'WRONG' ? 'wrong' : 'favorite';
  return (
    <ul className="xt-qbhome__subjects">
      {subjects.map((s) => (
        <li key={s.subjectId} className="xt-qbhome__subject" data-testid="qb-subject">
          <span className="xt-qbhome__section-name xt-qbhome__section-name--chapter">{s.subjectName}</span>
          <span className="xt-qbhome__section-count">{T.subjectCount(s.count)}</span>
          <div className="xt-qbhome__actions">
            <Link href={paths.practiceRecord(path, s.subjectId)} className="xt-btn xt-btn--primary">
              {kind === 'WRONG' ? T.practiceWrong : T.practiceFavorite}
            </Link>
            <Link href={paths.recordAnalysis(path, { subjectId: s.subjectId })} className="xt-btn">
              {kind === 'WRONG' ? T.viewWrong : T.viewFavorite}
            </Link>
            <button type="button" className="xt-btn" onClick={() => onClear(s)} aria-label={`${T.clear}：${s.subjectName}`}>
              {T.clear}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function removalText(removal: MyQbRemoval): { title: string; body: string } {
  if (removal.type === 'records') return { title: T.deleteTitle, body: T.deleteBody(removal.ids.length) };
  const kind = removal.kind === 'WRONG' ? T.wrongBook : T.favorites;
  return { title: T.clearTitle(kind), body: T.clearBody(removal.subjectName, kind) };
}

/** /question-bank/record?tab=1…3: 做题记录, 错题本, 我的收藏. */
export default function MyQuestionBankView() {
  usePageTitle(T.mineTitle);
  const search = useSearch();
  const params = useMemo(() => {
    const query = new URLSearchParams(search);
    const tab = Number(query.get('tab'));
    const page = Number(query.get('page'));
    return { tab: tab === 2 || tab === 3 ? tab : 1, page: Number.isInteger(page) && page > 0 ? page : 1 };
  }, [search]);
  const [state, send] = useFlow(myQuestionBankMachine, { input: { params } });
  useEffect(() => send({ type: 'PARAMS_CHANGED', params }), [params, send]);
  const { listing, removal } = state.context;
  // A page past the end (its last records deleted, or an old link): step back to the last page.
  const [, navigate] = useLocation();
  const lastPage = listing?.tab === 1 ? Math.max(1, Math.ceil(listing.page.total / Math.max(1, listing.page.size))) : 1;
  const pastTheEnd = state.matches('shown') && listing?.tab === 1 && listing.page.records.length === 0 && params.page > lastPage;
  useEffect(() => {
    if (pastTheEnd) navigate(paths.questionBankRecord({ tab: 1, page: lastPage }), { replace: true });
  }, [pastTheEnd, lastPage, navigate]);
  const ask = (r: MyQbRemoval) => send({ type: 'ASK_REMOVE', removal: r });
  let body;
  if (state.matches('failed')) body = <ErrorState message={state.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />;
  else if (!state.matches('shown') || !listing || pastTheEnd) body = <LoadingState fill />;
  else if (listing.tab === 1) {
    const pages = Math.max(1, Math.ceil(listing.page.total / Math.max(1, listing.page.size)));
    body =
      listing.page.records.length === 0 ? (
        <EmptyState message={T.noRecords} />
      ) : (
        <>
          <RecordList key={params.page} records={listing.page.records} onDelete={(ids) => ask({ type: 'records', ids })} />
          {pages > 1 && (
            <nav className="xt-qbhome__pager" aria-label={T.pageOf(params.page, pages)}>
              {params.page > 1 && <Link href={paths.questionBankRecord({ tab: 1, page: params.page - 1 })}>{T.previous}</Link>}
              <span>{T.pageOf(params.page, pages)}</span>
              {params.page < pages && <Link href={paths.questionBankRecord({ tab: 1, page: params.page + 1 })}>{T.next}</Link>}
            </nav>
          )}
        </>
      );
  } else
    body =
      listing.subjects.length === 0 ? (
        <EmptyState message={listing.kind === 'WRONG' ? T.noWrong : T.noFavorite} />
      ) : (
        <SubjectList
          kind={listing.kind}
          subjects={listing.subjects}
          onClear={(s) => ask({ type: 'clear', kind: listing.kind, subjectId: s.subjectId, subjectName: s.subjectName })}
        />
      );
  const dialog = removal && (state.matches({ shown: 'confirming' }) || state.matches({ shown: 'removing' })) ? removalText(removal) : null;
  return (
    <div className="xt-qbhome">
      <header className="xt-qbhome__head">
        <h1 className="xt-qbhome__title">{T.mineTitle}</h1>
      </header>
      <nav aria-label={T.mineNav}>
        <ul className="xt-qbhome__tabs">
          {T.mineTabs.map((label, i) => (
            <li key={label}>
              <Link href={paths.questionBankRecord({ tab: i + 1 })} className="xt-qbhome__tab" aria-current={params.tab === i + 1 ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {body}
      {dialog && (
        <ConfirmDialog
          title={dialog.title}
          busy={state.matches({ shown: 'removing' })}
          onConfirm={() => send({ type: 'CONFIRM' })}
          onCancel={() => send({ type: 'CANCEL' })}
        >
          <p>{dialog.body}</p>
          {state.context.removeError && <p role="alert">{state.context.removeError}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}
