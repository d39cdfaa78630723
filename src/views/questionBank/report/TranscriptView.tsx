/**
 * transcript/{recordId}/{paperId} (成绩单): the score against the pass mark, the time used, right /
 * wrong / unanswered, lines by type and by section, and how everyone did on the paper. A record
 * still waiting for self-marking says so and links to the marking page.
 */
import { Link } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { PaperReport, RecordReport, ScoreLine } from '../../../domain/questionBank/contract';
import { formatUsedTime, linePercent } from '../../../domain/questionBank/report';
import { REPORT_TEXTS } from '../../../domain/questionBank/report.texts';
import { formatScore } from '../../../domain/questionBank/scoring';
import { QB_TEXTS } from '../../../domain/questionBank/texts';
import { transcriptMachine } from '../../../machines/questionBank/transcript.machine';
import { pages, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { ReportMissing } from './ReportMissing';
import '../report.css';

function LineTable({ caption, lines }: { caption: string; lines: readonly ScoreLine[] }) {
  if (lines.length === 0) return null;
  return (
    <div className="xt-report__table-wrap">
      <table className="xt-report__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{caption === REPORT_TEXTS.byType ? '题型' : '章节'}</th>
            <th scope="col">题数</th>
            <th scope="col">答对</th>
            <th scope="col">得分</th>
            <th scope="col">得分率</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => {
            const percent = linePercent(line.scoreTenths, line.fullTenths);
            return (
              <tr key={line.label}>
                <th scope="row">{line.label}</th>
                <td>{line.count}</td>
                <td>{line.correct}</td>
                <td>
                  {formatScore(line.scoreTenths)}/{formatScore(line.fullTenths)}
                </td>
                <td>
                  <span className="xt-report__rate">
                    <span className="xt-report__bar" aria-hidden="true">
                      {/* The width is the line's share, known only at run time. */}
                      <span className="xt-report__bar-fill" style={{ width: `${percent}%` }} />
                    </span>
                    {percent}%
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function PaperStats({ paper, totalTenths }: { paper: PaperReport; totalTenths: number }) {
  const most = Math.max(1, ...paper.distribution);
  const score = (tenths: number | null) => (tenths === null ? '—' : `${formatScore(tenths)}分`);
  return (
    <section className="xt-report__card" aria-labelledby="xt-report-paper">
      <h2 id="xt-report-paper" className="xt-report__h2">
        {REPORT_TEXTS.paperStats}
      </h2>
      <dl className="xt-report__stats">
        <div>
          <dt>参加人数</dt>
          <dd>{paper.takers}</dd>
        </div>
        <div>
          <dt>平均分</dt>
          <dd>{score(paper.averageTenths)}</dd>
        </div>
        <div>
          <dt>最高分</dt>
          <dd>{score(paper.highestTenths)}</dd>
        </div>
        <div>
          <dt>通过率</dt>
          <dd>{paper.passRate === null ? '—' : `${paper.passRate}%`}</dd>
        </div>
        <div>
          <dt>我的最好成绩</dt>
          <dd>{score(paper.myBestTenths)}</dd>
        </div>
        <div>
          <dt>我的作答次数</dt>
          <dd>{paper.myAttempts}</dd>
        </div>
      </dl>
      {paper.takers === 0 ? (
        <p className="xt-report__muted">{REPORT_TEXTS.noTakers}</p>
      ) : (
        <figure className="xt-report__dist-figure">
          <figcaption>成绩分布（满分{formatScore(totalTenths)}分，每段为总分的10%）</figcaption>
          <ol className="xt-report__dist">
            {paper.distribution.map((count, band) => (
              <li key={band} className="xt-report__dist-band">
                <span className="xt-report__dist-count">{count}人</span>
                <span className="xt-report__dist-col" aria-hidden="true">
                  {/* The height is the band's share of the largest band, known only at run time. */}
                  <span className="xt-report__dist-fill" style={{ height: `${Math.round((count * 100) / most)}%` }} />
                </span>
                <span className="xt-report__dist-label">
                  {band * 10}–{band === 9 ? 100 : band * 10 + 10}%
                </span>
              </li>
            ))}
          </ol>
        </figure>
      )}
    </section>
  );
}

function Transcript({ report, paper, recordId }: { report: RecordReport; paper: PaperReport | null; recordId: number }) {
  const { record } = report;
  const analysis =
    record.source === 'WRONG' || record.source === 'FAVORITE'
      ? paths.recordAnalysis(record.source === 'WRONG' ? 'wrong' : 'favorite', { recordId })
      : paths.paperAnalysis(report.paperId ?? record.sourceId, recordId);
  return (
    <>
      <section className="xt-report__card xt-report__summary" aria-label="成绩">
        <p className="xt-report__score">
          <strong>{formatScore(record.scoreTenths ?? 0)}</strong>
          <span> / {formatScore(record.totalScoreTenths)}分</span>
        </p>
        {report.passed !== null && (
          <p className={`xt-report__verdict xt-report__verdict--${report.passed ? 'pass' : 'fail'}`}>
            {report.passed ? REPORT_TEXTS.passed : REPORT_TEXTS.failed}
            {report.passScoreTenths !== null && `（及格线${formatScore(report.passScoreTenths)}分）`}
          </p>
        )}
        <dl className="xt-report__stats">
          <div>
            <dt>用时</dt>
            <dd>{formatUsedTime(report.usedSeconds)}</dd>
          </div>
          <div>
            <dt>答对</dt>
            <dd>{report.correctCount}题</dd>
          </div>
          <div>
            <dt>答错</dt>
            <dd>{report.wrongCount}题</dd>
          </div>
          <div>
            <dt>未答</dt>
            <dd>{report.unansweredCount}题</dd>
          </div>
        </dl>
        <nav className="xt-report__actions" aria-label="成绩单操作">
          <Link href={analysis} className="xt-btn xt-btn--primary">
            {REPORT_TEXTS.viewAnalysis}
          </Link>
          {report.paperId !== null && (
            <>
              <Link href={paths.answer(report.paperId)} className="xt-btn">
                {REPORT_TEXTS.retake}
              </Link>
              <Link href={paths.paperDetail(report.paperId)} className="xt-btn">
                {REPORT_TEXTS.backToPaper}
              </Link>
            </>
          )}
        </nav>
      </section>
      <section className="xt-report__card" aria-label="得分明细">
        <LineTable caption={REPORT_TEXTS.byType} lines={report.byType} />
        <LineTable caption={REPORT_TEXTS.bySection} lines={report.bySection} />
      </section>
      {paper && <PaperStats paper={paper} totalTenths={record.totalScoreTenths} />}
    </>
  );
}

export default function TranscriptView({ params }: RouteViewProps) {
  const recordId = pages.transcript.parse(params)?.recordId ?? null;
  if (recordId === null) return <ReportMissing title={REPORT_TEXTS.transcriptTitle} message={QB_TEXTS.recordNotFound} />;
  return <TranscriptPage key={recordId} recordId={recordId} />;
}

function TranscriptPage({ recordId }: { recordId: number }) {
  const [state, send] = useFlow(transcriptMachine, { input: { recordId } });
  const data = state.context.data;
  usePageTitle(REPORT_TEXTS.transcriptTitle);
  return (
    <div className="xt-report">
      <header className="xt-report__head">
        <h1 className="xt-report__title">{REPORT_TEXTS.transcriptTitle}</h1>
        {data && <p className="xt-report__name">{data.report.record.name}</p>}
      </header>
      {state.matches('loading') && <LoadingState fill />}
      {state.matches('failed') && <ErrorState message={state.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />}
      {state.matches('marking') && data && (
        <section className="xt-report__card xt-report__notice" role="status">
          <p>{REPORT_TEXTS.stillMarking(data.report.toMark)}</p>
          <Link href={paths.paperMark(recordId)} className="xt-btn xt-btn--primary">
            {REPORT_TEXTS.goMark}
          </Link>
        </section>
      )}
      {state.matches('loaded') && data && <Transcript report={data.report} paper={data.paper} recordId={recordId} />}
    </div>
  );
}
