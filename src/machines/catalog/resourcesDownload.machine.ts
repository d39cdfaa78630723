/**
 * Downloading a resource: ask material/getFileDownloadUrl for a signed link (the transport seals
 * the request and opens the answer), then hand the link to the view, which starts the download.
 * The view opens the login modal first for a visitor (the call needs a login). A refusal is kept
 * beside the resource it concerns: `forbidden` (403, a paid resource this user may not have) says
 * why and where to get it; anything else shows the call's message.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { FileDownloadInfo } from '../../domain/catalog/resources';
import { LEARNING_CALLS } from '../../domain/learning/calls';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { ApiError } from '../../services/shared/http/ApiError';
import { call } from '../../services/shared/http/client';

export interface DownloadFailure {
  resourceId: number;
  reason: 'forbidden' | 'failed';
  message: string;
}

export interface ResourcesDownloadContext {
  /** The resource whose link is being asked for. */
  resourceId: number | null;
  failure: DownloadFailure | null;
}

export type ResourcesDownloadEvent = { type: 'DOWNLOAD'; resourceId: number };

/** Emitted with the signed link: the view starts the download (the machine has no DOM). */
export type ResourcesDownloadEmitted = { type: 'linkReady'; resourceId: number; info: FileDownloadInfo };

function failureOf(resourceId: number, error: unknown): DownloadFailure {
  if (error instanceof ApiError && error.status === 403) return { resourceId, reason: 'forbidden', message: error.message };
  return { resourceId, reason: 'failed', message: error instanceof Error && error.message ? error.message : FALLBACK_ERROR_TEXT };
}

export const resourcesDownloadMachine = setup({
  types: {
    context: {} as ResourcesDownloadContext,
    events: {} as ResourcesDownloadEvent,
    emitted: {} as ResourcesDownloadEmitted,
  },
  actors: {
    // Silent: the view shows the failure beside the resource, more useful than a toast.
    fetchDownloadLink: fromPromise<FileDownloadInfo, { resourceId: number }>(({ input }) =>
      call(LEARNING_CALLS.fileDownloadUrl, { body: { resourceId: input.resourceId }, silent: true }),
    ),
  },
}).createMachine({
  id: 'resourcesDownload',
  context: { resourceId: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        DOWNLOAD: { target: 'fetchingLink', actions: assign({ resourceId: ({ event }) => event.resourceId, failure: null }) },
      },
    },
    // One link at a time: other 下载 buttons wait (they are disabled meanwhile).
    fetchingLink: {
      invoke: {
        id: 'fetchDownloadLink',
        src: 'fetchDownloadLink',
        input: ({ context }) => ({ resourceId: context.resourceId ?? 0 }),
        onDone: {
          target: 'idle',
          actions: [
            emit(({ context, event }) => ({ type: 'linkReady' as const, resourceId: context.resourceId ?? 0, info: event.output })),
            assign({ resourceId: null }),
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({ failure: ({ context, event }) => failureOf(context.resourceId ?? 0, event.error), resourceId: null }),
        },
      },
    },
  },
});
