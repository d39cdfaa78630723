/**
 * The root auth-session actor (systemId 'session'): the statechart with its storage, navigation
 * and server calls, and the HTTP client's 401s routed to it. Part of the composition root; tests
 * build their own with `createAuthSession` and different implementations.
 */
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { UserInfo } from '../domain/account/contract';
import { loginUrl, stripBase } from '../domain/shared/routing';
import { authSessionMachine, SESSION_SYSTEM_ID, type AuthSessionInput } from '../machines/account/authSession.machine';
import * as accountApi from '../services/account/account.api';
import { devInspect } from '../services/shared/devtools/hook';
import { onUnauthorized } from '../services/shared/http/client';
import {
  clearStoredSession,
  isUserInfoFresh,
  markUserInfoFresh,
  readStoredUser,
  readToken,
  writeStoredUser,
  writeToken,
} from '../services/shared/session.storage';

export type AuthSessionActor = ActorRefFrom<typeof authSessionMachine>;

export interface AuthSessionDeps {
  /** Navigates inside the SPA to a path relative to the base. */
  navigate: (to: string) => void;
  /** The current path and query relative to the base. */
  currentPath: () => string;
  checkStatus: () => Promise<boolean>;
  fetchUserInfo: () => Promise<UserInfo>;
  logout: () => Promise<void>;
}

const BASE = import.meta.env.BASE_URL;

export function browserDeps(): AuthSessionDeps {
  return {
    navigate: (to) => {
      const url = `${BASE.replace(/\/$/, '')}${to}`;
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    currentPath: () => `${stripBase(window.location.pathname, BASE)}${window.location.search}`,
    checkStatus: accountApi.checkLoginStatus,
    fetchUserInfo: accountApi.getUserInfo,
    logout: accountApi.logout,
  };
}

export function readSessionInput(): AuthSessionInput {
  const token = readToken();
  return { token, user: token ? readStoredUser() : null, userInfoFresh: isUserInfoFresh() };
}

export function authSessionLogic(deps: AuthSessionDeps) {
  return authSessionMachine.provide({
    actors: {
      checkStatus: fromPromise(() => deps.checkStatus()),
      fetchUserInfo: fromPromise(() => deps.fetchUserInfo()),
      logout: fromPromise(() => deps.logout()),
    },
    actions: {
      persistSession: (_, { result }) => {
        writeToken(result.token, result.expirationTimestamp);
        writeStoredUser(result.userinfo);
      },
      persistUser: (_, { user }) => writeStoredUser(user),
      markUserInfoFresh: () => markUserInfoFresh(),
      clearSession: () => clearStoredSession(),
      redirectToLogin: () => deps.navigate(loginUrl(deps.currentPath())),
    },
  });
}

/** Creates and starts a session actor and routes the HTTP client's 401s to it. */
export function createAuthSession(deps: AuthSessionDeps = browserDeps(), input: AuthSessionInput = readSessionInput()): AuthSessionActor {
  const actor = createActor(authSessionLogic(deps), { input, systemId: SESSION_SYSTEM_ID, ...(devInspect ? { inspect: devInspect } : {}) });
  onUnauthorized(() => actor.send({ type: 'UNAUTHORIZED' }));
  actor.start();
  return actor;
}
