/**
 * Coupons: the ones a user holds (scoped by the session's user in every query), their lock by one
 * unpaid order, their single use, claiming, and the templates on offer. A lock is live while its
 * order is PENDING and before its expiry: an expired or cancelled order frees the coupon without
 * any sweeper, and a new lock is taken by one conditional UPDATE, so two orders cannot share it.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ClaimableCoupon, CouponKind, UserCoupon, UserCouponState } from '../../src/domain/commerce/contract';
import { claimedValidity, type CouponRule, describeCoupon } from '../../src/domain/commerce/rules';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import type { Page } from '../../src/domain/shared/envelope';
import type { Db } from '../db/client';
import { activityCoupons, couponActivities, couponTemplates, orders, userCoupons } from '../db/schema';
import { badRequest, notFound } from '../shared/envelope';
import { COUNT_ALL, pageOffset, toPage, WINDOW_TOTAL } from '../shared/paging';

const lockingOrder = alias(orders, 'locking_order');

/** True while the coupon's locking order can still be paid. */
function liveLock(now: Date): SQL<boolean> {
  return sql<boolean>`coalesce(${lockingOrder.status} = 'PENDING' and ${lockingOrder.expiresAt} > ${now.toISOString()}::timestamptz, false)`;
}

function heldColumns(now: Date) {
  return {
    id: userCoupons.id,
    templateId: userCoupons.templateId,
    validFrom: userCoupons.validFrom,
    validUntil: userCoupons.validUntil,
    usedAt: userCoupons.usedAt,
    usedOrderId: userCoupons.usedOrderId,
    lockedOrderId: userCoupons.lockedOrderId,
    locked: liveLock(now),
    name: couponTemplates.name,
    kind: couponTemplates.kind,
    amountCents: couponTemplates.amountCents,
    percentOff: couponTemplates.percentOff,
    maxDiscountCents: couponTemplates.maxDiscountCents,
    thresholdCents: couponTemplates.thresholdCents,
    courseIds: couponTemplates.courseIds,
  };
}

type TermsRow = {
  name: string;
  kind: string;
  amountCents: number;
  percentOff: number;
  maxDiscountCents: number | null;
  thresholdCents: number;
  courseIds: number[] | null;
};

function terms(row: TermsRow) {
  const kind = row.kind as CouponKind;
  const rule = { kind, amountCents: row.amountCents, percentOff: row.percentOff, maxDiscountCents: row.maxDiscountCents, thresholdCents: row.thresholdCents };
  return { name: row.name, ...rule, courseIds: row.courseIds, summary: describeCoupon(rule) };
}

export interface HeldCoupon extends UserCoupon {
  rule: CouponRule;
}

type HeldRow = TermsRow & {
  id: number;
  templateId: number;
  validFrom: Date;
  validUntil: Date;
  usedAt: Date | null;
  usedOrderId: number | null;
  locked: boolean;
};

export function toHeldCoupon(row: HeldRow, now: Date): HeldCoupon {
  const t = terms(row);
  const state: UserCouponState = row.usedAt ? 'USED' : row.validUntil.getTime() <= now.getTime() ? 'EXPIRED' : 'UNUSED';
  return {
    id: row.id,
    templateId: row.templateId,
    ...t,
    validFrom: row.validFrom.getTime(),
    validUntil: row.validUntil.getTime(),
    state,
    locked: state === 'UNUSED' && Boolean(row.locked),
    usedAt: row.usedAt?.getTime() ?? null,
    usedOrderId: row.usedOrderId,
    rule: { ...t, validFrom: row.validFrom.getTime(), validUntil: row.validUntil.getTime() },
  };
}

export function withoutRule({ rule: _rule, ...coupon }: HeldCoupon): UserCoupon {
  return coupon;
}

/** The user's coupons that are neither used nor expired: what an order page may offer. */
export async function unusedCoupons(db: Db, userId: number, now: Date): Promise<HeldCoupon[]> {
  const rows = await db
    .select(heldColumns(now))
    .from(userCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, userCoupons.templateId))
    .leftJoin(lockingOrder, eq(lockingOrder.id, userCoupons.lockedOrderId))
    .where(and(eq(userCoupons.userId, userId), isNull(userCoupons.usedAt), gt(userCoupons.validUntil, now)))
    .orderBy(asc(userCoupons.validUntil), asc(userCoupons.id));
  return rows.map((row) => toHeldCoupon(row, now));
}

