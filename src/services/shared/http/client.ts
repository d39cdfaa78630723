/**
 * The one HTTP client. Same origin, the common headers of product-spec §7, a 30 s timeout, and
 * the error catalogue of §8: failures toast (unless the call is silent) and throw ApiError; a 401
 * or 'nologin' hands over to the session (clear and go to login) through `onUnauthorized`, and a
 * reason the server gave with it (您的账号已在其他设备登录) is kept for the login page to show.
 */
import { ACCOUNT_EXTRA_CALLS } from '../../../domain/account/calls';
import { type AnswerOf, type ApiCallDef, type BodyOf, buildPath, type Call, type ParamsOf, type PathParams, type QueryOf } from '../../../domain/shared/api';
import { REQUEST_TIMEOUT_MS, TERMINAL_TYPE } from '../../../domain/shared/constants';
import type { Envelope } from '../../../domain/shared/envelope';
import { UNAUTHORIZED_TEXT } from '../../../domain/shared/errors';
import { type SignedParams, type SignedUpload, signParams } from '../../../domain/shared/signature';
import { readToken } from '../session.storage';
import { readSource } from '../source';
import { showToast } from '../toast';
import { ApiError } from './ApiError';
import { classify } from './catalogue';
import { transport } from './transport';

/** What any call may add to what it sends. */
export interface CallExtras {
  /** Suppress the error toast (the caller shows the failure itself). */
  silent?: boolean;
  signal?: AbortSignal;
}

/** A part the call's shape declares is required with its type; one it leaves out may not be sent. */
type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/** What `call(def, options)` takes for `def`: its body, path params and query as its definition types them. */
export type CallOptions<D extends Call> = CallExtras & Part<'body', BodyOf<D>> & Part<'params', ParamsOf<D>> & Part<'query', QueryOf<D>>;

/** The options may be left out when nothing in them is required (a GET without params). */
type OptionsArg<D extends Call> = object extends CallOptions<D> ? [options?: CallOptions<D>] : [options: CallOptions<D>];

/** The options as the transport reads them, whatever the call. */
interface WireOptions extends CallExtras {
  params?: PathParams;
  query?: object;
  body?: unknown;
}

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler = () => {};

/** The session registers here; kept as a hook so the client does not import the session actor. */
export function onUnauthorized(handler: UnauthorizedHandler): void {
  unauthorizedHandler = handler;
}

/**
 * The reason the server gave with its last 401, when it said more than the plain 登录已失效 (a
 * newer login elsewhere ended this session): the login page the session goes to shows it. Kept
 * until that page takes it; listeners hear of each new one.
 */
let unauthorizedReason: string | null = null;
const reasonListeners = new Set<(reason: string) => void>();

export function pendingUnauthorizedReason(): string | null {
  return unauthorizedReason;
}

export function clearUnauthorizedReason(): void {
  unauthorizedReason = null;
}

/** Calls `listener` with each reason a 401 brings from now on; answers the unsubscribe. */
export function subscribeUnauthorizedReason(listener: (reason: string) => void): () => void {
  reasonListeners.add(listener);
  return () => void reasonListeners.delete(listener);
}

function keepUnauthorizedReason(message: string): void {
  if (!message || message === UNAUTHORIZED_TEXT) return;
  unauthorizedReason = message;
  for (const listener of [...reasonListeners]) listener(message);
}

const APP_ID = import.meta.env.VITE_APP_ID || 'xuetu-pc';

function commonHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'Terminal-Type': TERMINAL_TYPE };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const source = readSource();
  if (source) headers['Source-Type'] = source;
  return headers;
}

function nonce(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The old API's fields: the call's own plus appId, timestamp, token, nonce, and their MD5 sign (src/domain/shared/signature.ts). */
async function signedFields(params: SignedParams, md5: (text: string) => string): Promise<[string, string][]> {
  const all: SignedParams = { ...params, appId: APP_ID, timestamp: Date.now(), token: readToken() ?? '', nonce: nonce() };
  const sign = signParams(all, md5);
  const fields: [string, string][] = [];
  for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== null) fields.push([k, String(v)]);
  fields.push(['sign', sign]);
  return fields;
}

/**
 * The old API, form-urlencoded. spark-md5 loads on demand: only the feedback calls sign, and the
 * home page should not pay for it.
 */
export async function signedForm(params: SignedParams): Promise<URLSearchParams> {
  const { default: SparkMD5 } = await import('spark-md5');
  return new URLSearchParams(await signedFields(params, (text) => SparkMD5.hash(text)));
}

