/**
 * learn-center-record/{section|wrong|favorite|review|smart}?sourceId=…(&recordId=…)(&size=…): practice
 * of a chapter section, of the wrong book or favourites of a subject, 今日复习 or 智能练习 of a
 * subject (a new one of `size` questions); its analysis after the hand-in.
 */
import { useCallback } from 'react';
import { useSearch } from 'wouter';
import type { RecordSummary } from '../../domain/questionBank/contract';
import { smartSizeOf } from '../../domain/questionBank/limits';
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
  const size = kind === 'smart' ? smartSizeOf(search.get('size')) : null;
  const after = useCallback((result: RecordSummary) => paths.recordAnalysis(kind ?? 'section', { recordId: result.id }), [kind]);
  if (!kind || sourceId === null || (kind === 'smart' && recordId === null && size === null))
    return <AnswerLinkBroken message="练习链接不完整，请从题库重新进入" />;
  return (
    <AnswerScreen
      key={`${kind}/${sourceId}/${recordId ?? ''}`}
      input={{ source: PRACTICE_KINDS[kind], sourceId, recordId, mode: 'PRACTICE', size }}
      after={after}
      back={kind === 'section' || kind === 'review' || kind === 'smart' ? paths.questionBankHome() : paths.questionBankRecord()}
    />
  );
}
