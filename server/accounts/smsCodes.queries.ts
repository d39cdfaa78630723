/**
 * SMS codes: six random digits, kept only as an HMAC (server key), valid SMS_CODE_TTL_SECONDS,
 * single use, and dead after SMS_CODE_MAX_WRONG_TRIES wrong tries. Requesting a new code voids
 * the older ones of the same mobile and purpose, so only the latest SMS works.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { SmsRequestType } from '../../src/domain/account/contract';
import { SMS_CODE_LENGTH, SMS_CODE_MAX_WRONG_TRIES, SMS_CODE_TTL_SECONDS } from '../../src/domain/account/limits';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import type { Db } from '../db/client';
import { smsCodes } from '../db/schema';
import { badRequest } from '../shared/envelope';
import { getSecrets } from '../shared/secrets';

/** Rows are kept a while after they die (the per-mobile history helps support), then swept. */
const KEEP_DAYS = 7;

export function generateSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}

async function codeHash(db: Db, mobile: string, requestType: string, code: string): Promise<string> {
  const { hmacKey } = await getSecrets(db);
  return createHmac('sha256', hmacKey).update(`${mobile}\n${requestType}\n${code}`).digest('hex');
}

/** Stores a fresh code (voiding older ones) and answers it for the provider to send. */
export async function issueSmsCode(
  db: Db,
  mobile: string,
  requestType: SmsRequestType,
  ip: string | null,
  now: Date = new Date(),
): Promise<{ id: number; code: string }> {
  const code = generateSmsCode();
  const hash = await codeHash(db, mobile, requestType, code);
  await db
    .update(smsCodes)
    .set({ usedAt: now })
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.requestType, requestType), isNull(smsCodes.usedAt)));
  const [row] = await db
    .insert(smsCodes)
    .values({ mobile, requestType, codeHash: hash, expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000), ip: ip?.slice(0, 64) ?? null })
    .returning({ id: smsCodes.id });
  if (!row) throw new Error('sms code insert returned nothing');
  if (randomInt(0, 200) === 0) {
    await db.delete(smsCodes).where(lt(smsCodes.expiresAt, new Date(now.getTime() - KEEP_DAYS * 86_400_000)));
  }
  return { id: row.id, code };
}

/** A code whose SMS could not be sent must not stay usable. */
export async function voidSmsCode(db: Db, id: number): Promise<void> {
  await db.update(smsCodes).set({ usedAt: new Date() }).where(eq(smsCodes.id, id));
}

/**
 * Consumes the code or throws 400 (smsCodeWrong / smsCodeExpired). Each check first reserves one
 * of the code's tries with an atomic update, so parallel guesses cannot exceed the limit.
 */
export async function verifySmsCode(db: Db, mobile: string, requestType: SmsRequestType, code: string, now: Date = new Date()): Promise<void> {
  const [latest] = await db
    .select({ id: smsCodes.id, codeHash: smsCodes.codeHash, expiresAt: smsCodes.expiresAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.requestType, requestType), isNull(smsCodes.usedAt)))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  if (!latest || latest.expiresAt.getTime() <= now.getTime()) throw badRequest(ACCOUNT_TEXTS.smsCodeExpired);

  const [slot] = await db
    .update(smsCodes)
    .set({ wrongTries: sql`${smsCodes.wrongTries} + 1` })
    .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt), lt(smsCodes.wrongTries, SMS_CODE_MAX_WRONG_TRIES)))
    .returning({ wrongTries: smsCodes.wrongTries });
  if (!slot) throw badRequest(ACCOUNT_TEXTS.smsCodeExpired);

  const expected = Buffer.from(latest.codeHash, 'hex');
  const actual = Buffer.from(await codeHash(db, mobile, requestType, code), 'hex');
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
    // Give the reserved try back and mark the code used; losing this race means someone else used it.
    const [used] = await db
      .update(smsCodes)
      .set({ usedAt: now, wrongTries: sql`${smsCodes.wrongTries} - 1` })
      .where(and(eq(smsCodes.id, latest.id), isNull(smsCodes.usedAt)))
      .returning({ id: smsCodes.id });
    if (!used) throw badRequest(ACCOUNT_TEXTS.smsCodeExpired);
    return;
  }
  if (slot.wrongTries >= SMS_CODE_MAX_WRONG_TRIES) {
    await db.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, latest.id));
  }
  throw badRequest(ACCOUNT_TEXTS.smsCodeWrong);
}
