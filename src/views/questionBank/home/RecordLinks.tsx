import { Link } from 'wouter';
import type { RecordSummary } from '../../../domain/questionBank/contract';
import { QB_HOME_TEXTS as T } from '../../../domain/questionBank/home.texts';
import { paths } from '../../../paths';

/** What a record leads to: continue (DOING), self-marking (MARKING), the transcript and analysis (DONE, papers). */
export function RecordLinks({ record }: { record: RecordSummary }) {
  const paperId = record.source === 'PAPER' ? record.sourceId : null;
  if (record.state === 'DOING')
    return paperId !== null ? (
      <Link href={paths.answer(paperId, { recordId: record.id })} className="xt-btn xt-btn--primary">
        {T.continueAnswer}
      </Link>
    ) : null;
  if (record.state === 'MARKING')
    return (
      <Link href={paths.paperMark(record.id)} className="xt-btn xt-btn--primary">
        {T.toMark}
      </Link>
    );
  if (paperId === null) return null;
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
