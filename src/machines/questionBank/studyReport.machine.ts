/**
 * /question-bank/report?subjectId= (学习报告, issue 22) as a pageData load: the subject's last
 * DAILY_STATS_DAYS days (questions answered and right per day), its chapter mastery and its review
 * cards (the due list of every project, this subject's entry). `empty` when the student answered
 * nothing in those days and has no card; failed → RETRY.
 */
import { QUESTION_BANK_CALLS as QB } from '../../domain/questionBank/calls';
import type { ChapterMasteryView, DailyStat, ReviewDue } from '../../domain/questionBank/contract';
import { call } from '../../services/shared/http/client';
import { createPageDataMachine } from '../shared/pageData';

export interface StudyReportParams {
  subjectId: number;
}

export interface StudyReportData {
  days: DailyStat[];
  chapters: ChapterMasteryView[];
  /** The subject's review cards; null when it has none. */
  due: ReviewDue | null;
}

async function loadStudyReport({ subjectId }: StudyReportParams): Promise<StudyReportData> {
  const [days, chapters, dues] = await Promise.all([
    call(QB.qbReviewDailyStats, { body: { subjectId } }),
    call(QB.qbReviewMastery, { params: { id: subjectId } }),
    call(QB.qbReviewDueList, { body: { projectId: null } }),
  ]);
  return { days, chapters, due: dues.find((d) => d.subjectId === subjectId) ?? null };
}

/** Nothing to report: no answer in the days and no review card. */
export function isStudyReportEmpty(data: StudyReportData): boolean {
  return data.days.every((d) => d.answered === 0) && (data.due?.cardCount ?? 0) === 0;
}

export const studyReportMachine = createPageDataMachine({
  id: 'studyReport',
  load: loadStudyReport,
  outcomes: { empty: isStudyReportEmpty },
});
