/**
 * /uc/my-course/{type}/detail/{courseId}: the student's course (from their list), its catalogue
 * with each courseware's progress, where they stopped, and the status of its papers, as a pageData
 * load: loaded | notOwned (not in their list) | failed (RETRY).
 */
import { LEARNING_CALLS } from '../../domain/learning/calls';
import type { CourseStudyProgress, MyCourseItem, MyCourseTab } from '../../domain/learning/contract';
import { QUESTION_BANK_CALLS } from '../../domain/questionBank/calls';
import type { PaperStatus } from '../../domain/questionBank/contract';
import { call } from '../../services/shared/http/client';
import { createPageDataMachine } from '../shared/pageData';

export interface MyCourseDetail {
  course: MyCourseItem;
  outline: CourseStudyProgress;
  /** By paper id. */
  papers: Record<number, PaperStatus>;
}

const TAB_OF: Record<string, MyCourseTab> = { SYS: 'sys', PACK: 'sys', EXP: 'sys', FREE: 'free', ADD: 'add' };

async function loadDetail(courseType: string, courseId: number): Promise<MyCourseDetail | null> {
  const list = await call(LEARNING_CALLS.myCourseList, { query: { tab: TAB_OF[courseType.toUpperCase()] ?? 'sys', current: 1, size: 50 } });
  const course = list.records.find((c) => c.courseId === courseId);
  if (!course) return null;
  const outline = await call(LEARNING_CALLS.studyPercentage, { params: { id: courseId } });
  const paperIds = [...new Set(outline.coursewares.flatMap((c) => (c.type === 'PAPER' && c.paperId ? [c.paperId] : [])))];
  const statuses = paperIds.length > 0 ? await call(QUESTION_BANK_CALLS.qbRecordStatus, { body: { paperIds }, silent: true }) : [];
  return { course, outline, papers: Object.fromEntries(statuses.map((s) => [s.sourceId, s])) };
}

export const myCourseDetailMachine = createPageDataMachine({
  id: 'myCourseDetail',
  load: ({ courseType, courseId }: { courseType: string; courseId: number }) => loadDetail(courseType, courseId),
  outcomes: { notOwned: (detail) => detail === null },
});
