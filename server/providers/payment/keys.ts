/**
 * RSA keys and SHA256withRSA for both payment vendors. Merchants receive keys in several shapes:
 * WeChat Pay hands out PEM files (PKCS#8 private key, an X.509 platform certificate or a bare
 * public key); Alipay's key tool prints bare base64 (PKCS#1 or PKCS#8 private key, SPKI public
 * key) without PEM armour. All are accepted here, so an operator can paste what the vendor gave.
 */
import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject, X509Certificate } from 'node:crypto';

/** A key that could not be read. The message never contains the key material. */
export class KeyFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyFormatError';
  }
}

/** Environment variables cannot hold line breaks everywhere: a literal "\n" stands for one. */
function unescapeLineBreaks(text: string): string {
  return text.replace(/\\n/g, '\n').trim();
}

function bareBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) return null;
  return Buffer.from(compact, 'base64');
}

export function loadPrivateKey(text: string, what: string): KeyObject {
  const source = unescapeLineBreaks(text);
  try {
    if (source.includes('-----BEGIN')) return createPrivateKey(source);
    const der = bareBase64(source);
    if (der) {
      for (const type of ['pkcs8', 'pkcs1'] as const) {
        try {
          return createPrivateKey({ key: der, format: 'der', type });
        } catch {
          // Try the other encoding: Alipay's tool prints either.
        }
      }
    }
  } catch {
    // Reported below without the key text.
  }
  throw new KeyFormatError(`${what}: not an RSA private key (PEM, or bare base64 PKCS#8/PKCS#1)`);
}

export interface LoadedPublicKey {
  key: KeyObject;
  /** The certificate's serial number (upper-case hex), when a certificate was given. */
  certificateSerial?: string;
}

export function loadPublicKey(text: string, what: string): LoadedPublicKey {
  const source = unescapeLineBreaks(text);
  try {
    if (source.includes('-----BEGIN CERTIFICATE-----')) {
      const certificate = new X509Certificate(source);
      return { key: certificate.publicKey, certificateSerial: certificate.serialNumber.toUpperCase() };
    }
    if (source.includes('-----BEGIN')) return { key: createPublicKey(source) };
    const der = bareBase64(source);
    if (der) return { key: createPublicKey({ key: der, format: 'der', type: 'spki' }) };
  } catch {
    // Reported below without the key text.
  }
  throw new KeyFormatError(`${what}: not an RSA public key (PEM public key, X.509 certificate, or bare base64 SPKI)`);
}

/** SHA256withRSA (RSASSA-PKCS1-v1_5), base64: WeChat's SHA256-RSA2048 and Alipay's RSA2. */
export function signSha256Rsa(message: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function verifySha256Rsa(message: string, signatureBase64: string, publicKey: KeyObject): boolean {
  if (!signatureBase64 || !/^[A-Za-z0-9+/]+={0,2}$/.test(signatureBase64)) return false;
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signatureBase64, 'base64');
  } catch {
    return false;
  }
}

/** Both vendors want China Standard Time (UTC+8, no daylight saving) in their texts. */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** 2015-05-20T13:29:35+08:00 (RFC 3339 in Beijing time, whole seconds), as WeChat's time_expire wants. */
export function rfc3339China(date: Date): string {
  return `${new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}

/** 2014-07-24 03:07:50 in Beijing time: Alipay's timestamp and date fields. */
export function alipayDateTime(date: Date): string {
  return new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Reads Alipay's 'yyyy-MM-dd HH:mm:ss' (Beijing time); null when it is not one. */
export function parseAlipayDateTime(text: string | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const date = new Date(`${text.replace(' ', 'T')}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Fen to Alipay's yuan text: 8888 → '88.88'. */
export function fenToYuan(amountCents: number): string {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError('amount must be a non-negative integer number of fen');
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

/** Alipay's yuan text to fen without floating point: '0.10' → 10; null when malformed. */
export function yuanToFen(text: string | undefined): number | null {
  const match = text === undefined ? null : /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cuts a text to at most `maxBytes` of UTF-8 without splitting a character. */
export function cutUtf8(text: string, maxBytes: number): string {
  let bytes = 0;
  let out = '';
  for (const char of text) {
    bytes += Buffer.byteLength(char, 'utf8');
    if (bytes > maxBytes) break;
    out += char;
  }
  return out;
}
