/** learn-center/{paperId}/{recordId?}(?mode=practice): a paper in exam or practice mode; the transcript after the hand-in. */
import { useCallback } from 'react';
import { useSearch } from 'wouter';
import type { RecordSummary } from '../../domain/questionBank/contract';
import { QB_TEXTS } from '../../domain/questionBank/texts';
import { pages, paths } from '../../paths';
import type { RouteViewProps } from '../../routeTypes';
import { AnswerLinkBroken } from './AnswerLinkBroken';
import { AnswerScreen } from './AnswerView';

export default function PaperAnswerView({ params }: RouteViewProps) {
  const route = pages.answer.parse(params);
  const practice = new URLSearchParams(useSearch()).get('mode') === 'practice';
  if (!route) return <AnswerLinkBroken message={QB_TEXTS.paperNotFound} />;
  return <PaperAnswer key={`${route.paperId}/${route.recordId ?? ''}`} paperId={route.paperId} recordId={route.recordId} practice={practice} />;
}

function PaperAnswer({ paperId, recordId, practice }: { paperId: number; recordId: number | null; practice: boolean }) {
  const after = useCallback((result: RecordSummary) => paths.transcript(result.id, paperId), [paperId]);
  return (
    <AnswerScreen
      input={{ source: 'PAPER', sourceId: paperId, recordId, mode: practice ? 'PRACTICE' : 'EXAM' }}
      after={after}
      back={paths.paperDetail(paperId)}
    />
  );
}
