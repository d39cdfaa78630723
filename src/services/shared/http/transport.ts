/**
 * The client's transport: one `fetch`, same origin, with what the client needs of a wrapper and
 * nothing more (ofetch cost the home route ~3.8 KB gzip). The query is appended to the URL, a
 * plain object or array goes as JSON, any status resolves with the body read; only a request that
 * got no answer rejects: a network failure, the caller's abort (its reason), or the timeout (an
 * error named TimeoutError, which the catalogue shows as the timeout text).
 */

export interface TransportRequest {
  method: string;
  headers: Record<string, string>;
  /** Appended to the URL; undefined entries are left out, an array repeats its key. */
  query?: object;
  /** A plain object or array is sent as JSON; FormData, URLSearchParams, Blob and strings as they are. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs: number;
}

export interface TransportResponse {
  status: number;
  /** The body parsed as JSON (a JSON content type, or none); its text when it is not JSON; '' when there is none. */
  data: unknown;
}

export const TIMEOUT_ERROR_NAME = 'TimeoutError';

function timeoutError(): Error {
  const error = new Error('The operation was aborted due to timeout');
  error.name = TIMEOUT_ERROR_NAME;
  return error;
}

function queryValue(value: unknown): string {
  if (value === null) return '';
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- strings, numbers and booleans; an object goes as JSON.
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** `url` with `query` appended (after any query it already has). */
export function withQuery(url: string, query: object | undefined): string {
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query) as [string, unknown][]) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) search.append(key, queryValue(item));
  }
  const text = search.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/** A plain object or an array (what a call's JSON body is); not FormData, URLSearchParams, Blob or a buffer. */
function isJsonValue(body: unknown): body is object {
  if (typeof body !== 'object' || body === null) return false;
  const proto = Object.getPrototypeOf(body) as unknown;
  return Array.isArray(body) || proto === Object.prototype || proto === null;
}

const JSON_TYPE = /^application\/(?:[\w!#$%&*.^`~-]*\+)?json$/i;

async function readData(response: Response): Promise<unknown> {
  const text = await response.text();
  const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
  if (type && !JSON_TYPE.test(type)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function transport(url: string, request: TransportRequest): Promise<TransportResponse> {
  const headers = { ...request.headers };
  let body = request.body as BodyInit | null | undefined;
  if (request.body && (isJsonValue(request.body) || typeof request.body === 'string')) {
    if (typeof request.body !== 'string') body = JSON.stringify(request.body);
    headers['content-type'] ??= 'application/json';
    headers.accept ??= 'application/json';
  }
  // One controller for the timeout and the caller's signal (AbortSignal.any is missing from older iOS webviews).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(timeoutError());
  }, request.timeoutMs);
  const caller = request.signal;
  const relay = () => controller.abort(caller?.reason);
  if (caller?.aborted) relay();
  else caller?.addEventListener('abort', relay);
  try {
    const response = await fetch(withQuery(url, request.query), { method: request.method, headers, body, signal: controller.signal });
    return { status: response.status, data: await readData(response) };
  } catch (error) {
    throw timedOut ? timeoutError() : error;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', relay);
  }
}
