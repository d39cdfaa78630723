/**
 * A course list page (/course/pro-course, /course/free-course): the class tree for its filters and
 * one page of courses for the choice the URL holds. The view sends PARAMS_CHANGED whenever the URL
 * changes (a filter link, back/forward); a newer choice replaces a load still under way.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ClassNode, CourseListItem } from '../../domain/catalog/contract';
import { sameCourseListParams, type CourseListKind, type CourseListParams } from '../../domain/catalog/courseListQuery';
import type { Page } from '../../domain/shared/envelope';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { SERVER_PAGE_KEYS } from '../../domain/shared/serverPage';
import { loadCourseList, type CourseListData } from '../../services/catalog/courseList.data';
import { serverData } from '../../services/shared/serverData';

export interface CourseListInput {
  kind: CourseListKind;
  params: CourseListParams;
}

export interface CourseListContext {
  kind: CourseListKind;
  /** The choice as the URL holds it. */
  params: CourseListParams;
  /** The choice shown and asked for: `params` with ids the class tree does not hold as 全部. */
  shown: CourseListParams | null;
  /** Loaded once; later choices reuse it. */
  tree: ClassNode[] | null;
  page: Page<CourseListItem> | null;
  error: string | null;
}

export type CourseListEvent = { type: 'PARAMS_CHANGED'; params: CourseListParams } | { type: 'RETRY' };

interface LoadInput {
  kind: CourseListKind;
  params: CourseListParams;
  tree: ClassNode[] | null;
}

export const courseListMachine = setup({
  types: {
    context: {} as CourseListContext,
    events: {} as CourseListEvent,
    input: {} as CourseListInput,
  },
  actors: {
    loadCourseList: fromPromise<CourseListData, LoadInput>(({ input }) => loadCourseList(input.kind, input.params, input.tree)),
  },
  guards: {
    isNewChoice: ({ context, event }) => event.type === 'PARAMS_CHANGED' && !sameCourseListParams(context.params, event.params),
    isRendered: ({ context }) => context.page !== null,
    isRenderedEmpty: ({ context }) => context.page !== null && context.page.records.length === 0,
    hasNoCourses: (_, params: { page: Page<CourseListItem> }) => params.page.records.length === 0,
  },
  actions: {
    keepAnswer: assign((_, output: CourseListData) => ({ tree: output.tree, shown: output.shown, page: output.page, error: null })),
  },
}).createMachine({
  id: 'courseList',
  // A list the server rendered starts from the data it rendered with (src/services/shared/serverData.ts).
  context: ({ input }) => {
    const rendered = serverData<CourseListData>(SERVER_PAGE_KEYS.courseList(input.kind, input.params))?.data;
    return { kind: input.kind, params: input.params, shown: rendered?.shown ?? null, tree: rendered?.tree ?? null, page: rendered?.page ?? null, error: null };
  },
  initial: 'starting',
  on: {
    PARAMS_CHANGED: {
      guard: 'isNewChoice',
      target: '.loading',
      reenter: true,
      actions: assign({ params: ({ event }) => event.params }),
    },
  },
  states: {
    starting: {
      always: [{ guard: 'isRenderedEmpty', target: 'empty' }, { guard: 'isRendered', target: 'loaded' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadCourseList',
        src: 'loadCourseList',
        input: ({ context }) => ({ kind: context.kind, params: context.params, tree: context.tree }),
        onDone: [
          {
            guard: { type: 'hasNoCourses', params: ({ event }) => ({ page: event.output.page }) },
            target: 'empty',
            actions: { type: 'keepAnswer', params: ({ event }) => event.output },
          },
          { target: 'loaded', actions: { type: 'keepAnswer', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : FALLBACK_ERROR_TEXT) }),
        },
      },
    },
    loaded: {},
    empty: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
