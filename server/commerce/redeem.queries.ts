/** Redeem codes (/course-exchange): single use, with an expiry; a right code grants its course (a pack with its courses). */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { CourseType } from '../../src/domain/catalog/contract';
import type { RedeemResult } from '../../src/domain/commerce/contract';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import type { Db } from '../db/client';
import { courses, redeemCodes } from '../db/schema';
import { badRequest } from '../shared/envelope';
import { grantWithPack } from './ownership.queries';

/**
 * Uses the code for the user in one transaction: the conditional UPDATE lets one of two people
 * typing the same code at once win; a refusal (wrong, used, expired) changes nothing.
 */
export async function redeem(db: Db, userId: number, code: string, now: Date): Promise<RedeemResult> {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(redeemCodes)
      .set({ usedByUserId: userId, usedAt: now })
      .where(and(eq(redeemCodes.code, code), isNull(redeemCodes.usedAt), gt(redeemCodes.expiresAt, now)))
      .returning();
    if (!used) {
      const [found] = await tx.select({ usedAt: redeemCodes.usedAt }).from(redeemCodes).where(eq(redeemCodes.code, code));
      if (!found) throw badRequest(COMMERCE_TEXTS.redeemCodeWrong);
      throw badRequest(found.usedAt ? COMMERCE_TEXTS.redeemCodeUsed : COMMERCE_TEXTS.redeemCodeExpired);
    }
    const [course] = await tx.select({ id: courses.id, type: courses.type, title: courses.title }).from(courses).where(eq(courses.id, used.courseId));
    if (!course) throw badRequest(COMMERCE_TEXTS.courseNotFound);
    const courseType = course.type as CourseType;
    const granted = await grantWithPack(tx, { userId, courseId: course.id, courseType, source: 'REDEEM', start: now, validDays: used.validDays });
    if (!granted) throw new Error('an unconditional grant granted nothing');
    return { courseId: course.id, courseType, title: course.title, validUntil: granted.validUntil.getTime() };
  });
}
