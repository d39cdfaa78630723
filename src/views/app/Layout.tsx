import { lazy, type ReactNode, Suspense } from 'react';
import type { Layout as LayoutKind } from '../../routeTypes';
import { useHydrated } from '../shared/useHydrated';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/**
 * main: header, page, footer; login: the /uc login layout (brand header only); bare: full-screen
 * pages (the player, the answering screen). Each has the floating customer-service button where
 * `customerService` is set (showsCustomerService in src/domain/site/customerService.ts).
 */
/**
 * Its own chunk, loaded after the page's: a fixed button moves nothing when it arrives, and the
 * first paint of every page waits for none of it.
 */
const CustomerService = lazy(() => import('./CustomerService'));
/** The offline / new-version foot line: its own chunk too (precached by the worker, scripts/build/offlineShell.ts). */
const NetworkNotices = lazy(() => import('./NetworkNotices'));

export function Layout({ kind, customerService, children }: { kind: LayoutKind; customerService: boolean; children: ReactNode }) {
  // Both are the browser's own (the network, the chat): not in a server-rendered page's HTML.
  const hydrated = useHydrated();
  const help =
    customerService && hydrated ? (
      <Suspense fallback={null}>
        <CustomerService />
      </Suspense>
    ) : null;
  if (kind === 'bare')
    return (
      <>
        {children}
        {help}
        {/* The answering screen and the player say themselves what offline means for them. */}
        {hydrated && (
          <Suspense fallback={null}>
            <NetworkNotices offlineLine={false} />
          </Suspense>
        )}
      </>
    );
  const login = kind === 'login';
  return (
    <div className={login ? 'xt-login' : 'xt-page'}>
      <SiteHeader minimal={login} />
      <main className="xt-main">{children}</main>
      <SiteFooter compact={login} />
      {help}
      {hydrated && (
        <Suspense fallback={null}>
          <NetworkNotices offlineLine />
        </Suspense>
      )}
    </div>
  );
}
