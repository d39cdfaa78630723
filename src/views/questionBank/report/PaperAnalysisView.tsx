/** learn-center-analyze/{paperId}/{recordId} (试卷解析): every answer of a handed-in paper beside its key. */
import { REPORT_TEXTS } from '../../../domain/questionBank/report.texts';
import { paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { AnalysisPage } from './AnalysisPage';

export default function PaperAnalysisView({ params }: RouteViewProps) {
  const paperId = Number(params.paperId);
  const recordId = Number(params.recordId);
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
