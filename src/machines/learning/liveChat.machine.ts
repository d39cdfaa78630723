/**
 * A live courseware's chat: the room's stream (connecting → open ⇄ reconnecting; EventSource
 * retries by itself) and, while the session runs, sending with the limits checked here too (the
 * length, one message per LIVE_MESSAGE_MIN_INTERVAL_MS); the server's refusal (muted, too fast,
 * closed) is shown as it says it. A resend after a failure keeps its id: it counts once.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { LiveMessage } from '../../domain/learning/contract';
import { LIVE_MESSAGE_MAX_LENGTH, LIVE_MESSAGE_MIN_INTERVAL_MS } from '../../domain/learning/limits';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { newClientMsgId, openLiveStream, postLiveMessage } from '../../services/learning/liveChat.data';
import { errorText } from '../shared/sessionEvents';

export type LiveChatEvent =
  { type: 'MESSAGE'; message: LiveMessage } | { type: 'OPENED' } | { type: 'DROPPED' } | { type: 'EDIT'; text: string } | { type: 'SEND' };

interface Context {
  coursewareId: number;
  canSend: boolean;
  messages: LiveMessage[];
  draft: string;
  /** The id of the draft being sent (kept across a retry). */
  clientMsgId: string | null;
  error: string | null;
}

const MAX_KEPT = 300;

export const liveChatMachine = setup({
  types: { context: {} as Context, events: {} as LiveChatEvent, input: {} as { coursewareId: number; canSend: boolean } },
  actors: {
    stream: fromCallback<LiveChatEvent, number>(({ input, sendBack }) =>
      openLiveStream(input, {
        onMessage: (message) => sendBack({ type: 'MESSAGE', message }),
        onOpen: () => sendBack({ type: 'OPENED' }),
        onDrop: () => sendBack({ type: 'DROPPED' }),
      }),
    ),
    post: fromPromise<LiveMessage, { coursewareId: number; content: string; clientMsgId: string }>(({ input }) =>
      postLiveMessage(input.coursewareId, input.content, input.clientMsgId),
    ),
  },
  actions: {
    add: assign({
      messages: ({ context }, message: LiveMessage) =>
        context.messages.some((m) => m.id === message.id) ? context.messages : [...context.messages, message].sort((a, b) => a.id - b.id).slice(-MAX_KEPT),
    }),
  },
  guards: {
    sendable: ({ context }) => context.canSend && context.draft.trim().length > 0 && context.draft.trim().length <= LIVE_MESSAGE_MAX_LENGTH,
  },
  delays: { cooldown: LIVE_MESSAGE_MIN_INTERVAL_MS },
}).createMachine({
  id: 'liveChat',
  context: ({ input }) => ({ coursewareId: input.coursewareId, canSend: input.canSend, messages: [], draft: '', clientMsgId: null, error: null }),
  type: 'parallel',
  invoke: { id: 'stream', src: 'stream', input: ({ context }) => context.coursewareId },
  on: {
    MESSAGE: { actions: { type: 'add', params: ({ event }) => event.message } },
    // A changed draft is a new message: a new id.
    EDIT: { actions: assign({ draft: ({ event }) => event.text, error: null, clientMsgId: null }) },
  },
  states: {
    connection: {
      initial: 'connecting',
      states: {
        connecting: { on: { OPENED: 'open', DROPPED: 'reconnecting' } },
        open: { on: { DROPPED: 'reconnecting' } },
        reconnecting: { on: { OPENED: 'open' } },
      },
    },
    composer: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            SEND: { guard: 'sendable', target: 'sending', actions: assign({ clientMsgId: ({ context }) => context.clientMsgId ?? newClientMsgId() }) },
          },
        },
        sending: {
          invoke: {
            id: 'post',
            src: 'post',
            input: ({ context }) => ({ coursewareId: context.coursewareId, content: context.draft.trim(), clientMsgId: context.clientMsgId! }),
            onDone: {
              target: 'cooling',
              actions: [{ type: 'add', params: ({ event }) => event.output }, assign({ draft: '', clientMsgId: null, error: null })],
            },
            onError: { target: 'ready', actions: assign({ error: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }) },
          },
        },
        cooling: { after: { cooldown: 'ready' } },
      },
    },
  },
});
