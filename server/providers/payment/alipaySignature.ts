/**
 * Alipay open API's RSA2 (SHA256withRSA) rules:
 * - a request is signed over its parameters sorted by name, `name=value` joined by '&', raw values
 *   (not URL-encoded), leaving out `sign` and empty values;
 * - an async notice is verified the same way, leaving out `sign` and `sign_type`;
 * - an answer `{"<method>_response": {...}, "sign": "..."}` is verified over the exact text of the
 *   `<method>_response` value as it came over the wire.
 */
import type { KeyObject } from 'node:crypto';
import { signSha256Rsa, verifySha256Rsa } from './keys';

export function signContent(params: Readonly<Record<string, string | undefined>>, leaveOut: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !leaveOut.includes(key) && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

export function signRequest(params: Readonly<Record<string, string>>, privateKey: KeyObject): string {
  return signSha256Rsa(signContent(params, ['sign']), privateKey);
}

export function verifyNoticeSignature(params: Readonly<Record<string, string>>, publicKey: KeyObject): boolean {
  const signature = params.sign;
  if (!signature) return false;
  return verifySha256Rsa(signContent(params, ['sign', 'sign_type']), signature, publicKey);
}

/**
 * The raw text of the JSON value at `key` in the top-level object `json`, found by scanning (strings
 * and escapes respected), so the signature is checked over exactly what Alipay sent. Null when absent.
 */
export function rawJsonMember(json: string, key: string): string | null {
  let depth = 0;
  let i = 0;
  const n = json.length;
  const skipString = (start: number): number => {
    let j = start + 1;
    while (j < n && json[j] !== '"') j += json[j] === '\\' ? 2 : 1;
    return j + 1;
  };
  while (i < n) {
    const c = json[i]!;
    if (c === '"') {
      const end = skipString(i);
      if (depth === 1 && json.slice(i, end) === JSON.stringify(key)) {
        let j = end;
        while (j < n && /\s/.test(json[j]!)) j++;
        if (json[j] !== ':') {
          i = end;
          continue;
        }
        j++;
        while (j < n && /\s/.test(json[j]!)) j++;
        const valueStart = j;
        let inner = 0;
        while (j < n) {
          const d = json[j]!;
          if (d === '"') {
            j = skipString(j);
            if (inner === 0) break;
            continue;
          }
          if (d === '{' || d === '[') inner++;
          else if (d === '}' || d === ']') {
            inner--;
            if (inner === 0) {
              j++;
              break;
            }
          } else if (inner === 0 && (d === ',' || /\s/.test(d))) break;
          j++;
        }
        return json.slice(valueStart, j);
      }
      i = end;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    i++;
  }
  return null;
}

/** Whether the answer's `sign` verifies over the raw `<responseKey>` member. */
export function verifyResponseSignature(answerText: string, responseKey: string, signature: string | undefined, publicKey: KeyObject): boolean {
  const raw = rawJsonMember(answerText, responseKey);
  if (raw === null || !signature) return false;
  return verifySha256Rsa(raw, signature, publicKey);
}
