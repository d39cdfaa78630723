/**
 * learn-center-analyze-record/{wrong|favorite}/{recordId?}: with a record, the analysis of that
 * practice of the wrong book or favourites; without, the wrong book / favourites of ?subjectId=
 * (paged by ?page=) with their keys and explanations.
 */
import { Link, useSearch } from 'wouter';
import { userQuestionKindOf } from '../../../domain/questionBank/report';
import { REPORT_TEXTS } from '../../../domain/questionBank/report.texts';
import { paths, PATTERNS } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { EmptyState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { AnalysisPage } from './AnalysisPage';
import '../report.css';

function positive(text: string | null): number | null {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function Missing({ message }: { message: string }) {
  usePageTitle(REPORT_TEXTS.analysisTitle);
  return (
    <main className="xt-report xt-report--bare">
      <h1 className="xt-report__title">{REPORT_TEXTS.analysisTitle}</h1>
      <EmptyState message={message} action={<Link href={`${PATTERNS.questionBankRecord}?tab=2`}>去做题记录</Link>} />
    </main>
  );
}

export default function RecordAnalysisView({ params }: RouteViewProps) {
  const search = new URLSearchParams(useSearch());
  const book = userQuestionKindOf(params.questionType);
  const sectionRecord = params.questionType === 'section' ? positive(params.recordId ?? null) : null;
  // A chapter section's practice (learn-center-record/section) leads here after its hand-in.
  if (sectionRecord !== null) {
    return (
      <AnalysisPage
        key={sectionRecord}
        source={{ kind: 'record', recordId: sectionRecord }}
        title={`章节练习 · ${REPORT_TEXTS.analysisTitle}`}
        links={{
          filter: (filter) => paths.recordAnalysis('section', { recordId: sectionRecord, filter }),
          page: () => paths.recordAnalysis('section', { recordId: sectionRecord }),
          back: { href: paths.questionBankHome(), label: '题库首页' },
        }}
      />
    );
  }
  if (!book) return <Missing message="页面地址有误：只能查看错题或收藏" />;
  const kind = book === 'WRONG' ? 'wrong' : 'favorite';
  const title = book === 'WRONG' ? REPORT_TEXTS.wrongBookTitle : REPORT_TEXTS.favoriteTitle;
  const back = { href: `${PATTERNS.questionBankRecord}?tab=${book === 'WRONG' ? 2 : 3}`, label: '做题记录' };
  const recordId = positive(params.recordId ?? null);
  if (recordId !== null) {
    return (
      <AnalysisPage
        key={recordId}
        source={{ kind: 'record', recordId }}
        title={`${title} · ${REPORT_TEXTS.analysisTitle}`}
        links={{
          filter: (filter) => paths.recordAnalysis(kind, { recordId, filter }),
          page: () => paths.recordAnalysis(kind, { recordId }),
          back,
        }}
      />
    );
  }
  const subjectId = positive(search.get('subjectId'));
  if (subjectId === null) return <Missing message={REPORT_TEXTS.pickSubject} />;
  const page = positive(search.get('page')) ?? 1;
  return (
    <AnalysisPage
      key={`${kind}-${subjectId}-${page}`}
      source={{ kind: 'book', book, subjectId, page }}
      title={title}
      links={{
        filter: () => paths.recordAnalysis(kind, { subjectId }),
        page: (to) => paths.recordAnalysis(kind, { subjectId, page: to }),
        back,
      }}
    />
  );
}