/**
 * The old API's upload, multipart: the signed fields first (the server reads them before the file),
 * then the file. `fileMd5`, the MD5 of the file's bytes, is one of the signed fields, so the sign
 * covers the file too.
 */
export async function signedMultipart({ file, fileName }: SignedUpload): Promise<FormData> {
  const { default: SparkMD5 } = await import('spark-md5');
  const fileMd5 = SparkMD5.ArrayBuffer.hash(await file.arrayBuffer());
  const form = new FormData();
  for (const [k, v] of await signedFields({ fileMd5 }, (text) => SparkMD5.hash(text))) form.append(k, v);
  form.append('file', file, fileName);
  return form;
}

export const SEAL_FAILED_TEXT = '请求加密失败，请刷新页面后重试';

let rsaPublicKey: Promise<string> | null = null;

/** The server's RSA public key, fetched once per page load (a failed fetch is retried next time). */
export function loadRsaPublicKey(): Promise<string> {
  rsaPublicKey ??= call(ACCOUNT_EXTRA_CALLS.rsaPublicKey).then(
    (answer) => answer.publicKey,
    (error: unknown) => {
      rsaPublicKey = null;
      throw error;
    },
  );
  return rsaPublicKey;
}

/** Tests (and a key rotation) start over with a fresh key. */
export function forgetRsaPublicKey(): void {
  rsaPublicKey = null;
}

interface Sealing {
  body: unknown;
  open<T>(data: unknown): Promise<T>;
}

/** An 'rsa' call's body, sealed (src/domain/shared/sealed.ts); the sealing code and jsencrypt load on first use. */
async function seal(def: ApiCallDef, body: unknown): Promise<Sealing> {
  const [{ sealRequest }, key] = await Promise.all([import('./sealed'), loadRsaPublicKey()]);
  const exchange = sealRequest(body, key, def.path);
  if (!exchange) throw new Error(SEAL_FAILED_TEXT);
  return exchange;
}

async function encodeBody(def: ApiCallDef, body: unknown): Promise<BodyInit | Record<string, unknown> | undefined> {
  if (body === undefined || def.method === 'GET') return undefined;
  if (def.encoding === 'signed-form') return signedForm(body as SignedParams);
  if (def.encoding === 'signed-multipart') return signedMultipart(body as SignedUpload);
  return body as BodyInit | Record<string, unknown>;
}

function sealFailure(options: WireOptions): ApiError {
  if (!options.silent) showToast(SEAL_FAILED_TEXT, 'error');
  return new ApiError(SEAL_FAILED_TEXT, 0, null, null);
}

/**
 * One call of the API: `call(CATALOG_CALLS.classTreeList, { body: {} })` is a `Promise<ClassNode[]>`.
 * The definition's shape (src/domain/<area>/calls.ts) types the options and the answer; a wrong
 * body or a missing path parameter does not compile.
 */
export function call<D extends Call>(def: D, ...[options]: OptionsArg<D>): Promise<AnswerOf<D>> {
  // The shape is checked at the caller's side; the transport reads any call's options alike.
  return send(def, (options ?? {}) as WireOptions);
}

async function send(def: ApiCallDef, options: WireOptions): Promise<unknown> {
  const url = buildPath(def.path, options.params);
  let sealing: Sealing | null = null;
  if (def.encoding === 'rsa') {
    try {
      sealing = await seal(def, options.body);
    } catch (error) {
      // The key fetch already said what went wrong; anything else is a sealing failure.
      throw error instanceof ApiError ? error : sealFailure(options);
    }
  }
  let status = 0;
  let body: Partial<Envelope> | null = null;
  let transportError: unknown;
  try {
    const response = await transport(url, {
      method: def.method,
      headers: commonHeaders(),
      query: options.query,
      body: sealing ? sealing.body : await encodeBody(def, options.body),
      signal: options.signal,
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    status = response.status;
    body = (typeof response.data === 'object' ? response.data : null) ?? null;
  } catch (error) {
    transportError = error;
  }
  const outcome = classify(status, body, transportError, typeof navigator !== 'undefined' && navigator.onLine === false);
  if (outcome.kind === 'success') {
    if (!sealing) return outcome.data;
    try {
      return await sealing.open(outcome.data);
    } catch {
      throw sealFailure(options);
    }
  }
  const error = new ApiError(outcome.message, outcome.status, outcome.code, outcome.kind === 'failure' ? outcome.data : null);
  if (outcome.kind === 'unauthorized') {
    // Before the session hands over: the login page it opens finds the reason there.
    keepUnauthorizedReason(outcome.message);
    unauthorizedHandler(error);
  } else if (!options.silent && !options.signal?.aborted) {
    showToast(outcome.message, 'error');
  }
  throw error;
}
