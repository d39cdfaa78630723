/**
 * The course detail page's data: the course, its SKUs, the first audition and the sales advisor,
 * loaded together → loaded | notFound (the server's 404: unknown or off sale) | failed (retry).
 * Once loaded the student picks a SKU (SELECT_SKU); buying it is the purchase flow
 * (coursePurchase.machine.ts), the catalogue the tree (catalogueTree.machine.ts).
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AuditionCourseware, CourseDetails } from '../../domain/catalog/contract';
import { isSkuOpen } from '../../domain/catalog/courseOffer';
import type { SalesQrcode } from '../../domain/catalog/resources';
import type { CourseSku } from '../../domain/commerce/contract';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { courseDetailAnswers } from '../../services/catalog/courseDetail.data';
import { getSalesQrcode } from '../../services/catalog/resource.api';
import { isNotFoundError } from '../../services/shared/http/ApiError';
import { errorText } from '../shared/sessionEvents';

export interface CourseDetailData {
  details: CourseDetails;
  skus: CourseSku[];
  /** The SKUs still taking students when the page loaded (a camp's past cohorts are shown, not sold). */
  openSkuIds: number[];
  /** Null when the course has no free audition. */
  firstAudition: AuditionCourseware | null;
  /** Loaded once the page shows (it needs the course's project, and sits beside the content); null until then, when none is set, or when it failed. */
  advisor: SalesQrcode | null;
}

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
  const { details, skus, firstAudition } = await courseDetailAnswers(courseId, signal);
  const now = Date.now();
  return { details, skus, openSkuIds: skus.filter((sku) => isSkuOpen(sku, now)).map((sku) => sku.id), firstAudition, advisor: null };
}

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
    isNotFound: (_, params: { error: unknown }) => isNotFoundError(params.error),
    isOfferedSku: ({ context }, params: { skuId: number }) => context.data?.openSkuIds.includes(params.skuId) ?? false,
  },
}).createMachine({
  id: 'courseDetail',
  context: ({ input }) => ({ courseId: input.courseId, data: null, error: null, selectedSkuId: null }),
  initial: 'loading',
  states: {
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
