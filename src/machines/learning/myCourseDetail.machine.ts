/**
 * /uc/my-course/{type}/detail/{courseId}: the student's course (from their list), its catalogue
 * with each courseware's progress, where they stopped, and the status of its papers.
 *   loading ──▶ loaded | notOwned | failed ──RETRY──▶ loading
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CourseStudyProgress, MyCourseItem, MyCourseTab } from '../../domain/learning/contract';
import type { PaperStatus } from '../../domain/questionBank/contract';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { getMyCourseList, getPaperStatuses, getStudyPercentage } from '../../services/learning/learning.api';
import { errorText } from '../shared/sessionEvents';

export interface MyCourseDetail {
  course: MyCourseItem;
  outline: CourseStudyProgress;
  /** By paper id. */
  papers: Record<number, PaperStatus>;
}

const TAB_OF: Record<string, MyCourseTab> = { SYS: 'sys', PACK: 'sys', EXP: 'sys', FREE: 'free', ADD: 'add' };

async function loadDetail(courseType: string, courseId: number): Promise<MyCourseDetail | null> {
  const list = await getMyCourseList({ tab: TAB_OF[courseType.toUpperCase()] ?? 'sys', current: 1, size: 50 });
  const course = list.records.find((c) => c.courseId === courseId);
  if (!course) return null;
  const outline = await getStudyPercentage(courseId);
  const paperIds = [...new Set(outline.coursewares.flatMap((c) => (c.type === 'PAPER' && c.paperId ? [c.paperId] : [])))];
  const statuses = paperIds.length > 0 ? await getPaperStatuses(paperIds) : [];
  return { course, outline, papers: Object.fromEntries(statuses.map((s) => [s.sourceId, s])) };
}

export const myCourseDetailMachine = setup({
  types: {
    input: {} as { courseType: string; courseId: number },
    context: {} as { courseType: string; courseId: number; detail: MyCourseDetail | null; error: string | null },
    events: {} as { type: 'RETRY' },
  },
  actors: {
    loadDetail: fromPromise<MyCourseDetail | null, { courseType: string; courseId: number }>(({ input }) => loadDetail(input.courseType, input.courseId)),
  },
}).createMachine({
  id: 'myCourseDetail',
  context: ({ input }) => ({ ...input, detail: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDetail',
        src: 'loadDetail',
        input: ({ context }) => ({ courseType: context.courseType, courseId: context.courseId }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'notOwned' },
          { target: 'loaded', actions: assign({ detail: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }) },
      },
    },
    loaded: {},
    notOwned: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