/** One of the user's coupons in any state (another user's is not found). */
export async function heldCoupon(db: Db, userId: number, couponId: number, now: Date): Promise<HeldCoupon | null> {
  const [row] = await db
    .select(heldColumns(now))
    .from(userCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, userCoupons.templateId))
    .leftJoin(lockingOrder, eq(lockingOrder.id, userCoupons.lockedOrderId))
    .where(and(eq(userCoupons.id, couponId), eq(userCoupons.userId, userId)));
  return row ? toHeldCoupon(row, now) : null;
}

/**
 * Takes the coupon for `orderId` when it is the user's, unused, unexpired and not held by another
 * live order. Called inside the order's transaction. The row is locked first: of two orders racing
 * for the coupon, the second waits for the first to commit, and only then runs the conditional
 * UPDATE — as a statement of its own, whose snapshot sees the first order. (In one statement, the
 * re-check after the wait would judge "held by a live order" with the snapshot taken before the
 * wait, which does not contain the first order yet, and both would win.)
 */
export async function lockCoupon(db: Db, userId: number, couponId: number, orderId: number, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  await db
    .select({ id: userCoupons.id })
    .from(userCoupons)
    .where(and(eq(userCoupons.id, couponId), eq(userCoupons.userId, userId)))
    .for('update');
  const rows = await db
    .update(userCoupons)
    .set({ lockedOrderId: orderId })
    .where(
      and(
        eq(userCoupons.id, couponId),
        eq(userCoupons.userId, userId),
        isNull(userCoupons.usedAt),
        gt(userCoupons.validUntil, now),
        sql`(${userCoupons.lockedOrderId} is null or not exists (
              select 1 from ${orders} o where o.id = ${userCoupons.lockedOrderId} and o.status = 'PENDING' and o.expires_at > ${nowIso}::timestamptz))`,
      ),
    )
    .returning({ id: userCoupons.id });
  return rows.length === 1;
}

/** A cancelled order lets go of its coupon. */
export async function releaseCoupon(db: Db, orderId: number): Promise<void> {
  await db
    .update(userCoupons)
    .set({ lockedOrderId: null })
    .where(and(eq(userCoupons.lockedOrderId, orderId), isNull(userCoupons.usedAt)));
}

/** A paid order uses its coupon, once; false when it was already used (by a late notice's race, logged by the caller). */
export async function markCouponUsed(db: Db, userId: number, couponId: number, orderId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(userCoupons)
    .set({ usedAt: now, usedOrderId: orderId, lockedOrderId: orderId })
    .where(and(eq(userCoupons.id, couponId), eq(userCoupons.userId, userId), isNull(userCoupons.usedAt)))
    .returning({ id: userCoupons.id });
  return rows.length === 1;
}

export async function listMyCoupons(
  db: Db,
  userId: number,
  query: { state: UserCouponState; current: number; size: number },
  now: Date,
): Promise<Page<UserCoupon>> {
  const byState: Record<UserCouponState, { where: SQL | undefined; order: SQL[] }> = {
    UNUSED: { where: and(isNull(userCoupons.usedAt), gt(userCoupons.validUntil, now)), order: [asc(userCoupons.validUntil), asc(userCoupons.id)] },
    USED: { where: isNotNull(userCoupons.usedAt), order: [desc(userCoupons.usedAt), desc(userCoupons.id)] },
    EXPIRED: { where: and(isNull(userCoupons.usedAt), lte(userCoupons.validUntil, now)), order: [desc(userCoupons.validUntil), desc(userCoupons.id)] },
  };
  const { where, order } = byState[query.state];
  const rows = await db
    .select({ ...heldColumns(now), total: WINDOW_TOTAL })
    .from(userCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, userCoupons.templateId))
    .leftJoin(lockingOrder, eq(lockingOrder.id, userCoupons.lockedOrderId))
    .where(and(eq(userCoupons.userId, userId), where))
    .orderBy(...order)
    .limit(query.size)
    .offset(pageOffset(query));
  return toPage(
    rows,
    query,
    () =>
      db
        .select({ n: COUNT_ALL })
        .from(userCoupons)
        .where(and(eq(userCoupons.userId, userId), where)),
    (row) => withoutRule(toHeldCoupon(row, now)),
  );
}

// ---- claiming -----------------------------------------------------------------------------------

type TemplateRow = typeof couponTemplates.$inferSelect;

