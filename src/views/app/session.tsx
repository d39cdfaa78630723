import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { UserInfo } from '../../domain/account/contract';
import type { AuthSessionActor } from '../../services/authSession';

const SessionContext = createContext<AuthSessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: AuthSessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

export function useSessionActor(): AuthSessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('SessionProvider is missing');
  return actor;
}

export function useIsLoggedIn(): boolean {
  return useSelector(useSessionActor(), (s) => s.matches('loggedIn'));
}

export function useCurrentUser(): UserInfo | null {
  return useSelector(useSessionActor(), (s) => (s.matches('loggedIn') ? s.context.user : null));
}
