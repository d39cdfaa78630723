/**
 * The sealed exchange behind the 'rsa' encoding (product-spec §7: getFileDownloadUrl's "request
 * is RSA encrypted and the response is decrypted"). WebCrypto only, so it runs the same in the
 * browser and in Node 20.
 *
 * Request: the client draws a fresh AES-256-GCM key, writes `{"body": <the call's body>, "key":
 * "<base64 key>"}` and encrypts that text with the server's RSA public key (PKCS#1 v1.5 and
 * base64, what JSEncrypt produces); it sends `{"sealed": "<base64>"}`.
 * Answer: the server encrypts the answer's data, as JSON, with that key (a random 12-byte IV, the
 * call's path as additional data) and answers `data = {"iv": "<base64>", "sealed": "<base64
 * ciphertext and tag>"}`.
 *
 * Only the private key's holder reads the request and learns the key; only the client that drew
 * the key opens the answer; a tampered answer, or one replayed onto another call, does not open.
 * PKCS#1 v1.5 with a 2048-bit key holds 245 bytes, so bodies stay small (SEALED_REQUEST_MAX_BYTES).
 */

export const SEALED_KEY_BYTES = 32;
export const SEALED_IV_BYTES = 12;
/** What one RSA-2048 PKCS#1 v1.5 block holds. */
export const SEALED_REQUEST_MAX_BYTES = 245;

/** The body a sealed call sends. */
export interface SealedRequest {
  sealed: string;
}

/** The data a sealed call answers. */
// Types only: carries what a sealed answer opens to, from the server's handler to the call's answer type.
declare const opens: unique symbol;

/** `T`: what it opens to (the call's answer). */
export interface SealedAnswer<T = unknown> {
  iv: string;
  sealed: string;
  readonly [opens]?: T;
}

/** What the RSA layer carries. */
export interface SealedRequestContent {
  body: unknown;
  key: Uint8Array;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Null for anything that is not canonical base64. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

export function newSealKey(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(SEALED_KEY_BYTES));
}

/** The plain text the client RSA-encrypts; null when it would not fit one RSA block. */
export function sealedRequestText(body: unknown, key: Uint8Array): string | null {
  const text = JSON.stringify({ body, key: bytesToBase64(key) });
  return new TextEncoder().encode(text).length <= SEALED_REQUEST_MAX_BYTES ? text : null;
}

/** The server's reading of the decrypted text; null when it is not what sealedRequestText writes. */
export function parseSealedRequestText(text: string): SealedRequestContent | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { body, key } = parsed as { body?: unknown; key?: unknown };
  if (typeof key !== 'string') return null;
  const keyBytes = base64ToBytes(key);
  if (!keyBytes || keyBytes.length !== SEALED_KEY_BYTES) return null;
  return { body, key: keyBytes };
}

async function aesKey(raw: Uint8Array, usage: 'encrypt' | 'decrypt'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', Uint8Array.from(raw), { name: 'AES-GCM' }, false, [usage]);
}

/** Encrypts `value` (as JSON) for the client that sent `key`; `context` is the call's path. */
export async function sealAnswer<T>(key: Uint8Array, value: T, context: string): Promise<SealedAnswer<T>> {
  const iv = crypto.getRandomValues(new Uint8Array(SEALED_IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(value ?? null));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(context) }, await aesKey(key, 'encrypt'), plain);
  return { iv: bytesToBase64(iv), sealed: bytesToBase64(new Uint8Array(cipher)) };
}

export class SealedAnswerError extends Error {
  constructor() {
    super('sealed answer does not open');
    this.name = 'SealedAnswerError';
  }
}

export function isSealedAnswer(value: unknown): value is SealedAnswer {
  return typeof value === 'object' && value !== null && typeof (value as SealedAnswer).iv === 'string' && typeof (value as SealedAnswer).sealed === 'string';
}

/** Opens an answer sealed with `key` for `context`; throws SealedAnswerError when it was tampered with or is not one. */
export async function openAnswer<T>(key: Uint8Array, answer: unknown, context: string): Promise<T> {
  if (!isSealedAnswer(answer)) throw new SealedAnswerError();
  const iv = base64ToBytes(answer.iv);
  const cipher = base64ToBytes(answer.sealed);
  if (!iv || iv.length !== SEALED_IV_BYTES || !cipher) throw new SealedAnswerError();
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(context) }, await aesKey(key, 'decrypt'), cipher);
  } catch {
    throw new SealedAnswerError();
  }
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}
