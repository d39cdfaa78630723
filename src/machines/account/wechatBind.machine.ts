/**
 * 微信账号 card of 账号安全: starts from the page's bind status (securityPage.machine); binding by QR
 * (the framed WeChat page sends the browser back to this page with ?code&state, handled on entry);
 * unbinding after a confirmation. The return's state must be the one this tab stored when it showed
 * the QR code. Binding and unbinding answer the new status, which the card shows from then on.
 */
import { assign, emit, fromPromise, not, setup } from 'xstate';
import { ACCOUNT_CALLS } from '../../domain/account/calls';
import type { WeChatBindAnswer, WeChatBindStatus } from '../../domain/account/contract';
import { wxQrConnectUrl } from '../../domain/account/login';
import { ACCOUNT_TEXTS } from '../../domain/account/texts';
import { call } from '../../services/shared/http/client';
import { showToast, type ToastIntent } from '../../services/shared/toast';
import { bindReturnedWeChat, readBindState, rememberBindState } from '../../services/account/wechatBind';

/** The ?code&state WeChat appended to the security page's address, when present. */
export interface WechatReturn {
  code: string;
  state: string;
}

export interface WechatBindInput {
  /** The bind status the page loaded. */
  status: WeChatBindStatus;
  returned: WechatReturn | null;
}

export interface WechatBindContext {
  returned: WechatReturn | null;
  status: WeChatBindStatus;
  /** The framed QR page while binding. */
  qrUrl: string | null;
}

export type WechatBindEvent = { type: 'BIND' } | { type: 'CLOSE_QR' } | { type: 'UNBIND' } | { type: 'CONFIRM_UNBIND' } | { type: 'CANCEL_UNBIND' };

/** Tells the view the return query was dealt with (either way), so it can drop it from the address. */
export type WechatBindEmitted = { type: 'returnHandled' };

export const wechatBindMachine = setup({
  types: {
    input: {} as WechatBindInput,
    context: {} as WechatBindContext,
    events: {} as WechatBindEvent,
    emitted: {} as WechatBindEmitted,
  },
  actors: {
    readExpectedState: fromPromise<string | null>(async () => readBindState()),
    bindWeChat: fromPromise<WeChatBindAnswer, WechatReturn>(({ input }) => bindReturnedWeChat(input.code, input.state)),
    loadConfig: fromPromise(() => call(ACCOUNT_CALLS.wxConfig, { query: { purpose: 'bind' } })),
    unbind: fromPromise<WeChatBindAnswer>(() => call(ACCOUNT_CALLS.unBindWeChat)),
  },
  actions: {
    toast: (_, params: { message: string; intent: ToastIntent }) => void showToast(params.message, params.intent),
    rememberState: (_, params: { state: string }) => rememberBindState(params.state),
    returnHandled: emit({ type: 'returnHandled' } as const),
  },
  guards: {
    hasReturn: ({ context }) => context.returned !== null,
    stateMatches: ({ context }, params: { expected: string | null }) => params.expected !== null && params.expected === context.returned?.state,
    isBound: ({ context }) => context.status.bound,
  },
}).createMachine({
  id: 'wechatBind',
  context: ({ input }) => ({ returned: input.returned, status: input.status, qrUrl: null }),
  initial: 'entering',
  states: {
    entering: {
      always: [{ guard: 'hasReturn', target: 'checkingReturn' }, { target: 'ready' }],
    },
    checkingReturn: {
      invoke: {
        id: 'readExpectedState',
        src: 'readExpectedState',
        onDone: [
          { guard: { type: 'stateMatches', params: ({ event }) => ({ expected: event.output }) }, target: 'binding' },
          {
            target: 'ready',
            actions: [{ type: 'toast', params: { message: ACCOUNT_TEXTS.wechatSessionExpired, intent: 'error' } }, 'returnHandled'],
          },
        ],
        onError: { target: 'ready', actions: 'returnHandled' },
      },
    },
    binding: {
      invoke: {
        id: 'bindWeChat',
        src: 'bindWeChat',
        input: ({ context }) => context.returned!,
        onDone: {
          target: 'ready',
          actions: [
            assign({ status: ({ event }) => event.output }),
            { type: 'toast', params: { message: ACCOUNT_TEXTS.wechatBound, intent: 'success' } },
            'returnHandled',
          ],
        },
        // The client toasted why (e.g. 该微信已绑定其他账号); nothing changed, so the page's status stands.
        onError: { target: 'ready', actions: 'returnHandled' },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            BIND: { guard: not('isBound'), target: 'fetchingConfig' },
            UNBIND: { guard: 'isBound', target: 'confirmingUnbind' },
          },
        },
        fetchingConfig: {
          invoke: {
            id: 'loadConfig',
            src: 'loadConfig',
            onDone: {
              target: 'showingQr',
              actions: [
                { type: 'rememberState', params: ({ event }) => ({ state: event.output.state }) },
                assign({ qrUrl: ({ event }) => wxQrConnectUrl(event.output) }),
              ],
            },
            onError: 'idle',
          },
        },
        showingQr: {
          on: { CLOSE_QR: { target: 'idle', actions: assign({ qrUrl: null }) } },
        },
        confirmingUnbind: {
          on: { CONFIRM_UNBIND: 'unbinding', CANCEL_UNBIND: 'idle' },
        },
        unbinding: {
          invoke: {
            id: 'unbind',
            src: 'unbind',
            onDone: {
              target: 'idle',
              actions: [
                assign({ status: ({ event }) => event.output }),
                { type: 'toast', params: { message: ACCOUNT_TEXTS.wechatUnbound, intent: 'success' } },
              ],
            },
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type WechatBindMachine = typeof wechatBindMachine;
