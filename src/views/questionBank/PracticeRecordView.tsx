/**
 * learn-center-record/{section|wrong|favorite}?sourceId=…(&recordId=…): practice of a chapter
 * section, or of the wrong book or favourites of a subject; its analysis after the hand-in.
 */
import { useCallback } from 'react';
import { useSearch } from 'wouter';
import type { RecordSummary } from '../../domain/questionBank/contract';
import { PRACTICE_KINDS } from '../../domain/questionBank/tabs';
import { pages, parseId, paths } from '../../paths';
import type { RouteViewProps } from '../../routeTypes';
import { AnswerLinkBroken } from './AnswerLinkBroken';
import { AnswerScreen } from './AnswerView';

export default function PracticeRecordView({ params }: RouteViewProps) {
  const kind = pages.practiceRecord.parse(params)?.kind ?? null;
  const search = new URLSearchParams(useSearch());
  const sourceId = parseId(search.get('sourceId'));
  const recordId = parseId(search.get('recordId'));
  const after = useCallback((result: RecordSummary) => paths.recordAnalysis(kind ?? 'section', { recordId: result.id }), [kind]);
  if (!kind || sourceId === null) return <AnswerLinkBroken message="练习链接不完整，请从题库重新进入" />;
  return (
    <AnswerScreen
      key={`${kind}/${sourceId}/${recordId ?? ''}`}
      input={{ source: PRACTICE_KINDS[kind], sourceId, recordId, mode: 'PRACTICE' }}
      after={after}
      back={kind === 'section' ? paths.questionBankHome() : paths.questionBankRecord()}
    />
  );
}
