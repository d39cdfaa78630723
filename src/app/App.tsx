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
  /** On the server (src/ssr): the page's path (with the base) and query the HTML is rendered for. */
  ssrPath?: string;
  ssrSearch?: string;
}

export function App({ session, base = import.meta.env.BASE_URL.replace(/\/$/, ''), hook, searchHook, ssrPath, ssrSearch }: AppProps) {
  return (
    <Router base={base} {...(hook ? { hook } : {})} {...(searchHook ? { searchHook } : {})} {...(ssrPath ? { ssrPath, ssrSearch: ssrSearch ?? '' } : {})}>
      <AppProvider session={session}>
        <AppRoutes />
        <LoginModalHost />
        <ToastHost />
      </AppProvider>
    </Router>
  );
}
