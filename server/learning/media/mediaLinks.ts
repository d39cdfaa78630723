/**
 * Links to a courseware's media: signed for one user (0: a visitor, for a free audition) and
 * expiring, so a copied link stops working. HMAC-SHA256 under a key derived from the server
 * secret for this purpose only, checked in constant time (like server/catalog/downloads.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEDIA_URL_TTL_SECONDS } from '../../../src/domain/learning/limits';

export const MEDIA_PATH_PREFIX = '/media/';

export interface MediaGrant {
  coursewareId: number;
  /** 0 for a visitor (free audition coursewares only). */
  userId: number;
  /** Unix seconds. */
  expires: number;
}

function purposeKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('xuetu:course-media:v1').digest();
}

function signature(secret: Buffer, grant: MediaGrant): string {
  return createHmac('sha256', purposeKey(secret)).update(`${grant.coursewareId}:${grant.userId}:${grant.expires}`).digest('base64url');
}

/** The query string that carries a grant: `uid=…&exp=…&sig=…`. */
export function grantQuery(secret: Buffer, grant: MediaGrant): string {
  return new URLSearchParams({ uid: String(grant.userId), exp: String(grant.expires), sig: signature(secret, grant) }).toString();
}

/** A grant for this courseware and user, living MEDIA_URL_TTL_SECONDS from `now`. */
export function mediaGrant(coursewareId: number, userId: number, now: Date): MediaGrant {
  return { coursewareId, userId, expires: Math.floor(now.getTime() / 1000) + MEDIA_URL_TTL_SECONDS };
}

const DIGITS = /^\d{1,10}$/;

/** The grant a link carries when its signature holds and it has not expired; null otherwise. */
export function verifyMedia(secret: Buffer, coursewareIdText: string, query: { uid?: unknown; exp?: unknown; sig?: unknown }, now: Date): MediaGrant | null {
  const { uid, exp, sig } = query;
  if (typeof uid !== 'string' || typeof exp !== 'string' || typeof sig !== 'string') return null;
  if (!DIGITS.test(coursewareIdText) || !DIGITS.test(uid) || !DIGITS.test(exp)) return null;
  const grant = { coursewareId: Number(coursewareIdText), userId: Number(uid), expires: Number(exp) };
  const expected = Buffer.from(signature(secret, grant));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (grant.expires * 1000 <= now.getTime()) return null;
  return grant;
}
