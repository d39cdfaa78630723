/**
 * WeChat Pay API v3's three pieces of cryptography:
 * - our requests carry `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,timestamp=…,
 *   serial_no=…,signature=…`, the signature being SHA256withRSA with the merchant private key over
 *   "METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n" (URL = path and query string);
 * - its answers and notices carry Wechatpay-Serial/-Signature/-Timestamp/-Nonce, the signature
 *   over "TIMESTAMP\nNONCE\nBODY\n" made with the platform key (certificate or WeChat Pay public key);
 * - a notice's resource is encrypted with AEAD_AES_256_GCM under the merchant's APIv3 key (32 bytes),
 *   the last 16 bytes of the ciphertext being the tag.
 */
import { createDecipheriv, type KeyObject, randomBytes } from 'node:crypto';
import { signSha256Rsa, verifySha256Rsa } from './keys';

export const WECHATPAY_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** WeChat refuses, and we refuse, a signed message older or newer than this. */
export const WECHATPAY_CLOCK_SKEW_SECONDS = 5 * 60;

export interface RequestSigner {
  mchId: string;
  serialNo: string;
  privateKey: KeyObject;
}

export function requestMessage(method: string, canonicalUrl: string, timestamp: number, nonce: string, body: string): string {
  return `${method}\n${canonicalUrl}\n${timestamp}\n${nonce}\n${body}\n`;
}

/** 32 characters of [0-9A-Z]: WeChat accepts any nonce of letters and digits. */
export function newNonce(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from(randomBytes(32), (byte) => alphabet[byte % alphabet.length]).join('');
}

export function authorizationHeader(signer: RequestSigner, method: string, canonicalUrl: string, body: string, timestamp: number, nonce: string): string {
  const signature = signSha256Rsa(requestMessage(method, canonicalUrl, timestamp, nonce, body), signer.privateKey);
  return (
    `${WECHATPAY_AUTH_SCHEMA} mchid="${signer.mchId}",nonce_str="${nonce}",timestamp="${timestamp}",` +
    `serial_no="${signer.serialNo}",signature="${signature}"`
  );
}

export interface PlatformVerifier {
  /** The serial WeChat names in Wechatpay-Serial: the certificate's serial or the public key id (PUB_KEY_ID_…). */
  serial: string;
  publicKey: KeyObject;
}

/** Header lookup that ignores case: Fastify lowercases, fetch's Headers too, a test may not. */
export type HeaderSource = Headers | Readonly<Record<string, string | undefined>>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/**
 * Why a signed message from WeChat is not to be trusted, or null when it verifies. The reason is
 * for the log; it never echoes the signature.
 */
export function wechatSignatureProblem(headers: HeaderSource, body: string, verifier: PlatformVerifier, nowSeconds: number): string | null {
  const serial = header(headers, 'wechatpay-serial')?.trim();
  const signature = header(headers, 'wechatpay-signature')?.trim();
  const timestamp = header(headers, 'wechatpay-timestamp')?.trim();
  const nonce = header(headers, 'wechatpay-nonce')?.trim();
  if (!serial || !signature || !timestamp || !nonce) return 'Wechatpay-Serial/-Signature/-Timestamp/-Nonce missing';
  if (!/^\d{1,12}$/.test(timestamp)) return 'Wechatpay-Timestamp is not a number';
  if (Math.abs(nowSeconds - Number(timestamp)) >= WECHATPAY_CLOCK_SKEW_SECONDS) return 'Wechatpay-Timestamp outside the 5-minute window';
  // A serial we do not hold: the platform key rotated (configure the new one) or the message is forged.
  if (serial !== verifier.serial) return `Wechatpay-Serial ${serial.slice(0, 64)} is not the configured platform key`;
  if (!verifySha256Rsa(`${timestamp}\n${nonce}\n${body}\n`, signature, verifier.publicKey)) return 'Wechatpay-Signature does not verify';
  return null;
}

export interface EncryptedResource {
  algorithm?: unknown;
  ciphertext?: unknown;
  associated_data?: unknown;
  nonce?: unknown;
}

export class ResourceDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResourceDecryptError';
  }
}

/** Decrypts a notice's resource (or a downloaded certificate) with the APIv3 key. */
export function decryptResource(apiV3Key: Buffer, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new ResourceDecryptError('resource algorithm is not AEAD_AES_256_GCM');
  if (apiV3Key.length !== 32) throw new ResourceDecryptError('the APIv3 key must be 32 bytes');
  const { ciphertext, nonce } = resource;
  const associatedData = typeof resource.associated_data === 'string' ? resource.associated_data : '';
  if (typeof ciphertext !== 'string' || typeof nonce !== 'string' || !nonce) throw new ResourceDecryptError('resource ciphertext or nonce missing');
  const data = Buffer.from(ciphertext, 'base64');
  if (data.length <= 16) throw new ResourceDecryptError('resource ciphertext too short');
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    // GCM authentication failed: wrong key, or the ciphertext, nonce or associated data was altered.
    throw new ResourceDecryptError('resource does not decrypt with the APIv3 key');
  }
}
