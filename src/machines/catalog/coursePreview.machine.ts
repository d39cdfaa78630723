/**
 * /course/preview: the course's free auditions, playable without login. Loads the course (title,
 * type, SKUs for its buy button) and its audition list → loaded (the first playable one selected)
 * | empty | notFound | failed (retry); SELECT plays another.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { CATALOG_CALLS, CATALOG_EXTRA_CALLS } from '../../domain/catalog/calls';
import type { AuditionCourseware, CourseDetails } from '../../domain/catalog/contract';
import { defaultSkuId } from '../../domain/catalog/courseOffer';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { isNotFoundError } from '../../services/shared/http/ApiError';
import { call } from '../../services/shared/http/client';
import { errorText } from '../shared/sessionEvents';

export interface CoursePreviewData {
  details: CourseDetails;
  auditions: AuditionCourseware[];
  /** The SKU the preview's buy button orders (the detail page lets the student choose). */
  skuId: number | null;
}

export interface CoursePreviewContext {
  courseId: number;
  data: CoursePreviewData | null;
  error: string | null;
  selectedId: number | null;
}

export type CoursePreviewEvent = { type: 'RETRY' } | { type: 'SELECT'; coursewareId: number };

async function loadPreview(courseId: number, signal: AbortSignal): Promise<CoursePreviewData> {
  const [details, auditions, skus] = await Promise.all([
    call(CATALOG_CALLS.courseDetails, { params: { id: courseId }, silent: true, signal }),
    call(CATALOG_EXTRA_CALLS.auditionList, { params: { id: courseId }, silent: true, signal }),
    call(CATALOG_CALLS.courseSkuList, { params: { id: courseId }, body: {}, silent: true, signal }).then((list) => list.skus),
  ]);
  return { details, auditions, skuId: defaultSkuId(skus, Date.now()) };
}

/** The first audition that has something to play, else the first one. */
const firstPlayable = (auditions: readonly AuditionCourseware[]) => (auditions.find((a) => a.mediaUrl !== null) ?? auditions[0])?.coursewareId ?? null;

export const coursePreviewMachine = setup({
  types: {
    input: {} as { courseId: number },
    context: {} as CoursePreviewContext,
    events: {} as CoursePreviewEvent,
  },
  actors: {
    load: fromPromise<CoursePreviewData, { courseId: number }>(({ input, signal }) => loadPreview(input.courseId, signal)),
  },
  guards: {
    isEmpty: (_, params: { data: CoursePreviewData }) => params.data.auditions.length === 0,
    isNotFound: (_, params: { error: unknown }) => isNotFoundError(params.error),
    isListed: ({ context }, params: { coursewareId: number }) => context.data?.auditions.some((a) => a.coursewareId === params.coursewareId) ?? false,
  },
}).createMachine({
  id: 'coursePreview',
  context: ({ input }) => ({ courseId: input.courseId, data: null, error: null, selectedId: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ data: event.output }) },
            target: 'empty',
            actions: assign({ data: ({ event }) => event.output }),
          },
          {
            target: 'loaded',
            actions: assign({ data: ({ event }) => event.output, error: null, selectedId: ({ event }) => firstPlayable(event.output.auditions) }),
          },
        ],
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }) },
        ],
      },
    },
    loaded: {
      on: {
        SELECT: {
          guard: { type: 'isListed', params: ({ event }) => ({ coursewareId: event.coursewareId }) },
          actions: assign({ selectedId: ({ event }) => event.coursewareId }),
        },
      },
    },
    empty: {},
    notFound: {},
    failed: { on: { RETRY: 'loading' } },
  },
});

export type CoursePreviewSnapshot = SnapshotFrom<typeof coursePreviewMachine>;
