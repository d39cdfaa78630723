/**
 * learn-center-analyze-record/{wrong|favorite}/{recordId?}: with a record, the analysis of that
 * practice of the wrong book or favourites; without, the wrong book / favourites of ?subjectId=
 * (paged by ?page=) with their keys and explanations. A record of a chapter section, of 今日复习 or
 * of 智能练习 (section|review|smart/{recordId}) has its analysis the same way, back to the home.
 */
import { useSearch } from 'wouter';
import { userQuestionKindOf } from '../../../domain/questionBank/report';
import { REPORT_TEXTS } from '../../../domain/questionBank/report.texts';
import { REVIEW_TEXTS } from '../../../domain/questionBank/review.texts';
import { pages, parseId, paths, PATTERNS } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { AnalysisPage } from './AnalysisPage';
import { ReportMissing } from './ReportMissing';

/** The practices of the home (a section, 今日复习, 智能练习): their records' analysis leads back there. */
const HOME_PRACTICE_TITLES = { section: '章节练习', review: REVIEW_TEXTS.reviewAnalysisTitle, smart: REVIEW_TEXTS.smartAnalysisTitle } as const;
type HomePractice = keyof typeof HOME_PRACTICE_TITLES;
const isHomePractice = (kind: string | undefined): kind is HomePractice => kind !== undefined && kind in HOME_PRACTICE_TITLES;

function Missing({ message }: { message: string }) {
  return <ReportMissing title={REPORT_TEXTS.analysisTitle} message={message} tab={2} />;
}

export default function RecordAnalysisView({ params }: RouteViewProps) {
  const search = new URLSearchParams(useSearch());
  const route = pages.recordAnalysis.parse(params);
  const practice = isHomePractice(route?.kind) ? route.kind : null;
  const practiceRecord = practice !== null ? (route?.recordId ?? null) : null;
  // A chapter section's practice, 今日复习 or 智能练习 (learn-center-record/…) leads here after its hand-in.
  if (practice !== null && practiceRecord !== null) {
    return (
      <AnalysisPage
        key={`${practice}-${practiceRecord}`}
        source={{ kind: 'record', recordId: practiceRecord }}
        title={`${HOME_PRACTICE_TITLES[practice]} · ${REPORT_TEXTS.analysisTitle}`}
        links={{
          filter: (filter) => paths.recordAnalysis(practice, { recordId: practiceRecord, filter }),
          page: () => paths.recordAnalysis(practice, { recordId: practiceRecord }),
          back: { href: paths.questionBankHome(), label: REVIEW_TEXTS.backHome },
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
