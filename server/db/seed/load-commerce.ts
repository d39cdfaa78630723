/**
 * Loads the demo commerce data of commerce.ts: SKU extras (printed material, next camp cohorts), coupon templates, the
 * activity, redeem codes, then the demo students' coupons, orders (with lines and payments) and
 * what those orders, free activations and a used code granted — the same rows the server writes.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DAY_MS, ORDER_TTL_MINUTES } from '../../../src/domain/commerce/limits';
import { judgeCoupon, priceOrder } from '../../../src/domain/commerce/rules';
import {
  activityCoupons,
  activityCourses,
  couponActivities,
  couponTemplates,
  coursePackItems,
  courses,
  courseSkus,
  orderItems,
  orders,
  payments,
  redeemCodes,
  userCoupons,
  userProducts,
  users,
} from '../schema';
import { activityDef, couponTemplateDefs, type DemoOrderDef, demoPurchases, extraSkus, printedSkuNames, redeemCodeDefs } from './commerce';
import type { SeedDb } from './types';
import { check, cohortStart, lookup } from './util';

const daysFrom = (now: number, days: number): Date => new Date(now + days * DAY_MS);

interface SkuRef {
  id: number;
  courseId: number;
  name: string;
  priceCents: number;
  validDays: number;
  shipsMaterial: boolean;
  startsAt: Date | null;
}

async function loadSkuExtras(db: SeedDb, courseIds: Map<string, number>, now: number): Promise<void> {
  await db.update(courseSkus).set({ shipsMaterial: true }).where(inArray(courseSkus.name, printedSkuNames));
  await db.insert(courseSkus).values(
    extraSkus.map((def) => ({
      courseId: lookup(courseIds, def.course, 'course'),
      name: def.name,
      priceCents: def.price,
      validDays: def.validDays,
      shipsMaterial: def.shipsMaterial,
      startsAt: def.startsInDays === undefined ? null : cohortStart(now, def.startsInDays),
      sort: def.sort,
    })),
  );
}

async function loadCouponTemplates(db: SeedDb, courseIds: Map<string, number>, now: number): Promise<Map<string, number>> {
  const rows = await db
    .insert(couponTemplates)
    .values(
      couponTemplateDefs.map((def, i) => {
        check((def.validDays === undefined) !== (def.window === undefined), `coupon ${def.key}: validDays or a window`);
        return {
          name: def.name,
          kind: def.kind,
          amountCents: def.amount ?? 0,
          percentOff: def.percentOff ?? 0,
          maxDiscountCents: def.maxDiscount ?? null,
          thresholdCents: def.threshold ?? 0,
          courseIds: def.courses ? def.courses.map((key) => lookup(courseIds, key, 'course')) : null,
          validDays: def.validDays ?? null,
          validFrom: def.window ? daysFrom(now, def.window[0]) : null,
          validUntil: def.window ? daysFrom(now, def.window[1]) : null,
          claimable: def.claimable,
          claimStartsAt: def.claimWindow ? daysFrom(now, def.claimWindow[0]) : null,
          claimEndsAt: def.claimWindow ? daysFrom(now, def.claimWindow[1]) : null,
          totalQuantity: def.total ?? null,
          claimedCount: def.claimed ?? 0,
          sort: i + 1,
        };
      }),
    )
    .returning({ id: couponTemplates.id });
  return new Map(couponTemplateDefs.map((def, i) => [def.key, rows[i]!.id]));
}

async function loadActivity(db: SeedDb, courseIds: Map<string, number>, templateIds: Map<string, number>, now: number): Promise<void> {
  const [activity] = await db
    .insert(couponActivities)
    .values({
      title: activityDef.title,
      subtitle: activityDef.subtitle,
      rules: activityDef.rules,
      startsAt: daysFrom(now, activityDef.startsInDays),
      endsAt: daysFrom(now, activityDef.endsInDays),
    })
    .returning({ id: couponActivities.id });
  await db
    .insert(activityCourses)
    .values(activityDef.courses.map((c, i) => ({ activityId: activity!.id, courseId: lookup(courseIds, c.course, 'course'), tag: c.tag, sort: i + 1 })));
  await db
    .insert(activityCoupons)
    .values(activityDef.coupons.map((key, i) => ({ activityId: activity!.id, templateId: lookup(templateIds, key, 'coupon'), sort: i + 1 })));
}

async function courseType(db: SeedDb, courseId: number): Promise<string> {
  const [row] = await db.select({ type: courses.type }).from(courses).where(eq(courses.id, courseId));
  return row!.type;
}

/** What an order, a code or an activation grants: the course, and a pack's courses with it. */
async function grant(db: SeedDb, userId: number, courseId: number, from: Date, days: number, source: string, orderId: number | null): Promise<void> {
  const type = await courseType(db, courseId);
  const contents =
    type === 'PACK'
      ? await db
          .select({ courseId: courses.id, type: courses.type })
          .from(coursePackItems)
          .innerJoin(courses, eq(courses.id, coursePackItems.courseId))
          .where(and(eq(coursePackItems.packId, courseId), sql`${courses.type} <> 'ADD'`))
      : [];
  const until = new Date(from.getTime() + days * DAY_MS);
  await db.insert(userProducts).values([
    { userId, courseId, courseType: type, source, orderId, validFrom: from, validUntil: until, createdAt: from, updatedAt: from },
    ...contents.map((c) => ({
      userId,
      courseId: c.courseId,
      courseType: c.type,
      source,
      orderId,
      viaPackId: courseId,
      validFrom: from,
      validUntil: until,
      createdAt: from,
      updatedAt: from,
    })),
  ]);
}

