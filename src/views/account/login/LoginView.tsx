import { useState } from 'react';
import { useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import { redirectTarget } from '../../../domain/shared/routing';
import { loginNoticeMachine } from '../../../machines/account/loginNotice.machine';
import type { RouteViewProps } from '../../../routeTypes';
import { usePageTitle } from '../../shared/usePageTitle';
import { LoginPanel } from './LoginPanel';

/**
 * /uc/login: the login card. With WeChat's ?code&state it opens on the QR tab and exchanges them.
 * A device the server signed out with a reason (a newer login beyond the device limit) finds it
 * above the form (loginNotice.machine) until it logs in or leaves.
 */
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
  const [notice] = useFlow(loginNoticeMachine);
  return (
    <div className="xt-login-stage">
      <section className="xt-login-card" aria-label="登录">
        <h1>欢迎登录学途</h1>
        {notice.matches('shown') && (
          <p className="xt-login-notice" role="alert" data-testid="login-notice">
            {notice.context.message}
          </p>
        )}
        <LoginPanel mode="page" redirect={redirectTarget(search)} wechatCallback={wechatCallback} />
      </section>
    </div>
  );
}
