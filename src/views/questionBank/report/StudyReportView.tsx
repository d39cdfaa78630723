/**
 * /question-bank/report?subjectId= (学习报告, issue 22): the totals of the last 30 days (questions
 * answered, accuracy, cards due today), a chart the page draws itself (bars: questions answered per
 * day; line: the day's accuracy; geometry in domain/questionBank/reviewChart.ts) with the same
 * figures in a table for screen readers, and the chapters' mastery.
 */
import { Link, useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { ChapterMasteryView, DailyStat } from '../../../domain/questionBank/contract';
import { REVIEW_TEXTS as T } from '../../../domain/questionBank/review.texts';
import { accuracyPercent, reviewChart, reviewTotals } from '../../../domain/questionBank/reviewChart';
import { studyReportMachine, type StudyReportData } from '../../../machines/questionBank/studyReport.machine';
import { parseId, paths } from '../../../paths';
import { EmptyState, LoadingState } from '../../shared/LoadState';
import { PageDataBody } from '../../shared/PageDataBody';
import { usePageTitle } from '../../shared/usePageTitle';
import { MasteryList } from '../MasteryList';
import './studyReport.css';

const percentText = (percent: number | null) => (percent === null ? T.noFigure : `${percent}%`);

function Chart({ days }: { days: readonly DailyStat[] }) {
  const chart = reviewChart(days);
  const { frame, plot } = chart;
  const totals = reviewTotals(days);
  return (
    <section className="xt-study__card" aria-labelledby="xt-study-chart">
      <h2 id="xt-study-chart" className="xt-study__h2">
        {T.chartTitle}
      </h2>
      <svg
        className="xt-study__svg"
        viewBox={`0 0 ${frame.width} ${frame.height}`}
        role="img"
        aria-label={T.chartLabel(totals.answered, percentText(totals.percent))}
        data-testid="study-chart"
      >
        <g className="xt-study__grid">
          {chart.counts.map((t) => (
            <line key={t.label} x1={plot.left} x2={plot.right} y1={t.at} y2={t.at} />
          ))}
        </g>
        <g className="xt-study__bars">
          {chart.bars.map((b) => (
            <rect key={b.day} data-testid="study-bar" data-day={b.day} x={b.x} y={b.y} width={b.width} height={b.height} rx={1} />
          ))}
        </g>
        {chart.linePath && <path className="xt-study__line" d={chart.linePath} />}
        <g className="xt-study__points">
          {chart.points.map((p) => (
            <circle key={p.day} data-testid="study-point" cx={p.x} cy={p.y} r={2.5} />
          ))}
        </g>
        <g className="xt-study__labels">
          {chart.counts.map((t) => (
            <text key={t.label} x={plot.left - 5} y={t.at} textAnchor="end" dominantBaseline="middle">
              {t.label}
            </text>
          ))}
          {chart.percents.map((t) => (
            <text key={t.label} x={plot.right + 5} y={t.at} textAnchor="start" dominantBaseline="middle">
              {t.label}
            </text>
          ))}
          {chart.days.map((t) => (
            <text key={t.label} data-testid="study-day-label" x={t.at} y={plot.bottom + 16} textAnchor="middle">
              {t.label}
            </text>
          ))}
        </g>
      </svg>
      <ul className="xt-study__legend" aria-hidden="true">
        <li>
          <span className="xt-study__swatch xt-study__swatch--bar" />
          {T.legendAnswered}
        </li>
        <li>
          <span className="xt-study__swatch xt-study__swatch--line" />
          {T.legendAccuracy}
        </li>
      </ul>
      <table className="xt-sr-only">
        <caption>{T.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.tableDay}</th>
            <th scope="col">{T.tableAnswered}</th>
            <th scope="col">{T.tableCorrect}</th>
            <th scope="col">{T.tableAccuracy}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.day}</th>
              <td>{d.answered}</td>
              <td>{d.correct}</td>
              <td>{percentText(accuracyPercent(d.correct, d.answered))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Mastery({ chapters }: { chapters: readonly ChapterMasteryView[] }) {
  return (
    <section className="xt-study__card" aria-labelledby="xt-study-mastery">
      <h2 id="xt-study-mastery" className="xt-study__h2">
        {T.masteryTitle}
      </h2>
      <MasteryList chapters={chapters} block="xt-study" counts />
    </section>
  );
}

function Report({ data }: { data: StudyReportData }) {
  const totals = reviewTotals(data.days);
  return (
    <>
      <dl className="xt-study__totals" aria-label={T.reportTitle}>
        <div>
          <dt>{T.totalAnswered}</dt>
          <dd data-testid="study-answered">{totals.answered}</dd>
        </div>
        <div>
          <dt>{T.totalAccuracy}</dt>
          <dd data-testid="study-accuracy">{percentText(totals.percent)}</dd>
        </div>
        <div>
          <dt>{T.totalDue}</dt>
          <dd data-testid="study-due">{data.due?.dueCount ?? 0}</dd>
        </div>
      </dl>
      <Chart days={data.days} />
      <Mastery chapters={data.chapters} />
    </>
  );
}

function StudyReport({ subjectId }: { subjectId: number }) {
  const [state, send] = useFlow(studyReportMachine, { input: { subjectId } });
  const subjectName = state.context.data?.due?.subjectName;
  const home = paths.questionBankHome({ subjectId });
  return (
    <>
      {subjectName && <p className="xt-study__subject">{subjectName}</p>}
      <PageDataBody
        page={state}
        onRetry={() => send({ type: 'RETRY' })}
        loading={<LoadingState fill />}
        empty={
          <EmptyState
            message={T.reportEmpty}
            action={
              <Link href={home} className="xt-btn xt-btn--primary">
                {T.goPractice}
              </Link>
            }
          />
        }
      >
        {(data) => <Report data={data} />}
      </PageDataBody>
    </>
  );
}

export default function StudyReportView() {
  usePageTitle(T.reportTitle);
  const subjectId = parseId(new URLSearchParams(useSearch()).get('subjectId'));
  return (
    <div className="xt-study">
      <header className="xt-study__head">
        <Link href={paths.questionBankHome(subjectId === null ? {} : { subjectId })} className="xt-study__back">
          {T.backHome}
        </Link>
        <h1 className="xt-study__title">{T.reportTitle}</h1>
        <p className="xt-study__muted">{T.reportLead}</p>
      </header>
      {subjectId === null ? <EmptyState message={T.pickSubject} /> : <StudyReport key={subjectId} subjectId={subjectId} />}
    </div>
  );
}
