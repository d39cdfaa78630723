/**
 * The auth session (product-spec §4): logged out / logged in. Storage, navigation and the server
 * calls are supplied by the services layer through `provide`, so this file has no DOM and no fetch.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { LoginResult, UserInfo } from '../../domain/account/contract';

export interface AuthSessionInput {
  token: string | null;
  user: UserInfo | null;
  /** The 7-day user-info refresh marker is still present. */
  userInfoFresh: boolean;
}

export interface AuthSessionContext {
  token: string | null;
  user: UserInfo | null;
  userInfoFresh: boolean;
}

export type AuthSessionEvent =
  /** From a login flow (relayed by useFlow) or the app's bridge; the session ignores `target`. */
  | { type: 'session.loggedIn'; result: LoginResult; target?: string | null }
  | { type: 'LOGOUT' }
  /** A call answered 401 or 'nologin'. */
  | { type: 'UNAUTHORIZED' }
  | { type: 'session.userUpdated'; user: UserInfo }
  /** The login ended elsewhere (the native app's bridge): forget it quietly, stay on the page. */
  | { type: 'session.cleared' }
  | { type: 'REFRESH_USER' };

/** The root session's systemId: flows reach it only through events relayed to this actor. */
export const SESSION_SYSTEM_ID = 'session';

const LOGIN_ACTIONS = [
  { type: 'rememberLogin', params: ({ event }: { event: { result: LoginResult } }) => ({ result: event.result }) },
  { type: 'persistSession', params: ({ event }: { event: { result: LoginResult } }) => ({ result: event.result }) },
  'markUserInfoFresh',
] as const;
const END_SESSION = ['forget', 'clearSession', 'redirectToLogin'] as const;

export const authSessionMachine = setup({
  types: {
    input: {} as AuthSessionInput,
    context: {} as AuthSessionContext,
    events: {} as AuthSessionEvent,
  },
  actors: {
    checkStatus: fromPromise<boolean>(async () => false),
    fetchUserInfo: fromPromise<UserInfo>(async () => {
      throw new Error('fetchUserInfo not provided');
    }),
    logout: fromPromise<void>(async () => {}),
  },
  actions: {
    persistSession: (_, _params: { result: LoginResult }) => {},
    persistUser: (_, _params: { user: UserInfo }) => {},
    markUserInfoFresh: () => {},
    clearSession: () => {},
    redirectToLogin: () => {},
    rememberLogin: assign((_, params: { result: LoginResult }) => ({
      token: params.result.token,
      user: params.result.userinfo,
      userInfoFresh: true,
    })),
    forget: assign({ token: null, user: null, userInfoFresh: false }),
  },
  guards: {
    hasSession: ({ context }) => context.token !== null,
    userInfoStale: ({ context }) => !context.userInfoFresh,
    loginCheckPassed: (_, params: { ok: boolean }) => params.ok,
  },
}).createMachine({
  id: 'authSession',
  context: ({ input }) => ({ token: input.token, user: input.user, userInfoFresh: input.userInfoFresh }),
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasSession', target: 'loggedIn' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      on: {
        'session.loggedIn': { target: 'loggedIn.ready', actions: LOGIN_ACTIONS },
        // A stray 401 while logged out still sends the user to login (e.g. an auth-only call).
        UNAUTHORIZED: { actions: 'redirectToLogin' },
      },
    },
    loggedIn: {
      initial: 'verifying',
      on: {
        LOGOUT: '.loggingOut',
        UNAUTHORIZED: {
          target: 'loggedOut',
          actions: END_SESSION,
        },
        'session.cleared': { target: 'loggedOut', actions: ['forget', 'clearSession'] },
        'session.userUpdated': {
          actions: [assign(({ event }) => ({ user: event.user })), { type: 'persistUser', params: ({ event }) => ({ user: event.user }) }],
        },
        'session.loggedIn': { target: '.ready', actions: LOGIN_ACTIONS },
      },
      states: {
        verifying: {
          invoke: {
            id: 'checkStatus',
            src: 'checkStatus',
            onDone: [
              { guard: { type: 'loginCheckPassed', params: ({ event }) => ({ ok: event.output }) }, target: 'deciding' },
              // Falsy login check: clear silently, no redirect, no message.
              { target: '#authSession.loggedOut', actions: ['forget', 'clearSession'] },
            ],
            // A network failure is not proof of logout: keep the session.
            onError: 'deciding',
          },
        },
        deciding: {
          always: [{ guard: 'userInfoStale', target: 'refreshing' }, { target: 'ready' }],
        },
        refreshing: {
          invoke: {
            id: 'fetchUserInfo',
            src: 'fetchUserInfo',
            onDone: {
              target: 'ready',
              actions: [
                assign(({ event }) => ({ user: event.output, userInfoFresh: true })),
                { type: 'persistUser', params: ({ event }) => ({ user: event.output }) },
                'markUserInfoFresh',
              ],
            },
            onError: 'ready',
          },
        },
        ready: {
          on: { REFRESH_USER: 'refreshing' },
        },
        loggingOut: {
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: {
              target: '#authSession.loggedOut',
              actions: END_SESSION,
            },
            // Even when the server cannot be reached the local session ends.
            onError: {
              target: '#authSession.loggedOut',
              actions: END_SESSION,
            },
          },
        },
      },
    },
  },
});

export type AuthSessionMachine = typeof authSessionMachine;
