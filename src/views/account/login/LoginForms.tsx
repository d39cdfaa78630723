/** The two tabs of the login card: SMS code and password. Each runs its own flow (form/formFlow.ts). */
import { useId, type FormEvent } from 'react';
import { useFlow } from '../../../app/AppContext';
import type { LoginResult } from '../../../domain/account/contract';
import { LOGIN_TEXTS } from '../../../domain/account/texts';
import { INPUT_MAX_LENGTH } from '../../../domain/account/validation';
import type { FormFlowMachine, FormValues } from '../../../machines/account/form/formFlow';
import { passwordLoginMachine } from '../../../machines/account/passwordLogin.machine';
import { smsLoginMachine } from '../../../machines/account/smsLogin.machine';
import { AgreementCheckbox } from './AgreementCheckbox';
import { FormField, MobileField } from './FormField';
import { MobileCodeFields } from './MobileCodeFields';

export interface LoginFormProps {
  /** The card's tick, kept across tabs. */
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  /** Where a page login goes next; null in the login modal. */
  target: string | null;
}

function useLoginForm<V extends FormValues>(machine: FormFlowMachine<V, undefined, LoginResult>, { agreed, onAgreedChange, target }: LoginFormProps) {
  const [snapshot, , actor] = useFlow(machine, { input: { agreed, target } });
  return {
    actor,
    snapshot,
    submitting: snapshot.matches('submitting') || snapshot.matches('done'),
    edit: (field: keyof V & string, value: string) => actor.send({ type: 'EDIT', field, value }),
    onSubmit: (e: FormEvent) => {
      e.preventDefault();
      actor.send({ type: 'SUBMIT' });
    },
    agreement: (
      <AgreementCheckbox
        key={snapshot.context.prompts}
        checked={snapshot.context.agreed}
        prompt={snapshot.context.agreementPrompt}
        shaking={snapshot.matches('agreementPrompt')}
        onChange={(value) => {
          actor.send({ type: 'AGREEMENT_CHANGED', agreed: value });
          onAgreedChange(value);
        }}
      />
    ),
  };
}

function SubmitButton({ busy }: { busy: boolean }) {
  return (
    <button type="submit" className="xt-btn xt-btn--primary xt-submit" disabled={busy} data-testid="login-submit">
      {busy ? '登录中…' : '登录'}
    </button>
  );
}

export function SmsLoginForm(props: LoginFormProps) {
  const id = useId();
  const form = useLoginForm(smsLoginMachine, props);
  const { values, errors } = form.snapshot.context;
  return (
    <form className="xt-form" noValidate onSubmit={form.onSubmit} aria-label="短信登录">
      <p className="xt-hint">{LOGIN_TEXTS.registerHint}</p>
      <MobileCodeFields id={id} values={values} errors={errors} sender={form.snapshot.children.smsSender} disabled={form.submitting} onEdit={form.edit} />
      <SubmitButton busy={form.submitting} />
      {form.agreement}
    </form>
  );
}

export function PasswordLoginForm(props: LoginFormProps) {
  const id = useId();
  const form = useLoginForm(passwordLoginMachine, props);
  const { values, errors } = form.snapshot.context;
  return (
    <form className="xt-form" noValidate onSubmit={form.onSubmit} aria-label="密码登录">
      <MobileField id={`${id}-mobile`} value={values.mobile} error={errors.mobile} disabled={form.submitting} onValueChange={(v) => form.edit('mobile', v)} />
      <FormField
        id={`${id}-password`}
        label="密码"
        type="password"
        autoComplete="current-password"
        maxLength={INPUT_MAX_LENGTH.password}
        value={values.password}
        error={errors.password}
        disabled={form.submitting}
        testId="password-input"
        onValueChange={(v) => form.edit('password', v)}
      />
      <p className="xt-hint">{LOGIN_TEXTS.passwordLoginHint}</p>
      <SubmitButton busy={form.submitting} />
      {form.agreement}
    </form>
  );
}
