/** One-time codes the native app trades for a web session (createTempCode → loginByTempCode); only their hash is stored. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { TEMP_CODE_TTL_SECONDS } from '../../src/domain/account/limits';
import type { Db } from '../db/client';
import { tempCodes } from '../db/schema';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export async function issueTempCode(db: Db, userId: number, now: Date = new Date()): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + TEMP_CODE_TTL_SECONDS * 1000);
  await db.insert(tempCodes).values({ codeHash: sha256(code), userId, expiresAt });
  return { code, expiresAt };
}

/** Uses the code up in one statement, so two parallel logins cannot both pass; the user id of a live code, else null. */
export async function consumeTempCode(db: Db, code: string, now: Date = new Date()): Promise<number | null> {
  const [used] = await db
    .update(tempCodes)
    .set({ usedAt: now })
    .where(and(eq(tempCodes.codeHash, sha256(code)), isNull(tempCodes.usedAt), gt(tempCodes.expiresAt, now)))
    .returning({ userId: tempCodes.userId });
  return used?.userId ?? null;
}
