/**
 * The chapters' mastery bars (issue 22): one labelled progress bar per chapter, on the home's
 * 今日复习 panel and on 学习报告. `block` is the CSS block of the page that shows them
 * (xt-review in home.css, xt-study in studyReport.css); `counts` adds 答对 n / m 题.
 */
import type { ChapterMasteryView } from '../../domain/questionBank/contract';
import { REVIEW_TEXTS as T } from '../../domain/questionBank/review.texts';

/** A bar's width: the percent the server figured, kept within 0…100. */
const barPercent = (percent: number) => Math.max(0, Math.min(100, Math.round(percent)));

export function MasteryList({
  chapters,
  block,
  counts = false,
}: {
  chapters: readonly ChapterMasteryView[];
  block: 'xt-review' | 'xt-study';
  counts?: boolean;
}) {
  if (chapters.length === 0) return <p className={`${block}__muted`}>{T.noChapters}</p>;
  return (
    <ul className={`${block}__chapters`}>
      {chapters.map((c) => {
        const percent = barPercent(c.percent);
        return (
          <li key={c.sectionId} className={`${block}__chapter`}>
            <span className={`${block}__chapter-name`}>{c.name}</span>
            <span
              className={`${block}__track`}
              role="progressbar"
              aria-label={T.masteryLabel(c.name, percent)}
              aria-valuenow={percent}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              {/* The width is the chapter's mastery, known only at run time. */}
              <span className={`${block}__fill`} style={{ width: `${percent}%` }} />
            </span>
            <span className={`${block}__percent`} aria-hidden="true">
              {percent}%
            </span>
            {counts && <span className={`${block}__count`}>{T.masteryCount(c.rightCount, c.questionCount)}</span>}
          </li>
        );
      })}
    </ul>
  );
}
