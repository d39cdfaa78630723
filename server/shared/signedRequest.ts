/**
 * The old API's signed requests (src/domain/shared/signature.ts): form fields plus appId, timestamp,
 * token, nonce and `sign`, the MD5 of them all sorted. What the server checks, in this order:
 * 1. the app id is one of our builds' and the sign is the MD5 of the fields it received: a field
 *    changed on the way (or added, or left out) fails here;
 * 2. the timestamp is within SIGNATURE_MAX_SKEW_MS of the server's real time (not the developer
 *    clock: this is about the device's clock and a request's age);
 * 3. the nonce was never seen: it is stored until its timestamp leaves the window, after which the
 *    timestamp alone refuses the request. So a captured request cannot be sent again, ever.
 * 4. the token names a live session: the old API signs the user in by its `token` field.
 * The sign needs no secret the browser could hide: it binds the fields to the nonce and the
 * timestamp, and the token (an unguessable session secret) is what authenticates.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { type SignedParams, SIGNATURE_MAX_SKEW_MS, SIGNATURE_TEXTS, SIGNED_APP_IDS, SIGNED_NONCE_PATTERN, signParams } from '../../src/domain/shared/signature';
import { queryRows, type Db } from '../db/client';
import { signedNonces } from '../db/schema';
import { AppError, badRequest, unauthorized } from './envelope';
import type { PublicCache } from './publicCache';
import { replacedSessionError } from './auth';
import { resolveSession, type ResolvedSession } from './session';

export const md5Hex = (data: string | Buffer): string => createHash('md5').update(data).digest('hex');

/** How many nonce inserts between two sweeps of the expired ones. */
const SWEEP_EVERY = 200;
let insertsSinceSweep = 0;
const NONCE = new RegExp(SIGNED_NONCE_PATTERN);

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The received fields as the client signed them: every value as its text. */
export function signedFieldsOf(body: Record<string, unknown>): SignedParams {
  const fields: SignedParams = {};
  for (const [k, v] of Object.entries(body)) {
    // Form fields arrive as text; the input check may have made numbers of some. Nothing else is signed.
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = String(v);
  }
  return fields;
}

/** Steps 1 and 2: throws a 400 with the reason the client shows. */
export function checkSignature(fields: SignedParams, now: number = Date.now()): void {
  const { appId, sign, timestamp, nonce } = fields;
  if (typeof nonce !== 'string' || !NONCE.test(nonce)) throw badRequest(SIGNATURE_TEXTS.invalid);
  if (typeof appId !== 'string' || !(SIGNED_APP_IDS as readonly string[]).includes(appId)) throw badRequest(SIGNATURE_TEXTS.invalid);
  if (typeof sign !== 'string' || !sameHex(sign, signParams(fields, md5Hex))) throw badRequest(SIGNATURE_TEXTS.invalid);
  const sentAt = Number(timestamp);
  if (!Number.isSafeInteger(sentAt) || Math.abs(now - sentAt) > SIGNATURE_MAX_SKEW_MS) throw badRequest(SIGNATURE_TEXTS.expired);
}

/** Step 3: takes the nonce for good; a nonce seen before is a replay (409). */
export async function consumeNonce(db: Db, nonce: string, sentAt: number, now: number = Date.now()): Promise<void> {
  // Kept until no request with this timestamp can pass the window any more.
  const expiresAt = new Date(Math.max(sentAt, now) + SIGNATURE_MAX_SKEW_MS).toISOString();
  const taken = await queryRows<{ nonce: string }>(
    db,
    sql`insert into ${signedNonces} (nonce, expires_at) values (${nonce}, ${expiresAt}::timestamptz) on conflict (nonce) do nothing returning nonce`,
  );
  if (taken.length === 0) throw new AppError(409, SIGNATURE_TEXTS.replayed);
  if (++insertsSinceSweep >= SWEEP_EVERY) {
    insertsSinceSweep = 0;
    await db.delete(signedNonces).where(lt(signedNonces.expiresAt, new Date(now)));
  }
}

/** All four steps; answers the session the token names. */
export async function verifySignedRequest(db: Db, cache: PublicCache, body: Record<string, unknown>, now: number = Date.now()): Promise<ResolvedSession> {
  const fields = signedFieldsOf(body);
  checkSignature(fields, now);
  await consumeNonce(db, String(fields.nonce), Number(fields.timestamp), now);
  const token = typeof fields.token === 'string' ? fields.token : null;
  const session = await resolveSession(db, token, cache);
  // A session a newer login ended says so, as every signed-in call does (server/shared/auth.ts).
  if (!session) throw (await replacedSessionError(db, token)) ?? unauthorized();
  return session;
}
