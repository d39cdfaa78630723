/** The `{code, msg, data}` envelope of every API answer, and the error type routes throw. */
import type { Envelope } from '../../src/domain/shared/envelope';
import { BAD_REQUEST_TEXT, FALLBACK_ERROR_TEXT, httpErrorText, TOO_MANY_REQUESTS_TEXT, UNAUTHORIZED_TEXT } from '../../src/domain/shared/errors';

export const SUCCESS_MSG = 'success';

export function ok<T>(data: T): Envelope<T> {
  return { code: 200, msg: SUCCESS_MSG, data };
}

export function fail(code: number, msg: string = defaultErrorText(code), data: unknown = null): Envelope<unknown> {
  return { code, msg, data };
}

/** Texts the catalogue (src/domain/shared/errors.ts) has no entry for; the client shows msg as it is. */
const EXTRA_TEXTS: Readonly<Record<number, string>> = {
  400: BAD_REQUEST_TEXT,
  401: UNAUTHORIZED_TEXT,
  405: '请求方法不被允许(405)',
  413: '请求体过大(413)',
  414: '请求地址过长(414)',
  415: '不支持的请求类型(415)',
  431: '请求头过大(431)',
  429: TOO_MANY_REQUESTS_TEXT,
};

export function defaultErrorText(code: number): string {
  return EXTRA_TEXTS[code] ?? httpErrorText(code) ?? FALLBACK_ERROR_TEXT;
}

/**
 * An expected failure: HTTP status and body code are both `status`, msg is shown to the user as
 * is, so it must be Chinese and must not leak internals.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    status: number,
    msg: string = defaultErrorText(status),
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'AppError';
    this.statusCode = status;
  }
}

export const unauthorized = (): AppError => new AppError(401, UNAUTHORIZED_TEXT);
export const badRequest = (msg: string = BAD_REQUEST_TEXT): AppError => new AppError(400, msg);
export const notFound = (msg?: string): AppError => new AppError(404, msg);
