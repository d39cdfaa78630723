import { Button } from '@fluentui/react-components';
import { useId, type FormEvent } from 'react';
import type { UserInfo } from '../../../domain/account/contract';
import { maskMobile } from '../../../domain/shared/format';
import { changeMobileMachine } from '../../../machines/account/changeMobile.machine';
import { useCurrentUser, useFlow } from '../../../app/AppContext';
import { MobileCodeFields } from '../login/MobileCodeFields';
// The SMS code field and its slider captcha are styled there.
import '../login/login.css';

/** 绑定手机: the masked mobile and the 更换手机号 panel (changeMobile.machine). */
export function MobileCard() {
  const user = useCurrentUser();
  return (
    <section className="xt-card" aria-labelledby="card-mobile">
      {user ? <MobilePanel user={user} /> : <span className="xt-card__status">加载中…</span>}
    </section>
  );
}

function MobilePanel({ user }: { user: UserInfo }) {
  const id = useId();
  const [snapshot, send] = useFlow(changeMobileMachine, { input: { data: { user } } });
  const { values, errors } = snapshot.context;
  const open = snapshot.matches('open');
  const busy = snapshot.matches('open.submitting');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'SUBMIT' });
  };
  return (
    <>
      <div className="xt-card__head">
        <div>
          <h2 className="xt-card__title" id="card-mobile">
            绑定手机
          </h2>
          {/* The session's user: session.userUpdated after a change shows the new number at once. */}
          <span className="xt-card__status" data-testid="mobile-status">
            {user.bindMobile && user.mobile ? maskMobile(user.mobile) : '未绑定'}
          </span>
        </div>
        {!open && <Button onClick={() => send({ type: 'OPEN' })}>{user.bindMobile ? '更换手机号' : '绑定手机号'}</Button>}
      </div>
      {open && (
        <form className="xt-form" noValidate onSubmit={onSubmit} aria-label="更换手机号">
          <MobileCodeFields
            id={id}
            mobileLabel="新手机号码"
            values={values}
            errors={errors}
            sender={snapshot.children.smsSender}
            disabled={busy}
            onEdit={(field, value) => send({ type: 'EDIT', field, value })}
          />
          <div className="xt-form__actions">
            <Button type="submit" appearance="primary" disabled={busy}>
              {busy ? '提交中…' : '确认更换'}
            </Button>
            <Button type="button" disabled={busy} onClick={() => send({ type: 'CLOSE' })}>
              取消
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
