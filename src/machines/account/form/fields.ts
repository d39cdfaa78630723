/** Field editing shared by the login-area machines: keep the normalized value, drop its error. */
import type { FieldErrors } from '../../../domain/shared/forms';

export type FormValues = Record<string, string>;

export function applyEdit<V extends { [K in keyof V]: string }>(
  values: V,
  errors: FieldErrors<keyof V & string>,
  normalize: { [K in keyof V]: (value: string) => string },
  field: keyof V & string,
  value: string,
): { values: V; errors: FieldErrors<keyof V & string> } {
  const { [field]: _cleared, ...rest } = errors;
  return { values: { ...values, [field]: normalize[field](value) }, errors: rest as FieldErrors<keyof V & string> };
}
