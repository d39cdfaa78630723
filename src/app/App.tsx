import { Router } from 'wouter';
import { LoginModalHost } from '../views/account/login/LoginModalHost';
import { AppRoutes } from '../views/app/AppRoutes';
import '../views/app/theme.css';
import '../views/app/shell.css';
import { ToastHost } from '../views/app/ToastHost';
import type { AuthSessionActor } from './authSession';
import { AppProvider } from './AppContext';

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
    <Router base={base} {...(hook ? { hook } : {})} {...(searchHook ? { searchHook } : {})}>
      <AppProvider session={session}>
        <AppRoutes />
        <LoginModalHost />
        <ToastHost />
      </AppProvider>
    </Router>
  );
}
