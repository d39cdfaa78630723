import { Router } from 'wouter';
import type { AuthSessionActor } from '../../services/authSession';
import { LoginModalHost } from '../login/LoginModalHost';
import { AppRoutes } from './AppRoutes';
import { SessionProvider } from './session';
import './theme.css';
import './shell.css';
import { ToastHost } from './ToastHost';

export interface AppProps {
  session: AuthSessionActor;
  /** Router base; the browser build uses Vite's BASE_URL (/new). */
  base?: string;
  /** A custom location hook for tests (wouter memory location). */
  hook?: Parameters<typeof Router>[0]['hook'];
  searchHook?: Parameters<typeof Router>[0]['searchHook'];
}

export function App({ session, base = import.meta.env.BASE_URL.replace(/\/$/, ''), hook, searchHook }: AppProps) {
  return (
    <SessionProvider actor={session}>
      <Router base={base} {...(hook ? { hook } : {})} {...(searchHook ? { searchHook } : {})}>
        <AppRoutes />
        <LoginModalHost />
      </Router>
      <ToastHost />
    </SessionProvider>
  );
}
