/** Field errors of a form: field name → message of the first failed rule; fields that pass are absent. */

/** Field name → message of the first failed rule; fields that pass are absent. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function collectErrors<F extends string>(checks: Record<F, string | null>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(checks) as F[]) {
    const message = checks[field];
    if (message) errors[field] = message;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.keys(errors).length > 0;
}
