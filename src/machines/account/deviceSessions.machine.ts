/**
 * 登录设备 card of 账号安全: the account's live sessions (this device always among them), and signing
 * another one out, after which the list loads again. This device is not signed out here: the view
 * logs it out as 退出登录 does.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { DeviceSession } from '../../domain/account/contract';
import { DEVICE_TEXTS } from '../../domain/account/devices.texts';
import { listSessions, signOutSession } from '../../services/account/devices.api';
import { showToast } from '../../services/shared/toast';
import { errorText } from '../shared/sessionEvents';

export interface DeviceSessionsContext {
  sessions: DeviceSession[];
  error: string | null;
  /** The session being signed out. */
  signingOut: number | null;
}

export type DeviceSessionsEvent = { type: 'RETRY' } | { type: 'SIGN_OUT'; id: number };

export const deviceSessionsMachine = setup({
  types: {
    context: {} as DeviceSessionsContext,
    events: {} as DeviceSessionsEvent,
  },
  actors: {
    list: fromPromise<DeviceSession[]>(() => listSessions()),
    signOut: fromPromise<void, { id: number }>(({ input }) => signOutSession(input.id)),
  },
  actions: {
    signedOutToast: () => void showToast(DEVICE_TEXTS.signedOut, 'success'),
  },
  guards: {
    /** Another device of the list: this one logs out instead. */
    isOtherDevice: ({ context }, params: { id: number }) => context.sessions.some((s) => s.id === params.id && !s.current),
  },
}).createMachine({
  id: 'deviceSessions',
  context: { sessions: [], error: null, signingOut: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'list',
        src: 'list',
        onDone: { target: 'loaded', actions: assign({ sessions: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, DEVICE_TEXTS.loadFailed) }) },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    loaded: {
      on: {
        SIGN_OUT: {
          guard: { type: 'isOtherDevice', params: ({ event }) => ({ id: event.id }) },
          target: 'signingOut',
          actions: assign({ signingOut: ({ event }) => event.id }),
        },
      },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ id: context.signingOut! }),
        onDone: {
          target: 'loading',
          actions: [assign({ signingOut: null }), 'signedOutToast'],
        },
        // The client toasted why; the list loads again to show what is live now (it may have ended already).
        onError: { target: 'loading', actions: assign({ signingOut: null }) },
      },
    },
  },
});

export type DeviceSessionsMachine = typeof deviceSessionsMachine;
