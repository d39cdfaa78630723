import { useId, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import { ACCOUNT_TEXTS } from '../../../domain/account/texts';
import { loginUrl, redirectTarget } from '../../../domain/shared/routing';
import { paths } from '../../../paths';
import { bindPhoneMachine } from '../../../machines/account/bindPhone.machine';
import type { RouteViewProps } from '../../../routeTypes';
import { usePageTitle } from '../../shared/usePageTitle';
import { MobileCodeFields } from './MobileCodeFields';
import './login.css';

/** /uc/bindphone?code&state&sessionKey: a WeChat account without a mobile binds one and is logged in. */
export default function BindPhoneView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const id = useId();
  const search = useSearch();
  const [sessionKey] = useState(() => new URLSearchParams(search).get('sessionKey'));
  const target = redirectTarget(search);
  const [snapshot, send] = useFlow(bindPhoneMachine, { input: { target, data: { sessionKey } } });
  const { values, errors } = snapshot.context;
  const busy = snapshot.matches('submitting') || snapshot.matches('done');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };

  return (
    <div className="xt-login-stage">
      <section className="xt-login-card" aria-label="绑定手机号">
        <h1>绑定手机号</h1>
        {snapshot.matches('unavailable') ? (
          <div className="xt-state" role="alert" data-testid="bind-expired">
            <p>{ACCOUNT_TEXTS.wechatSessionExpired}</p>
            <Link href={target === '/' ? paths.login() : loginUrl(target)} className="xt-btn xt-btn--primary">
              返回登录
            </Link>
          </div>
        ) : (
          <form className="xt-form" noValidate onSubmit={onSubmit} aria-label="绑定手机号">
            <p className="xt-login-card__note">为了您的账号安全，请绑定手机号。绑定后可使用手机号或微信登录。</p>
            <MobileCodeFields
              id={id}
              values={values}
              errors={errors}
              sender={snapshot.children.smsSender}
              disabled={busy}
              onEdit={(field, value) => send({ type: 'EDIT', field, value })}
            />
            <button type="submit" className="xt-btn xt-btn--primary xt-submit" disabled={busy} data-testid="bind-submit">
              {busy ? '绑定中…' : '绑定并登录'}
            </button>
          </form>
        )}
      </section>
    </div>
  );
}
