import { Button, Field, Input } from '@fluentui/react-components';
import { useFlow } from '../../../app/AppContext';
import { changePasswordMachine, type PasswordField } from '../../../machines/account/changePassword.machine';

const LABELS: Record<PasswordField, string> = { oldPassword: '原密码', newPassword: '新密码', confirmPassword: '确认新密码' };

/** 登录密码: 修改密码 with the old one, or 设置密码 when the account has none (changePassword.machine). */
export function PasswordCard({ hasPassword: hadPassword }: { hasPassword: boolean }) {
  const [snapshot, send] = useFlow(changePasswordMachine, { input: { hasPassword: hadPassword } });
  const { hasPassword, values, errors } = snapshot.context;
  const fields: PasswordField[] = hasPassword ? ['oldPassword', 'newPassword', 'confirmPassword'] : ['newPassword', 'confirmPassword'];
  const submitting = snapshot.matches('submitting');
  const title = hasPassword ? '修改密码' : '设置密码';

  return (
    <section className="xt-card" aria-labelledby="card-password">
      <div className="xt-card__head">
        <h2 className="xt-card__title" id="card-password">
          登录密码
        </h2>
        <span className="xt-card__status">{hasPassword ? '已设置' : '未设置密码'}</span>
      </div>
      <form
        className="xt-form"
        noValidate
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'SUBMIT' });
        }}
      >
        {fields.map((field) => (
          <Field key={field} label={LABELS[field]} required validationMessage={errors[field]}>
            <Input
              type="password"
              autoComplete={field === 'oldPassword' ? 'current-password' : 'new-password'}
              value={values[field]}
              onChange={(_, data) => send({ type: 'EDIT', field, value: data.value })}
            />
          </Field>
        ))}
        <div className="xt-form__actions">
          <Button type="submit" appearance="primary" disabled={submitting}>
            {submitting ? '提交中…' : title}
          </Button>
        </div>
      </form>
    </section>
  );
}
