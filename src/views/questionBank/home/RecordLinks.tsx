import { Link } from 'wouter';
import type { RecordSummary } from '../../../domain/questionBank/contract';
import { QB_HOME_TEXTS as T } from '../../../domain/questionBank/home.texts';
import { practiceKindOfSource } from '../../../domain/questionBank/tabs';
import { paths } from '../../../paths';

/** What a record leads to: continue (DOING), self-marking (MARKING), the transcript and analysis (DONE). */
export function RecordLinks({ record }: { record: RecordSummary }) {
  const paperId = record.source === 'PAPER' ? record.sourceId : null;
  const kind = practiceKindOfSource(record.source);
  if (record.state === 'DOING') {
    const href =
      paperId !== null ? paths.answer(paperId, { recordId: record.id }) : kind ? paths.practiceRecord(kind, record.sourceId, { recordId: record.id }) : null;
    return href ? (
      <Link href={href} className="xt-btn xt-btn--primary">
        {T.continueAnswer}
      </Link>
    ) : null;
  }
  if (record.state === 'MARKING')
    return (
      <Link href={paths.paperMark(record.id)} className="xt-btn xt-btn--primary">
        {T.toMark}
      </Link>
    );
  if (paperId === null)
    return kind ? (
      <Link href={paths.recordAnalysis(kind, { recordId: record.id })} className="xt-btn">
        {T.analysis}
      </Link>
    ) : null;
  return (
    <>
      <Link href={paths.transcript(record.id, paperId)} className="xt-btn">
        {T.transcript}
      </Link>
      <Link href={paths.paperAnalysis(paperId, record.id)} className="xt-btn">
        {T.analysis}
      </Link>
    </>
  );
}
