import type { ReactNode } from 'react';
import type { Layout as LayoutKind } from '../../routeTypes';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** main: header, page, footer; login: the /uc login layout (brand header only); bare: full-screen pages. */
export function Layout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  if (kind === 'bare') return <>{children}</>;
  const login = kind === 'login';
  return (
    <div className={login ? 'xt-login' : 'xt-page'}>
      <SiteHeader minimal={login} />
      <main className="xt-main">{children}</main>
      <SiteFooter compact={login} />
    </div>
  );
}
