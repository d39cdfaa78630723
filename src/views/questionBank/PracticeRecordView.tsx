/**
 * learn-center-record/{section|wrong|favorite}?sourceId=…(&recordId=…): practice of a chapter
 * section, or of the wrong book or favourites of a subject; its analysis after the hand-in.
 */
import { useCallback } from 'react';
import { Link, useSearch } from 'wouter';
import type { RecordSummary } from '../../domain/questionBank/contract';
import { PRACTICE_KINDS, practiceKindOf } from '../../domain/questionBank/tabs';
import { paths } from '../../paths';
import type { RouteViewProps } from '../../routeTypes';
import { AnswerScreen } from './AnswerView';

export default function PracticeRecordView({ params }: RouteViewProps) {
  const kind = practiceKindOf(params.questionType);
  const search = new URLSearchParams(useSearch());
  const sourceId = Number(search.get('sourceId'));
  const recordId = Number(search.get('recordId')) || null;
  const after = useCallback((result: RecordSummary) => paths.recordAnalysis(kind ?? 'section', { recordId: result.id }), [kind]);
  if (!kind || !Number.isInteger(sourceId) || sourceId <= 0) {
    return (
      <main className="xt-answer xt-answer--loading">
        <p role="alert">练习链接不完整，请从题库重新进入</p>
        <Link href={paths.questionBankHome()} className="xt-btn xt-btn--primary">
          返回题库
        </Link>
      </main>
    );
  }
  return (
    <AnswerScreen
      key={`${kind}/${sourceId}/${recordId ?? ''}`}
      input={{ source: PRACTICE_KINDS[kind], sourceId, recordId, mode: 'PRACTICE' }}
      after={after}
      back={kind === 'section' ? paths.questionBankHome() : paths.questionBankRecord()}
    />
  );
}
