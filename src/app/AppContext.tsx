/**
 * What the composition root hands to the views: the session through small selector hooks, the
 * environment every flow runs in (the developer inspector, the relay of session events), and the
 * toast and login-modal stores. Views import these hooks, never the session actor's module or
 * the services' stores.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Actor, ActorOptions, AnyStateMachine, EventFrom, InspectionEvent, SnapshotFrom } from 'xstate';
import type { UserInfo } from '../domain/account/contract';
import { isSessionFlowEvent, type SessionFlowEvent } from '../machines/shared/sessionEvents';
import { devInspect } from '../services/shared/devtools/hook';
import { closeLoginModal, isLoginModalOpen, openLoginModal, subscribeLoginModal } from '../services/shared/loginModal';
import { readToken } from '../services/shared/session.storage';
import { captureSource } from '../services/shared/source';
import { getToasts, showToast, subscribeToasts, type Toast, type ToastIntent } from '../services/shared/toast';
import type { AuthSessionActor } from './authSession';
import { createSessionRelay } from './sessionRelay';

/** What every flow (useFlow) is created with. */
export interface FlowEnv {
  /** The developer inspector (undefined in production builds). */
  inspect: ((event: InspectionEvent) => void) | undefined;
  /** Where a flow's emitted `session.*` events go. */
  relay: (event: SessionFlowEvent) => void;
}

interface AppEnv extends FlowEnv {
  session: AuthSessionActor;
}

const AppContext = createContext<AppEnv | null>(null);

/** Inside the Router: the relay navigates with the router's location. */
export function AppProvider({ session, children }: { session: AuthSessionActor; children: ReactNode }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => captureSource(search), [search]);
  // wouter keeps `navigate` the same function across renders (useEvent), so the relay is made once.
  const env = useMemo<AppEnv>(() => ({ session, inspect: devInspect, relay: createSessionRelay(session, () => navigate) }), [session, navigate]);
  return <AppContext.Provider value={env}>{children}</AppContext.Provider>;
}

function useAppEnv(): AppEnv {
  const env = useContext(AppContext);
  if (!env) throw new Error('AppProvider is missing');
  return env;
}

function useFlowEnv(): FlowEnv {
  return useAppEnv();
}

/**
 * The one way a view runs a flow machine: the
 * actor is created with the developer inspector (so it and every child it invokes or spawns
 * reach the actor panel), and every `session.*` event it emits is relayed to the root session,
 * which is how a flow logs in or updates the user. Returns the snapshot, `send` and the actor
 * (for `actor.on` of view-local emitted events). It lives here, in the entry chunk, so that the
 * home page and the lazily loaded login modal do not share a chunk of their own.
 */
export function useFlow<M extends AnyStateMachine>(machine: M, options: ActorOptions<M> = {}) {
  const { inspect, relay } = useFlowEnv();
  const withInspector = (inspect ? { ...options, inspect } : options) as ActorOptions<AnyStateMachine>;
  const actor = useActorRef(machine as AnyStateMachine, withInspector) as unknown as Actor<M>;
  useEffect(() => {
    const subscription = actor.on('*', (event: { type: string }) => {
      if (isSessionFlowEvent(event)) relay(event);
    });
    return () => subscription.unsubscribe();
  }, [actor, relay]);
  const snapshot = useSelector(actor, (s: SnapshotFrom<M>) => s);
  const send = useCallback((event: EventFrom<M>) => actor.send(event), [actor]);
  return [snapshot, send, actor] as const;
}

export function useIsLoggedIn(): boolean {
  return useSelector(useAppEnv().session, (s) => s.matches('loggedIn'));
}

/** The session state and the cookie: an expired cookie ends access even before a 401. */
export function useHasLiveSession(): boolean {
  return useIsLoggedIn() && readToken() !== null;
}

export function useCurrentUser(): UserInfo | null {
  return useSelector(useAppEnv().session, (s) => (s.matches('loggedIn') ? s.context.user : null));
}

export function useLogout(): () => void {
  const { session } = useAppEnv();
  return () => session.send({ type: 'LOGOUT' });
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}

export function useShowToast(): (message: string, intent?: ToastIntent) => void {
  return showToast;
}

export function useLoginModalOpen(): boolean {
  return useSyncExternalStore(subscribeLoginModal, isLoginModalOpen, isLoginModalOpen);
}

/** Opens the login modal (resolves true once the visitor logged in through it) and closes it. */
export function useLoginModal(): { open: () => Promise<boolean>; close: (loggedIn?: boolean) => void } {
  return { open: openLoginModal, close: closeLoginModal };
}
