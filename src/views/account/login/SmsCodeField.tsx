/**
 * The SMS code input with its get-code link and slider captcha, driven by an smsSender actor
 * (src/machines/account/smsSender.machine.ts). Reusable wherever a code is needed (login, bind phone,
 * forgot password, the user centre's change mobile).
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { INPUT_MAX_LENGTH } from '../../../domain/account/validation';
import { smsSenderView, type smsSenderMachine } from '../../../machines/account/smsSender.machine';
import { FormField } from './FormField';
import { SliderCaptcha } from './SliderCaptcha';

export type SmsSenderRef = ActorRefFrom<typeof smsSenderMachine>;

/** The get-code link and, while open, the captcha panel (positioned by the enclosing .xt-field). */
export function SmsCodeButton({ sender }: { sender: SmsSenderRef }) {
  const view = useSelector(sender, smsSenderView, (a, b) => a.label === b.label && a.canRequest === b.canRequest && a.counting === b.counting);
  return (
    <button
      type="button"
      className="xt-linkbtn xt-code-btn"
      disabled={!view.canRequest}
      aria-live={view.counting ? 'off' : 'polite'}
      data-testid="get-code"
      onClick={() => sender.send({ type: 'REQUEST_CODE' })}
    >
      {view.label}
    </button>
  );
}

export function SmsCaptchaPanel({ sender }: { sender: SmsSenderRef }) {
  const captcha = useSelector(sender, (s) => smsSenderView(s).captcha, sameCaptcha);
  if (!captcha) return null;
  return (
    <SliderCaptcha
      key={captcha.challenge?.challengeId ?? 'none'}
      status={captcha.status}
      challenge={captcha.challenge}
      error={captcha.error}
      loadError={captcha.loadError}
      onSolve={(solution) => sender.send({ type: 'CAPTCHA_SOLVED', solution })}
      onRefresh={() => sender.send({ type: 'CAPTCHA_REFRESH' })}
      onClose={() => sender.send({ type: 'CAPTCHA_CLOSE' })}
    />
  );
}

type CaptchaView = ReturnType<typeof smsSenderView>['captcha'];
function sameCaptcha(a: CaptchaView, b: CaptchaView): boolean {
  if (a === null || b === null) return a === b;
  return a.status === b.status && a.challenge === b.challenge && a.error === b.error && a.loadError === b.loadError;
}

interface SmsCodeFieldProps {
  sender: SmsSenderRef;
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}

export function SmsCodeField({ sender, id, value, onValueChange, error, disabled }: SmsCodeFieldProps) {
  return (
    <FormField
      id={id}
      label="短信验证码"
      value={value}
      onValueChange={onValueChange}
      error={error}
      testId="code-input"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={INPUT_MAX_LENGTH.smsCode}
      disabled={disabled}
      addon={<SmsCodeButton sender={sender} />}
    >
      <SmsCaptchaPanel sender={sender} />
    </FormField>
  );
}
