import type { Ask } from '../../../domain/shared/serverPage';
import type { call } from './client';

/** The HTTP client as a domain recipe's transport (src/domain/shared/serverPage.ts), with the client's own extras on every call. */
export function askWith(send: typeof call, extras: { silent?: boolean; signal?: AbortSignal } = {}): Ask {
  // The recipe's options are the call's own (typed at the recipe); the transport reads any call's alike.
  return (def, options) => (send as (d: typeof def, o: object) => ReturnType<Ask>)(def, { ...options, ...extras });
}
