/** learn-center/{paperId}/{recordId?}(?mode=practice): a paper in exam or practice mode; the transcript after the hand-in. */
import { useCallback } from 'react';
import { useSearch } from 'wouter';
import type { RecordSummary } from '../../domain/questionBank/contract';
import { paths } from '../../paths';
import type { RouteViewProps } from '../../routeTypes';
import { AnswerScreen } from './AnswerView';

export default function PaperAnswerView({ params }: RouteViewProps) {
  const paperId = Number(params.paperId);
  const recordId = params.recordId ? Number(params.recordId) : null;
  const practice = new URLSearchParams(useSearch()).get('mode') === 'practice';
  const after = useCallback((result: RecordSummary) => paths.transcript(result.id, paperId), [paperId]);
  return (
    <AnswerScreen
      key={`${paperId}/${recordId ?? ''}`}
      input={{ source: 'PAPER', sourceId: paperId, recordId, mode: practice ? 'PRACTICE' : 'EXAM' }}
      after={after}
      back={paths.paperDetail(paperId)}
    />
  );
}
