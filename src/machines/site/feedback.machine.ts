/**
 * 意见反馈 (/uc/feedback): pick a type, write, add up to four images, send. Each picked image
 * uploads at once, on its own (a child actor per image, so several go side by side and one
 * failing or being removed leaves the others alone); the form sends only when every image is up.
 * The rules are the domain's (src/domain/site/feedback.ts); the server checks them again.
 *
 *   editing ──SUBMIT──▶ editing (what is missing, under its field) | sending ──done──▶ sent ──AGAIN──▶ editing
 *                                                                       └──error──▶ editing (the server's message)
 *   in editing: ADD_FILES spawns an upload per image → UPLOADED | UPLOAD_FAILED; RETRY, REMOVE
 *
 * Preview URLs are made and revoked by the view (no DOM here); a tile carries the one it was given.
 */
import { assign, emit, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import {
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_TEXTS,
  type FeedbackType,
  feedbackContentError,
  feedbackImageError,
  isFeedbackType,
  FEEDBACK_CONTENT_MAX,
} from '../../domain/site/feedback';
import { type FeedbackDraft, sendFeedback, uploadFeedbackImage } from '../../services/site/feedback.api';
import { errorText } from '../shared/sessionEvents';

export type FeedbackTileStatus = 'uploading' | 'done' | 'failed';

export interface FeedbackTile {
  id: string;
  name: string;
  previewUrl: string;
  file: File;
  status: FeedbackTileStatus;
  url: string | null;
  error?: string;
  /** Attempts so far: each upload is a child named `<id>#<attempt>`, so a retry never meets the one before. */
  attempt: number;
}

export interface FeedbackContext {
  type: FeedbackType | null;
  content: string;
  tiles: FeedbackTile[];
  typeError: string | null;
  contentError: string | null;
  imagesError: string | null;
  sendError: string | null;
  sentId: number | null;
  /** The next tile's number (ids stay unique for the page's life). */
  tileSeq: number;
}

export interface PickedImage {
  file: File;
  previewUrl: string;
}

export type FeedbackEvent =
  | { type: 'SET_TYPE'; value: number }
  | { type: 'EDIT'; value: string }
  | { type: 'ADD_FILES'; files: readonly PickedImage[] }
  | { type: 'REMOVE'; id: string }
  | { type: 'RETRY'; id: string }
  | { type: 'UPLOADED'; id: string; url: string }
  | { type: 'UPLOAD_FAILED'; id: string; error: string }
  | { type: 'SUBMIT' }
  | { type: 'AGAIN' };

/** Room past the limit for what a student pastes; the count shows and the rule refuses the excess. */
export const FEEDBACK_INPUT_MAX = FEEDBACK_CONTENT_MAX + 100;

const childId = (tile: Pick<FeedbackTile, 'id' | 'attempt'>) => `${tile.id}#${tile.attempt}`;

/** The first reason the form cannot be sent, per field; all null when it can. */
export function feedbackFormErrors(context: Pick<FeedbackContext, 'type' | 'content' | 'tiles'>) {
  return {
    typeError: context.type === null ? FEEDBACK_TEXTS.typeRequired : null,
    contentError: feedbackContentError(context.content),
    imagesError: context.tiles.some((t) => t.status === 'uploading')
      ? FEEDBACK_TEXTS.imagesPending
      : context.tiles.some((t) => t.status === 'failed')
        ? FEEDBACK_TEXTS.imagesFailed
        : null,
  };
}

const EMPTY_FORM = { type: null, content: '', tiles: [], typeError: null, contentError: null, imagesError: null, sendError: null } as const;

export const feedbackMachine = setup({
  types: { context: {} as FeedbackContext, events: {} as FeedbackEvent, emitted: {} as { type: 'sent'; id: number } },
  actors: {
    upload: fromCallback<FeedbackEvent, { id: string; file: File }>(({ input, sendBack }) => {
      const abort = new AbortController();
      uploadFeedbackImage(input.file, abort.signal).then(
        (image) => sendBack({ type: 'UPLOADED', id: input.id, url: image.url }),
        (error: unknown) => {
          if (!abort.signal.aborted) sendBack({ type: 'UPLOAD_FAILED', id: input.id, error: errorText(error, FALLBACK_ERROR_TEXT) });
        },
      );
      // Removed while uploading: the request stops and nothing comes back.
      return () => abort.abort();
    }),
    send: fromPromise<{ id: number }, FeedbackDraft>(({ input }) => sendFeedback(input)),
  },
  guards: {
    isKnownType: ({ event }) => event.type === 'SET_TYPE' && isFeedbackType(event.value),
    formInvalid: ({ context }) => Object.values(feedbackFormErrors(context)).some((e) => e !== null),
  },
}).createMachine({
  id: 'feedback',
  context: { ...EMPTY_FORM, tiles: [], sentId: null, tileSeq: 0 },
  initial: 'editing',
  on: {
    UPLOADED: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const tile = context.tiles.find((t) => t.id === event.id);
        if (!tile) return;
        enqueue.stopChild(childId(tile));
        const tiles = context.tiles.map((t) => (t.id === event.id ? { ...t, status: 'done' as const, url: event.url, error: undefined } : t));
        // "Wait for the images" is answered once they are all up; a refusal of a picked file stays.
        const waited = context.imagesError === FEEDBACK_TEXTS.imagesPending || context.imagesError === FEEDBACK_TEXTS.imagesFailed;
        const allUp = tiles.every((t) => t.status === 'done');
        enqueue.assign({ tiles, imagesError: waited && allUp ? null : context.imagesError });
      }),
    },
    UPLOAD_FAILED: {
      actions: enqueueActions(({ context, event, enqueue }) => {
        const tile = context.tiles.find((t) => t.id === event.id);
        if (!tile) return;
        enqueue.stopChild(childId(tile));
        enqueue.assign({ tiles: context.tiles.map((t) => (t.id === event.id ? { ...t, status: 'failed' as const, error: event.error } : t)) });
      }),
    },
  },
  states: {
    editing: {
      on: {
        SET_TYPE: { guard: 'isKnownType', actions: assign({ type: ({ event }) => event.value as FeedbackType, typeError: null }) },
        EDIT: { actions: assign({ content: ({ event }) => event.value.slice(0, FEEDBACK_INPUT_MAX), contentError: null, sendError: null }) },
        ADD_FILES: {
          actions: enqueueActions(({ context, event, enqueue }) => {
            let seq = context.tileSeq;
            const added: FeedbackTile[] = [];
            let refusal: string | null = null;
            for (const picked of event.files) {
              const reason = context.tiles.length + added.length >= FEEDBACK_IMAGES_MAX ? FEEDBACK_TEXTS.imagesTooMany : feedbackImageError(picked.file);
              if (reason) {
                refusal ??= reason;
                continue;
              }
              seq += 1;
              const tile: FeedbackTile = {
                id: `img${seq}`,
                name: picked.file.name,
                previewUrl: picked.previewUrl,
                file: picked.file,
                status: 'uploading',
                url: null,
                attempt: 1,
              };
              added.push(tile);
              enqueue.spawnChild('upload', { id: childId(tile), input: { id: tile.id, file: tile.file } });
            }
            enqueue.assign({ tiles: [...context.tiles, ...added], tileSeq: seq, imagesError: refusal });
          }),
        },
        REMOVE: {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const tile = context.tiles.find((t) => t.id === event.id);
            if (!tile) return;
            if (tile.status === 'uploading') enqueue.stopChild(childId(tile));
            enqueue.assign({ tiles: context.tiles.filter((t) => t.id !== event.id), imagesError: null });
          }),
        },
        RETRY: {
          actions: enqueueActions(({ context, event, enqueue }) => {
            const tile = context.tiles.find((t) => t.id === event.id && t.status === 'failed');
            if (!tile) return;
            const again = { ...tile, status: 'uploading' as const, error: undefined, attempt: tile.attempt + 1 };
            enqueue.assign({ tiles: context.tiles.map((t) => (t.id === tile.id ? again : t)), imagesError: null });
            enqueue.spawnChild('upload', { id: childId(again), input: { id: again.id, file: again.file } });
          }),
        },
        SUBMIT: [
          { guard: 'formInvalid', actions: assign(({ context }) => ({ ...feedbackFormErrors(context), sendError: null })) },
          { target: 'sending', actions: assign({ sendError: null }) },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ type: context.type!, content: context.content, images: context.tiles.map((t) => t.url!) }),
        onDone: {
          target: 'sent',
          // The page's list loads again on `sent`.
          actions: [
            assign(({ event }) => ({ ...EMPTY_FORM, tiles: [], sentId: event.output.id })),
            emit(({ event }) => ({ type: 'sent' as const, id: event.output.id })),
          ],
        },
        onError: { target: 'editing', actions: assign({ sendError: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }) },
      },
    },
    sent: { on: { AGAIN: { target: 'editing', actions: assign({ sentId: null }) } } },
  },
});