function claimWindowOpen(template: TemplateRow, now: Date): boolean {
  const t = now.getTime();
  if (template.claimStartsAt && template.claimStartsAt.getTime() > t) return false;
  if (template.claimEndsAt && template.claimEndsAt.getTime() <= t) return false;
  // A coupon whose fixed window is over is worth nothing.
  return !(template.validUntil && template.validUntil.getTime() <= t);
}

/** A template anyone may claim now: listed (claimable), or offered by an activity running now. */
function openToClaims(now: Date): SQL {
  const nowIso = now.toISOString();
  return or(
    eq(couponTemplates.claimable, true),
    sql`exists (select 1 from ${activityCoupons} ac join ${couponActivities} a on a.id = ac.activity_id
                where ac.template_id = ${couponTemplates.id} and a.starts_at <= ${nowIso}::timestamptz and a.ends_at > ${nowIso}::timestamptz)`,
  )!;
}

async function claimedTemplateIds(db: Db, userId: number | null, templateIds: number[]): Promise<Set<number>> {
  if (userId === null || templateIds.length === 0) return new Set();
  const rows = await db
    .select({ templateId: userCoupons.templateId })
    .from(userCoupons)
    .where(and(eq(userCoupons.userId, userId), inArray(userCoupons.templateId, templateIds)));
  return new Set(rows.map((row) => row.templateId));
}

export async function toClaimable(db: Db, templates: TemplateRow[], userId: number | null): Promise<ClaimableCoupon[]> {
  const claimed = await claimedTemplateIds(
    db,
    userId,
    templates.map((t) => t.id),
  );
  return templates.map((t) => ({
    templateId: t.id,
    ...terms(t),
    validDays: t.validDays,
    validFrom: t.validFrom?.getTime() ?? null,
    validUntil: t.validUntil?.getTime() ?? null,
    claimEndsAt: t.claimEndsAt?.getTime() ?? null,
    remaining: t.totalQuantity === null ? null : Math.max(0, t.totalQuantity - t.claimedCount),
    claimed: claimed.has(t.id),
  }));
}

/** /coupon-acquire: the listed templates whose claim window is open, with the user's claimed flags. */
export async function listClaimable(db: Db, userId: number | null, now: Date): Promise<ClaimableCoupon[]> {
  const rows = await db.select().from(couponTemplates).where(eq(couponTemplates.claimable, true)).orderBy(asc(couponTemplates.sort), asc(couponTemplates.id));
  return toClaimable(
    db,
    rows.filter((t) => claimWindowOpen(t, now)),
    userId,
  );
}

/**
 * One coupon per user and template, within the quantity: the insert and the conditional count
 * share one transaction, so a refused claim (claimed before, sold out) leaves nothing behind.
 */
export async function claimCoupon(db: Db, userId: number, templateId: number, now: Date): Promise<UserCoupon> {
  return db.transaction(async (tx) => {
    const [template] = await tx
      .select()
      .from(couponTemplates)
      .where(and(eq(couponTemplates.id, templateId), openToClaims(now)));
    if (!template) throw notFound(COMMERCE_TEXTS.couponNotFound);
    if (!claimWindowOpen(template, now)) throw badRequest(COMMERCE_TEXTS.couponClaimClosed);
    const validity = claimedValidity(
      { validDays: template.validDays, validFrom: template.validFrom?.getTime() ?? null, validUntil: template.validUntil?.getTime() ?? null },
      now.getTime(),
    );
    const [held] = await tx
      .insert(userCoupons)
      .values({ userId, templateId, validFrom: new Date(validity.validFrom), validUntil: new Date(validity.validUntil), source: 'CLAIM' })
      .onConflictDoNothing()
      .returning();
    if (!held) throw badRequest(COMMERCE_TEXTS.couponClaimed);
    const counted = await tx
      .update(couponTemplates)
      .set({ claimedCount: sql`${couponTemplates.claimedCount} + 1` })
      .where(
        and(
          eq(couponTemplates.id, templateId),
          or(isNull(couponTemplates.totalQuantity), sql`${couponTemplates.claimedCount} < ${couponTemplates.totalQuantity}`),
        ),
      )
      .returning({ id: couponTemplates.id });
    if (counted.length === 0) throw badRequest(COMMERCE_TEXTS.couponSoldOut);
    return withoutRule(toHeldCoupon({ ...template, ...held, locked: false }, now));
  });
}
