/**
 * learn-center-analyze-record/{wrong|favorite}/{recordId?}: with a record, the analysis of that
 * practice of the wrong book or favourites; without, the wrong book / favourites of ?subjectId=
 * (paged by ?page=) with their keys and explanations.
 */
import { useSearch } from 'wouter';
import { userQuestionKindOf } from '../../../domain/questionBank/report';
import { REPORT_TEXTS } from '../../../domain/questionBank/report.texts';
import { pages, parseId, paths, PATTERNS } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { AnalysisPage } from './AnalysisPage';
import { ReportMissing } from './ReportMissing';

function Missing({ message }: { message: string }) {
  return <ReportMissing title={REPORT_TEXTS.analysisTitle} message={message} tab={2} />;
}

export default function RecordAnalysisView({ params }: RouteViewProps) {
  const search = new URLSearchParams(useSearch());
  const route = pages.recordAnalysis.parse(params);
  const sectionRecord = route?.kind === 'section' ? route.recordId : null;
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
  const book = userQuestionKindOf(route?.kind);
  if (!book) return <Missing message="页面地址有误：只能查看错题或收藏" />;
  const kind = book === 'WRONG' ? 'wrong' : 'favorite';
  const title = book === 'WRONG' ? REPORT_TEXTS.wrongBookTitle : REPORT_TEXTS.favoriteTitle;
  const back = { href: `${PATTERNS.questionBankRecord}?tab=${book === 'WRONG' ? 2 : 3}`, label: '做题记录' };
  const recordId = route?.recordId ?? null;
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
  const subjectId = parseId(search.get('subjectId'));
  if (subjectId === null) return <Missing message={REPORT_TEXTS.pickSubject} />;
  const page = parseId(search.get('page')) ?? 1;
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
