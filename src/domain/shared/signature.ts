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

/** The app ids the three builds sign with (VITE_APP_ID in .env.prod, .env.uat, .env.test); the server accepts these only. */
export const SIGNED_APP_IDS = ['xuetu-pc', 'xuetu-pc-uat', 'xuetu-pc-test'] as const;

/** The fields every signed call carries besides its own; `sign` covers them all (but itself). */
export const SIGNED_COMMON_FIELDS = ['appId', 'timestamp', 'token', 'nonce', 'sign'] as const;

/** A nonce: 16 to 64 hex characters (the client sends 16: 8 random bytes). */
export const SIGNED_NONCE_PATTERN = '^[0-9a-f]{16,64}$';
/** An MD5 in hex, as the sign and an upload's fileMd5 are sent. */
export const MD5_HEX_PATTERN = '^[0-9a-f]{32}$';

/**
 * The file of a signed multipart call (the old API's image upload). The client adds `fileMd5`, the
 * MD5 of the file's bytes, to the signed fields, so the sign covers the file as well.
 */
export interface SignedUpload {
  file: Blob;
  fileName: string;
}

export const SIGNATURE_TEXTS = {
  invalid: '请求签名无效，请刷新页面后重试',
  expired: '请求已过期，请检查设备时间是否准确后重试',
  replayed: '请勿重复提交同一请求',
  fileMismatch: '图片在上传中损坏，请重新上传',
} as const;
