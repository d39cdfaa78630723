/**
 * The browser's half of the sealed exchange of 'rsa' calls (src/domain/shared/sealed.ts): a fresh
 * AES-256-GCM key per call travels RSA-encrypted beside the body, and the answer comes back
 * encrypted with it. Loaded on demand with jsencrypt, so pages that never seal pay nothing.
 */
import { JSEncrypt } from 'jsencrypt';
import { newSealKey, openAnswer, sealedRequestText, type SealedRequest } from '../../../domain/shared/sealed';

export interface SealedExchange {
  body: SealedRequest;
  /** The answer's data, opened; throws SealedAnswerError when it does not open. */
  open<T>(data: unknown): Promise<T>;
}

/** Null when the body cannot be sealed (too large for one RSA block, or a key jsencrypt refuses). */
export function sealRequest(body: unknown, publicKeyPem: string, context: string): SealedExchange | null {
  const key = newSealKey();
  const text = sealedRequestText(body ?? {}, key);
  if (text === null) return null;
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const sealed = rsa.encrypt(text);
  if (!sealed) return null;
  return { body: { sealed }, open: <T>(data: unknown) => openAnswer<T>(key, data, context) };
}
