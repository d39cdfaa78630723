/** Turns an HTTP outcome into the message of the error catalogue (product-spec §8). */
import { type Envelope, isNoLogin, isSuccess } from '../../../domain/shared/envelope';
import {
  FALLBACK_ERROR_TEXT,
  httpErrorText,
  NETWORK_ERROR_TEXT,
  normalizeErrorMessage,
  OFFLINE_ERROR_TEXT,
  UNAUTHORIZED_TEXT,
} from '../../../domain/shared/errors';

export type Outcome =
  | { kind: 'success'; data: unknown }
  | { kind: 'unauthorized'; message: string; status: number; code: number | null }
  | { kind: 'failure'; message: string; status: number; code: number | null; data: unknown };

function bodyMessage(body: Partial<Envelope> | null): string | undefined {
  return body?.msg || body?.message || undefined;
}

/** status 0 means no response came back (network failure, abort or timeout); `offline`: the browser says it has no network. */
export function classify(status: number, body: Partial<Envelope> | null, transportError?: unknown, offline = false): Outcome {
  if (status === 0 && offline) return { kind: 'failure', message: OFFLINE_ERROR_TEXT, status: 0, code: null, data: null };
  if (status === 0) {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- any other thrown value: String() is the intended last resort.
    const text = transportError instanceof Error ? `${transportError.name} ${transportError.message}` : String(transportError ?? '');
    const message = /timeout/i.test(text) ? normalizeErrorMessage(text) : NETWORK_ERROR_TEXT;
    return { kind: 'failure', message, status: 0, code: null, data: null };
  }
  const code = typeof body?.code === 'number' ? body.code : null;
  if (status === 401 || isNoLogin(body as Envelope)) {
    return { kind: 'unauthorized', message: bodyMessage(body) ?? UNAUTHORIZED_TEXT, status, code };
  }
  if (status >= 200 && status < 300 && isSuccess(body as Envelope)) {
    return { kind: 'success', data: body?.data ?? null };
  }
  let message: string;
  if (status === 400) message = bodyMessage(body) ?? FALLBACK_ERROR_TEXT;
  else message = httpErrorText(status) ?? bodyMessage(body) ?? FALLBACK_ERROR_TEXT;
  return { kind: 'failure', message: normalizeErrorMessage(message), status, code, data: body?.data ?? null };
}
