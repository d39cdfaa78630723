/**
 * The notice above the login form: why this device was signed out, when the server said so (a newer
 * login elsewhere went beyond the device limit: 您的账号已在其他设备登录). The reason a 401 brought
 * reaches the page the session sent the student to, and also one that comes while the page is
 * open; it is taken once shown, so it stays until the student logs in or leaves the page.
 */
import { assign, fromCallback, setup } from 'xstate';
import { forgetSignedOutReason, watchSignedOutReason } from '../../services/account/signedOutReason';

export interface LoginNoticeContext {
  message: string | null;
}

export type LoginNoticeEvent = { type: 'REASON'; message: string };

const SHOW = [{ type: 'show', params: ({ event }: { event: LoginNoticeEvent }) => ({ message: event.message }) }, 'forget'] as const;

export const loginNoticeMachine = setup({
  types: {
    context: {} as LoginNoticeContext,
    events: {} as LoginNoticeEvent,
  },
  actors: {
    reasons: fromCallback<LoginNoticeEvent>(({ sendBack }) => watchSignedOutReason((message) => sendBack({ type: 'REASON', message }))),
  },
  actions: {
    show: assign((_, params: { message: string }) => ({ message: params.message })),
    forget: () => forgetSignedOutReason(),
  },
}).createMachine({
  id: 'loginNotice',
  context: { message: null },
  invoke: { id: 'reasons', src: 'reasons' },
  initial: 'none',
  states: {
    none: { on: { REASON: { target: 'shown', actions: SHOW } } },
    shown: { on: { REASON: { actions: SHOW } } },
  },
});

export type LoginNoticeMachine = typeof loginNoticeMachine;
