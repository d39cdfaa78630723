/**
 * The course detail page's data: the course, its SKUs, the first audition and the sales advisor,
 * loaded together → loaded | notFound (the server's 404: unknown or off sale) | failed (retry).
 * Once loaded the student picks a SKU (SELECT_SKU); buying it is the purchase flow
 * (coursePurchase.machine.ts), the catalogue the tree (catalogueTree.machine.ts).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { courseDetailData, type CourseDetailData } from '../../domain/catalog/courseDetailData';
import type { SalesQrcode } from '../../domain/catalog/resources';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { SERVER_PAGE_KEYS } from '../../domain/shared/serverPage';
import { courseDetailAnswers } from '../../services/catalog/courseDetail.data';
import { getSalesQrcode } from '../../services/catalog/resource.api';
import { isNotFoundError } from '../../services/shared/http/ApiError';
import { serverData } from '../../services/shared/serverData';
import { errorText } from '../shared/sessionEvents';

export type { CourseDetailData } from '../../domain/catalog/courseDetailData';

export interface CourseDetailContext {
  courseId: number;
  data: CourseDetailData | null;
  error: string | null;
  selectedSkuId: number | null;
}

export type CourseDetailEvent = { type: 'RETRY' } | { type: 'SELECT_SKU'; skuId: number };

/**
 * Everything the page shows first, side by side (one round trip: a phone's latency counts); an
 * unknown course fails with the details' 404. The first audition is an extra that may fail quietly.
 */
export async function loadCourseDetail(courseId: number, signal?: AbortSignal): Promise<CourseDetailData> {
  return courseDetailData(await courseDetailAnswers(courseId, signal), Date.now());
}

/** The server rendered this course's 404 (a context mark for `starting` only; cleared on the way to notFound). */
const NOT_FOUND_MARK = 'notFound';

export const courseDetailMachine = setup({
  types: {
    input: {} as { courseId: number },
    context: {} as CourseDetailContext,
    events: {} as CourseDetailEvent,
  },
  actors: {
    load: fromPromise<CourseDetailData, { courseId: number }>(({ input, signal }) => loadCourseDetail(input.courseId, signal)),
    // The advice card is an extra: a failure leaves it out, and the page still sells.
    loadAdvisor: fromPromise<SalesQrcode | null, { projectId: number }>(({ input, signal }) =>
      getSalesQrcode(input.projectId, { silent: true, signal }).catch(() => null),
    ),
  },
  guards: {
    isRendered: ({ context }) => context.data !== null,
    isRenderedNotFound: ({ context }) => context.error === NOT_FOUND_MARK,
    isNotFound: (_, params: { error: unknown }) => isNotFoundError(params.error),
    isOfferedSku: ({ context }, params: { skuId: number }) => context.data?.openSkuIds.includes(params.skuId) ?? false,
  },
}).createMachine({
  id: 'courseDetail',
  // A course the server rendered starts from what it rendered (null: its 404), src/services/shared/serverData.ts.
  context: ({ input }) => {
    const rendered = serverData<CourseDetailData | null>(SERVER_PAGE_KEYS.courseDetail(input.courseId));
    const data = rendered?.data ?? null;
    return { courseId: input.courseId, data, error: rendered && !data ? NOT_FOUND_MARK : null, selectedSkuId: data?.openSkuIds[0] ?? null };
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isRendered', target: 'loaded' },
        { guard: 'isRenderedNotFound', target: 'notFound', actions: assign({ error: null }) },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: {
          target: 'loaded',
          actions: assign({ data: ({ event }) => event.output, error: null, selectedSkuId: ({ event }) => event.output.openSkuIds[0] ?? null }),
        },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }) },
        ],
      },
    },
    loaded: {
      invoke: {
        id: 'loadAdvisor',
        src: 'loadAdvisor',
        input: ({ context }) => ({ projectId: context.data!.details.project.id }),
        onDone: { actions: assign({ data: ({ context, event }) => (context.data ? { ...context.data, advisor: event.output } : null) }) },
      },
      on: {
        SELECT_SKU: {
          guard: { type: 'isOfferedSku', params: ({ event }) => ({ skuId: event.skuId }) },
          actions: assign({ selectedSkuId: ({ event }) => event.skuId }),
        },
      },
    },
    notFound: {},
    failed: { on: { RETRY: 'loading' } },
  },
});

export type CourseDetailSnapshot = SnapshotFrom<typeof courseDetailMachine>;
