import { Link } from 'wouter';
import type { PaperListItem } from '../../../domain/questionBank/contract';
import { QB_HOME_TEXTS as T } from '../../../domain/questionBank/home.texts';
import { formatScore } from '../../../domain/questionBank/scoring';
import { paths } from '../../../paths';

/** A tab's papers: time, questions, marks, free or paid, the user's attempts and best, continue. */
export function PaperList({ papers, projectId }: { papers: readonly PaperListItem[]; projectId: number }) {
  return (
    <ul className="xt-qbhome__papers">
      {papers.map((paper) => (
        <li key={paper.id} className="xt-qbhome__paper" data-testid="qb-paper">
          <div className="xt-qbhome__paper-text">
            <h3 className="xt-qbhome__paper-name">
              <Link href={paths.paperDetail(paper.id)}>{paper.name}</Link>
            </h3>
            <p className="xt-qbhome__meta">
              <span>{T.minutes(paper.durationMinutes)}</span>
              <span>{T.questions(paper.questionCount)}</span>
              <span>{T.totalScore(formatScore(paper.totalScoreTenths))}</span>
              <span className={paper.free ? 'xt-qbhome__badge xt-qbhome__badge--free' : 'xt-qbhome__badge'}>{paper.free ? T.free : T.paid}</span>
              {paper.attempts > 0 && <span>{T.attempts(paper.attempts)}</span>}
              {paper.bestScoreTenths !== null && <span>{T.best(formatScore(paper.bestScoreTenths))}</span>}
            </p>
          </div>
          <div className="xt-qbhome__actions">
            {paper.locked ? (
              <Link href={paths.proCourses({ projectId })} className="xt-btn">
                {T.buy}
              </Link>
            ) : paper.doingRecordId !== null ? (
              <Link href={paths.answer(paper.id, { recordId: paper.doingRecordId })} className="xt-btn xt-btn--primary">
                {T.continueAnswer}
              </Link>
            ) : null}
            <Link href={paths.paperDetail(paper.id)} className="xt-btn" aria-label={`${T.view}：${paper.name}`}>
              {T.view}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
