/**
 * The floating customer-service button of every page (src/views/app/CustomerService.tsx): the shell
 * uses it, so it lives with the shared flows. A click loads the third-party chat script when one is
 * configured (once: its own window opens when it has loaded), else opens the contact panel; a
 * script that fails to load leaves the contact panel as the way to reach the school.
 *
 *   idle ──OPEN [script, not tried]──▶ loadingScript ──done──▶ idle (chat ready)
 *     │                                      └──error──▶ panel (script failed)
 *     ├──OPEN [chat ready, hook]──▶ idle (the script's window opens again)
 *     └──OPEN [otherwise]──▶ panel ──CLOSE──▶ idle
 */
import { assign, fromPromise, setup } from 'xstate';
import { hasChatWidgetHook, loadChatScript, reopenChatWidget } from '../../services/shared/chatScript';

export interface CustomerServiceInput {
  /** The chat script's URL (chatScriptUrl of VITE_CHAT_SCRIPT), or null for the contact panel only. */
  scriptUrl: string | null;
}

export interface CustomerServiceContext {
  scriptUrl: string | null;
  /** unset: not asked for yet; ready: loaded and opened its window; failed: did not load (never asked again). */
  chat: 'unset' | 'ready' | 'failed';
}

export type CustomerServiceEvent = { type: 'OPEN' } | { type: 'CLOSE' };

export const customerServiceMachine = setup({
  types: { context: {} as CustomerServiceContext, events: {} as CustomerServiceEvent, input: {} as CustomerServiceInput },
  actors: { loadScript: fromPromise<void, string>(({ input }) => loadChatScript(input)) },
  actions: { reopenChat: () => reopenChatWidget() },
  guards: {
    canReopenChat: ({ context }) => context.chat === 'ready' && hasChatWidgetHook(),
    shouldLoadScript: ({ context }) => context.chat === 'unset' && context.scriptUrl !== null,
  },
}).createMachine({
  id: 'customerService',
  context: ({ input }) => ({ scriptUrl: input.scriptUrl, chat: 'unset' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        OPEN: [{ guard: 'canReopenChat', actions: 'reopenChat' }, { guard: 'shouldLoadScript', target: 'loadingScript' }, { target: 'panel' }],
      },
    },
    loadingScript: {
      invoke: {
        id: 'loadScript',
        src: 'loadScript',
        input: ({ context }) => context.scriptUrl ?? '',
        onDone: { target: 'idle', actions: assign({ chat: 'ready' }) },
        onError: { target: 'panel', actions: assign({ chat: 'failed' }) },
      },
    },
    panel: { on: { CLOSE: 'idle' } },
  },
});
