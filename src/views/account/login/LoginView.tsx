import { useState } from 'react';
import { useSearch } from 'wouter';
import { redirectTarget } from '../../../domain/shared/routing';
import type { RouteViewProps } from '../../../routeTypes';
import { usePageTitle } from '../../shared/usePageTitle';
import { LoginPanel } from './LoginPanel';

/** /uc/login: the login card. With WeChat's ?code&state it opens on the QR tab and exchanges them. */
export default function LoginView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const search = useSearch();
  // Read once: the exchange belongs to the page load WeChat sent us to.
  const [wechatCallback] = useState(() => {
    const query = new URLSearchParams(search);
    const code = query.get('code');
    const state = query.get('state');
    return code && state ? { code, state } : undefined;
  });
  return (
    <div className="xt-login-stage">
      <section className="xt-login-card" aria-label="登录">
        <h1>欢迎登录学途</h1>
        <LoginPanel mode="page" redirect={redirectTarget(search)} wechatCallback={wechatCallback} />
      </section>
    </div>
  );
}
