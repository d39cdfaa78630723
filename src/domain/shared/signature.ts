/**
 * Signing of the old form-urlencoded API: the MD5 of the params sorted by key as `k=v&k=v`,
 * leaving out empty values and the sign itself. The digest function is passed in so the client
 * (spark-md5) and the server (node:crypto) share this one definition.
 */
export type SignedParams = Record<string, string | number | boolean | null | undefined>;

export function canonicalQuery(params: SignedParams): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');
}

export function signParams(params: SignedParams, md5: (text: string) => string): string {
  return md5(canonicalQuery(params)).toLowerCase();
}

/** How far a signed request's timestamp may drift from the server clock. */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;
