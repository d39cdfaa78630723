/** learn-center-analyze/{paperId}/{recordId} (试卷解析): every answer of a handed-in paper beside its key. */
import { REPORT_TEXTS } from '../../../domain/questionBank/report.texts';
import { QB_TEXTS } from '../../../domain/questionBank/texts';
import { pages, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { AnalysisPage } from './AnalysisPage';
import { ReportMissing } from './ReportMissing';

export default function PaperAnalysisView({ params }: RouteViewProps) {
  const route = pages.paperAnalysis.parse(params);
  if (!route) return <ReportMissing title={REPORT_TEXTS.analysisTitle} message={QB_TEXTS.recordNotFound} />;
  const { paperId, recordId } = route;
  return (
    <AnalysisPage
      key={recordId}
      source={{ kind: 'record', recordId }}
      title={REPORT_TEXTS.analysisTitle}
      links={{
        filter: (filter) => paths.paperAnalysis(paperId, recordId, { filter }),
        page: () => paths.paperAnalysis(paperId, recordId),
        back: { href: paths.transcript(recordId, paperId), label: REPORT_TEXTS.transcriptTitle },
      }}
    />
  );
}
