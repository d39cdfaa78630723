/**
 * /uc/my-course/{sys|free|add}: one page of the student's courses of a tab (the view starts a new
 * flow when the tab or page in the URL changes).   loading ──▶ loaded | empty | failed ──RETRY──▶ loading
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MyCourseList, MyCourseTab } from '../../domain/learning/contract';
import { MY_COURSE_PAGE_DEFAULT_SIZE } from '../../domain/learning/limits';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { getMyCourseList } from '../../services/learning/learning.api';
import { errorText } from '../shared/sessionEvents';

export interface MyCourseListInput {
  tab: MyCourseTab;
  page: number;
}

export const myCourseListMachine = setup({
  types: {
    input: {} as MyCourseListInput,
    context: {} as MyCourseListInput & { list: MyCourseList | null; error: string | null },
    events: {} as { type: 'RETRY' },
  },
  actors: {
    loadCourses: fromPromise<MyCourseList, MyCourseListInput>(({ input }) =>
      getMyCourseList({ tab: input.tab, current: input.page, size: MY_COURSE_PAGE_DEFAULT_SIZE }),
    ),
  },
}).createMachine({
  id: 'myCourseList',
  context: ({ input }) => ({ ...input, list: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCourses',
        src: 'loadCourses',
        input: ({ context }) => ({ tab: context.tab, page: context.page }),
        onDone: [
          { guard: ({ event }) => event.output.records.length === 0, target: 'empty', actions: assign({ list: ({ event }) => event.output }) },
          { target: 'loaded', actions: assign({ list: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }) },
      },
    },
    loaded: {},
    empty: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
