import { INPUT_MAX_LENGTH } from '../../../domain/account/validation';
import type { InputHTMLAttributes, ReactNode } from 'react';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  testId?: string;
  /** Rendered after the input inside its box (e.g. the get-code link). */
  addon?: ReactNode;
  /** Rendered after the error line (e.g. the slider captcha panel). */
  children?: ReactNode;
}

/** A labelled input with its validation message underneath (shown after a submit). */
export function FormField({ id, label, value, onValueChange, error, testId, addon, children, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'xt-field xt-field--invalid' : 'xt-field'}>
      <label htmlFor={id} className="xt-sr-only">
        {label}
      </label>
      <div className="xt-field__row">
        <input
          id={id}
          className="xt-field__input"
          value={value}
          placeholder={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
          onChange={(e) => onValueChange(e.target.value)}
          {...inputProps}
        />
        {addon}
      </div>
      <div className="xt-field__error" id={errorId} role={error ? 'alert' : undefined}>
        {error}
      </div>
      {children}
    </div>
  );
}

interface MobileFieldProps {
  id: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onValueChange: (value: string) => void;
  label?: string;
}

/** The mobile-number input every SMS form shares: numeric keyboard, 11 digits, autofill as tel. */
export function MobileField({ id, value, error, disabled, onValueChange, label = '手机号码' }: MobileFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={INPUT_MAX_LENGTH.phone}
      value={value}
      error={error}
      disabled={disabled}
      testId="mobile-input"
      onValueChange={onValueChange}
    />
  );
}