async function findSku(
  db: SeedDb,
  courseIds: Map<string, number>,
  course: string,
  name: string,
): Promise<SkuRef & { title: string; cover: string; type: string }> {
  const [row] = await db
    .select({
      id: courseSkus.id,
      courseId: courseSkus.courseId,
      name: courseSkus.name,
      priceCents: courseSkus.priceCents,
      validDays: courseSkus.validDays,
      shipsMaterial: courseSkus.shipsMaterial,
      startsAt: courseSkus.startsAt,
      title: courses.title,
      cover: courses.cover,
      type: courses.type,
    })
    .from(courseSkus)
    .innerJoin(courses, eq(courses.id, courseSkus.courseId))
    .where(and(eq(courseSkus.courseId, lookup(courseIds, course, 'course')), eq(courseSkus.name, name)));
  check(row, `demo order: no SKU "${name}" of ${course}`);
  return row;
}

async function loadOrder(
  db: SeedDb,
  courseIds: Map<string, number>,
  userId: number,
  def: DemoOrderDef,
  coupon: { id: number; discountOf: (lines: { courseId: number; priceCents: number }[]) => number; name: string } | null,
  now: number,
  seq: number,
): Promise<void> {
  const main = await findSku(db, courseIds, def.course, def.sku);
  const addOns = await Promise.all((def.addOns ?? []).map((a) => findSku(db, courseIds, a.course, a.sku)));
  const lines = [main, ...addOns];
  const amounts = priceOrder(lines, coupon ? coupon.discountOf(lines) : 0);
  const createdAt = daysFrom(now, -def.daysAgo);
  const paidAt = def.status === 'PAID' ? new Date(createdAt.getTime() + 3 * 60_000) : null;
  const stamp = new Date(createdAt.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  const orderNo = `${stamp}${String(900_000 + seq)}`;
  const [order] = await db
    .insert(orders)
    .values({
      orderNo,
      userId,
      status: def.status,
      courseId: main.courseId,
      courseType: main.type,
      title: main.title,
      cover: main.cover,
      skuName: main.name,
      ...amounts,
      userCouponId: coupon?.id ?? null,
      couponName: coupon?.name ?? null,
      needsAddress: lines.some((l) => l.shipsMaterial),
      expiresAt: new Date(createdAt.getTime() + ORDER_TTL_MINUTES * 60_000),
      paidAt,
      payChannel: paidAt ? 'SANDBOX' : null,
      cancelledAt: def.status === 'CANCELLED' ? new Date(createdAt.getTime() + 10 * 60_000) : null,
      createdAt,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values(
    lines.map((l, i) => ({
      orderId: order!.id,
      kind: i === 0 ? 'MAIN' : 'ADD_ON',
      courseId: l.courseId,
      courseType: l.type,
      title: l.title,
      cover: l.cover,
      skuId: l.id,
      skuName: l.name,
      priceCents: l.priceCents,
      validDays: l.validDays,
      shipsMaterial: l.shipsMaterial,
      startsAt: l.startsAt,
      sort: i,
    })),
  );
  if (!paidAt) return;
  await db.insert(payments).values({
    orderId: order!.id,
    userId,
    channel: 'SANDBOX',
    outTradeNo: `${orderNo}S0001`,
    amountCents: amounts.payCents,
    status: 'PAID',
    codeUrl: '/dev/pay/sandbox?ticket=seed',
    transactionId: `SBXSEED${orderNo}`,
    paidAt,
    createdAt,
  });
  for (const line of lines) await grant(db, userId, line.courseId, paidAt, line.validDays, 'ORDER', order!.id);
  if (coupon) await db.update(userCoupons).set({ usedAt: paidAt, usedOrderId: order!.id, lockedOrderId: order!.id }).where(eq(userCoupons.id, coupon.id));
}

async function loadDemoPurchases(db: SeedDb, courseIds: Map<string, number>, templateIds: Map<string, number>, now: number): Promise<void> {
  let seq = 0;
  for (const demo of demoPurchases) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, demo.mobile));
    check(user, `demo purchases: no user ${demo.mobile}`);
    const held = new Map<string, { id: number; name: string; def: (typeof couponTemplateDefs)[number] }>();
    for (const c of demo.coupons) {
      const def = couponTemplateDefs.find((d) => d.key === c.template);
      check(def, `demo coupon: unknown template ${c.template}`);
      const claimedAt = daysFrom(now, -c.daysAgo);
      const validFrom = def.window ? daysFrom(now, def.window[0]) : claimedAt;
      const validUntil = def.window ? daysFrom(now, def.window[1]) : new Date(claimedAt.getTime() + def.validDays! * DAY_MS);
      const [row] = await db
        .insert(userCoupons)
        .values({
          userId: user.id,
          templateId: lookup(templateIds, c.template, 'coupon'),
          validFrom,
          validUntil,
          source: c.source ?? 'CLAIM',
          createdAt: claimedAt,
        })
        .returning({ id: userCoupons.id });
      held.set(c.template, { id: row!.id, name: def.name, def });
    }
    for (const order of demo.orders) {
      const coupon = order.coupon ? held.get(order.coupon) : undefined;
      check(!order.coupon || coupon, `demo order: coupon ${order.coupon} not held`);
      // The server's own rule decides the demo discount, as it would have at the time.
      const discountOf = (lines: { courseId: number; priceCents: number }[]): number => {
        const def = coupon!.def;
        const verdict = judgeCoupon(
          {
            kind: def.kind,
            amountCents: def.amount ?? 0,
            percentOff: def.percentOff ?? 0,
            maxDiscountCents: def.maxDiscount ?? null,
            thresholdCents: def.threshold ?? 0,
            courseIds: def.courses?.map((key) => lookup(courseIds, key, 'course')) ?? null,
            validFrom: 0,
            validUntil: Number.MAX_SAFE_INTEGER,
          },
          lines,
          now,
        );
        check(verdict.usable, `demo order: coupon ${def.key} does not fit ${order.course}`);
        return verdict.discountCents;
      };
      await loadOrder(db, courseIds, user.id, order, coupon ? { id: coupon.id, name: coupon.name, discountOf } : null, now, ++seq);
    }
    for (const free of demo.freeCourses) {
      const courseId = lookup(courseIds, free.course, 'course');
      const [course] = await db.select({ validDays: courses.validDays }).from(courses).where(eq(courses.id, courseId));
      await grant(db, user.id, courseId, daysFrom(now, -free.daysAgo), course!.validDays, 'FREE', null);
    }
  }
}

