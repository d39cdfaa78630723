import { useId, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import { LOGIN_TEXTS } from '../../../domain/account/texts';
import { INPUT_MAX_LENGTH } from '../../../domain/account/validation';
import { redirectTarget } from '../../../domain/shared/routing';
import { paths } from '../../../paths';
import { forgotPasswordMachine } from '../../../machines/account/forgotPassword.machine';
import type { RouteViewProps } from '../../../routeTypes';
import { Spinner } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { FormField } from './FormField';
import { MobileCodeFields } from './MobileCodeFields';
import './login.css';

type Field = 'mobile' | 'code' | 'password' | 'confirm';

/** /uc/forgot-password: reset with an SMS code, then an automatic login with the new password. */
export default function ForgotPasswordView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const id = useId();
  const search = useSearch();
  // Read once: where the automatic login goes on to.
  const [target] = useState(() => redirectTarget(search));
  const [snapshot, send] = useFlow(forgotPasswordMachine, { input: { target } });
  const { values, errors } = snapshot.context;
  const busy = !snapshot.matches('editing');
  const sender = snapshot.children.smsSender;
  const edit = (field: Field) => (value: string) => send({ type: 'EDIT', field, value });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };

  let status = null;
  if (snapshot.matches('submitted') || snapshot.matches('followingUp') || snapshot.matches('done')) {
    status = <Spinner label="正在为您自动登录…" />;
  } else if (snapshot.matches('followUpFailed')) {
    status = (
      <div className="xt-state" role="alert" data-testid="auto-login-failed">
        <p>{LOGIN_TEXTS.autoLoginFailed}</p>
        <Link href={paths.login()} className="xt-btn xt-btn--primary">
          去登录
        </Link>
      </div>
    );
  }

  return (
    <div className="xt-login-stage">
      <section className="xt-login-card" aria-label="找回密码">
        <h1>找回密码</h1>
        {status ?? (
          <form className="xt-form" noValidate onSubmit={onSubmit} aria-label="找回密码">
            <MobileCodeFields id={id} values={values} errors={errors} sender={sender} disabled={busy} onEdit={(field, value) => edit(field)(value)} />
            <FormField
              id={`${id}-password`}
              label="新密码（6-18位，数字、字母、符号至少两种）"
              type="password"
              autoComplete="new-password"
              maxLength={INPUT_MAX_LENGTH.password}
              value={values.password}
              error={errors.password}
              disabled={busy}
              testId="password-input"
              onValueChange={edit('password')}
            />
            <FormField
              id={`${id}-confirm`}
              label="确认新密码"
              type="password"
              autoComplete="new-password"
              maxLength={INPUT_MAX_LENGTH.password}
              value={values.confirm}
              error={errors.confirm}
              disabled={busy}
              testId="confirm-input"
              onValueChange={edit('confirm')}
            />
            <button type="submit" className="xt-btn xt-btn--primary xt-submit" disabled={busy} data-testid="reset-submit">
              {snapshot.matches('submitting') ? '提交中…' : '重置密码'}
            </button>
            <div className="xt-login-foot">
              <Link href={paths.login()} className="xt-linkbtn">
                返回登录
              </Link>
            </div>
          </form>
        )}
      </section>
    </div>
  );
}
