/**
 * The media of the player's element: attached once the element and the link are there (hls.js
 * loads on demand inside), detached when the link changes or the page goes. A fatal load error
 * ends in `failed` with its HTTP status (403: the link expired, ask for a new one).
 */
import { assign, fromCallback, setup } from 'xstate';
import type { PlayerConfig } from '../../domain/learning/contract';
import { attachMedia } from '../../services/learning/mediaSource';

export type MediaAttachmentEvent = { type: 'ATTACH'; element: HTMLMediaElement; config: PlayerConfig } | { type: 'FATAL'; status: number } | { type: 'DETACH' };

interface Context {
  element: HTMLMediaElement | null;
  config: PlayerConfig | null;
  status: number | null;
}

export const mediaAttachmentMachine = setup({
  types: { context: {} as Context, events: {} as MediaAttachmentEvent },
  actors: {
    attach: fromCallback<MediaAttachmentEvent, { element: HTMLMediaElement; config: PlayerConfig }>(({ input, sendBack }) => {
      let detached = false;
      let undo: (() => void) | null = null;
      void attachMedia(input.element, input.config, (status) => sendBack({ type: 'FATAL', status })).then(
        (attachment) => {
          if (detached) attachment.detach();
          else undo = () => attachment.detach();
        },
        () => sendBack({ type: 'FATAL', status: 0 }),
      );
      return () => {
        detached = true;
        undo?.();
      };
    }),
  },
}).createMachine({
  id: 'mediaAttachment',
  context: { element: null, config: null, status: null },
  initial: 'detached',
  on: {
    ATTACH: {
      target: '.attached',
      reenter: true,
      actions: assign({ element: ({ event }) => event.element, config: ({ event }) => event.config, status: null }),
    },
    DETACH: '.detached',
  },
  states: {
    detached: {},
    attached: {
      invoke: { id: 'attach', src: 'attach', input: ({ context }) => ({ element: context.element!, config: context.config! }) },
      on: { FATAL: { target: 'failed', actions: assign({ status: ({ event }) => event.status }) } },
    },
    failed: {},
  },
});
