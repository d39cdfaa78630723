/**
 * Download links of resources: short-lived and signed, so the link itself is the permission. The
 * signature is an HMAC-SHA256, under a key derived from the server secret for this purpose only,
 * of the resource, the user it was issued to and the expiry; the file route checks it in constant
 * time and refuses it once expired.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_URL_TTL_SECONDS } from '../../src/domain/catalog/resources';

export const DOWNLOAD_PATH_PREFIX = '/static/downloads/';

export interface DownloadGrant {
  resourceId: number;
  userId: number;
  /** Unix seconds. */
  expires: number;
}

function purposeKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('xuetu:resource-download:v1').digest();
}

function signature(secret: Buffer, grant: DownloadGrant): string {
  return createHmac('sha256', purposeKey(secret)).update(`${grant.resourceId}:${grant.userId}:${grant.expires}`).digest('base64url');
}

/** The link for one download, valid DOWNLOAD_URL_TTL_SECONDS from `now`. */
export function signDownload(secret: Buffer, resourceId: number, userId: number, now: Date = new Date()): { url: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_URL_TTL_SECONDS;
  const grant = { resourceId, userId, expires };
  const query = new URLSearchParams({ uid: String(userId), exp: String(expires), sig: signature(secret, grant) });
  return { url: `${DOWNLOAD_PATH_PREFIX}${resourceId}?${query.toString()}`, expiresAt: new Date(expires * 1000) };
}

const DIGITS = /^\d{1,10}$/;

/** The grant a link carries when its signature holds and it has not expired; null otherwise. */
export function verifyDownload(
  secret: Buffer,
  resourceIdText: string,
  query: { uid?: unknown; exp?: unknown; sig?: unknown },
  now: Date = new Date(),
): DownloadGrant | null {
  const { uid, exp, sig } = query;
  if (typeof uid !== 'string' || typeof exp !== 'string' || typeof sig !== 'string') return null;
  if (!DIGITS.test(resourceIdText) || !DIGITS.test(uid) || !DIGITS.test(exp)) return null;
  const grant = { resourceId: Number(resourceIdText), userId: Number(uid), expires: Number(exp) };
  const expected = Buffer.from(signature(secret, grant));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (grant.expires * 1000 <= now.getTime()) return null;
  return grant;
}