async function loadRedeemCodes(db: SeedDb, courseIds: Map<string, number>, now: number): Promise<void> {
  for (const def of redeemCodeDefs) {
    const courseId = lookup(courseIds, def.course, 'course');
    let usedByUserId: number | null = null;
    let usedAt: Date | null = null;
    if (def.usedBy) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, def.usedBy.mobile));
      check(user, `redeem code ${def.code}: no user ${def.usedBy.mobile}`);
      usedByUserId = user.id;
      usedAt = daysFrom(now, -def.usedBy.daysAgo);
      await grant(db, user.id, courseId, usedAt, def.validDays, 'REDEEM', null);
    }
    await db
      .insert(redeemCodes)
      .values({ code: def.code, batch: '演示兑换码', courseId, validDays: def.validDays, expiresAt: daysFrom(now, def.expiresInDays), usedByUserId, usedAt });
  }
}

/** After courses and demo users: everything commerce shows in the demo. */
export async function loadCommerce(db: SeedDb, courseIds: Map<string, number>, now: number = Date.now()): Promise<void> {
  await loadSkuExtras(db, courseIds, now);
  const templateIds = await loadCouponTemplates(db, courseIds, now);
  await loadActivity(db, courseIds, templateIds, now);
  await loadRedeemCodes(db, courseIds, now);
  await loadDemoPurchases(db, courseIds, templateIds, now);
}
