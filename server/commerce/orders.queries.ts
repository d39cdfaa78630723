/**
 * Orders: the quote (lines, coupons judged, the best one chosen, amounts — computed here and only
 * here), creation in one transaction with the coupon's lock, and the reads. Every query takes the
 * session's user id: another user's order is simply not found.
 */
import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { CourseType } from '../../src/domain/catalog/contract';
import type {
  AddOnChoice,
  OrderAmounts,
  OrderCreateRequest,
  OrderDetail,
  OrderLine,
  OrderPreviewRequest,
  OrderState,
  OrderSummary,
  PayChannelCode,
  PreviewCoupon,
} from '../../src/domain/commerce/contract';
import { ORDER_TTL_MINUTES } from '../../src/domain/commerce/limits';
import { chooseBestCoupon, effectiveOrderState, extendValidity, judgeCoupon, priceOrder, purchaseRefusal } from '../../src/domain/commerce/rules';
import { COMMERCE_TEXTS, COUPON_REFUSAL_TEXTS, PURCHASE_REFUSAL_TEXTS } from '../../src/domain/commerce/texts';
import type { Page } from '../../src/domain/shared/envelope';
import type { Db } from '../db/client';
import { orderItems, orders } from '../db/schema';
import { badRequest } from '../shared/envelope';
import { type HeldCoupon, heldCoupon, lockCoupon, unusedCoupons, withoutRule } from './coupons.queries';
import { newOrderNo } from './orderNumbers';
import { liveCourseIds, ownershipOf, startOfAccess } from './ownership.queries';
import { addOnOffers, extendedCourses, findSkus, type SkuWithCourse } from './skus.queries';
import { COUNT_ALL, pageOffset, toPage, WINDOW_TOTAL } from '../shared/paging';

export type OrderRow = typeof orders.$inferSelect;

export interface Quote {
  lines: OrderLine[];
  amounts: OrderAmounts;
  coupons: PreviewCoupon[];
  chosen: PreviewCoupon | null;
  needsAddress: boolean;
  addOns: AddOnChoice[];
  /** The main course's access once paid. */
  validUntil: number;
}

function toLine(kind: OrderLine['kind'], sku: SkuWithCourse): OrderLine {
  return {
    kind,
    courseId: sku.courseId,
    courseType: sku.courseType,
    title: sku.title,
    cover: sku.cover,
    skuId: sku.skuId,
    skuName: sku.skuName,
    priceCents: sku.priceCents,
    validDays: sku.validDays,
    shipsMaterial: sku.shipsMaterial,
    startsAt: sku.startsAt?.getTime() ?? null,
  };
}

function judge(coupon: HeldCoupon, lines: readonly OrderLine[], now: Date): PreviewCoupon {
  const base = withoutRule(coupon);
  if (coupon.locked) return { ...base, usable: false, unusableReason: COUPON_REFUSAL_TEXTS.LOCKED, discountCents: 0 };
  const verdict = judgeCoupon(coupon.rule, lines, now.getTime());
  if (!verdict.usable) return { ...base, usable: false, unusableReason: COUPON_REFUSAL_TEXTS[verdict.reason], discountCents: 0 };
  // What it really takes off once the order's floor applies.
  return { ...base, usable: true, unusableReason: null, discountCents: priceOrder(lines, verdict.discountCents).discountCents };
}

/**
 * Everything an order of (course, SKU, add-ons, coupon) would be, from the database alone: the
 * client's amounts are never read. Refusals are 400s with the reason in Chinese.
 */
export async function quoteOrder(db: Db, userId: number, request: OrderPreviewRequest, now: Date): Promise<Quote> {
  const addOnSkuIds = request.addOnSkuIds ?? [];
  const skus = await findSkus(db, [request.skuId, ...addOnSkuIds]);
  const main = skus.get(request.skuId);
  if (!main || main.courseId !== request.courseId) throw badRequest(COMMERCE_TEXTS.skuNotFound);
  const addOnSkus = addOnSkuIds.map((id) => skus.get(id));
  if (addOnSkus.some((sku) => !sku) || new Set(addOnSkuIds).size !== addOnSkuIds.length) throw badRequest(COMMERCE_TEXTS.skuNotFound);
  const chosenAddOns = addOnSkus as SkuWithCourse[];

  const offers = main.courseType === 'ADD' ? [] : await addOnOffers(db, main.courseId);
  const extended = main.courseType === 'ADD' ? await extendedCourses(db, main.courseId) : [];
  const owned = await liveCourseIds(db, userId, [...extended.map((c) => c.courseId), ...offers.map((o) => o.courseId)], now);
  const refusal = purchaseRefusal({
    main: { type: main.courseType, onSale: main.onSale, skuStartsAt: main.startsAt?.getTime() ?? null },
    ownsExtendedCourse: extended.some((c) => owned.has(c.courseId)),
    addOns: chosenAddOns.map((sku) => ({ courseId: sku.courseId, type: sku.courseType, onSale: sku.onSale })),
    offeredAddOnIds: offers.map((o) => o.courseId),
    now: now.getTime(),
  });
  if (refusal) throw badRequest(PURCHASE_REFUSAL_TEXTS[refusal]);

  const lines = [toLine('MAIN', main), ...chosenAddOns.map((sku) => toLine('ADD_ON', sku))];
  // A paid course is never sold for nothing: a 0-fen SKU is a catalogue mistake, not a gift.
  if (lines.some((line) => line.priceCents <= 0)) throw badRequest(COMMERCE_TEXTS.skuNotFound);
  const coupons = (await unusedCoupons(db, userId, now)).map((coupon) => judge(coupon, lines, now));
  let chosen: PreviewCoupon | null;
  if (request.couponId === undefined) {
    chosen = chooseBestCoupon(coupons);
  } else if (request.couponId === null) {
    chosen = null;
  } else {
    chosen = coupons.find((c) => c.id === request.couponId) ?? null;
    if (!chosen) {
      // Not among the unused ones: say why (used, expired), or that the user has no such coupon.
      const held = await heldCoupon(db, userId, request.couponId, now);
      if (!held) throw badRequest(COMMERCE_TEXTS.couponNotFound);
      throw badRequest(COUPON_REFUSAL_TEXTS[held.state === 'USED' ? 'USED' : 'EXPIRED']);
    }
    if (!chosen.usable) throw badRequest(chosen.locked ? COMMERCE_TEXTS.couponLocked : (chosen.unusableReason ?? COMMERCE_TEXTS.couponUnavailable));
  }

  const current = await ownershipOf(db, userId, main.courseId);
  const start = startOfAccess(now, main.startsAt).getTime();
  const validity = extendValidity(current && { validFrom: current.validFrom.getTime(), validUntil: current.validUntil.getTime() }, start, main.validDays);
  const selected = new Set(chosenAddOns.map((sku) => sku.courseId));
  return {
    lines,
    amounts: priceOrder(lines, chosen?.discountCents ?? 0),
    coupons,
    chosen,
    needsAddress: lines.some((line) => line.shipsMaterial),
    addOns: offers.map((offer) => ({ ...offer, selected: selected.has(offer.courseId), owned: owned.has(offer.courseId) })),
    validUntil: validity.validUntil,
  };
}

export type OrderCreateBody = OrderCreateRequest;

/**
 * Quote, order, lines and the coupon's lock in one transaction: a refusal anywhere (a coupon
 * another order took a moment ago) leaves no order behind.
 */
export async function createOrder(db: Db, userId: number, request: OrderCreateBody, now: Date): Promise<{ order: OrderRow; quote: Quote }> {
  return db.transaction(async (tx) => {
    const quote = await quoteOrder(tx, userId, request, now);
    if (quote.needsAddress && !request.address) throw badRequest(COMMERCE_TEXTS.addressRequired);
    const main = quote.lines[0]!;
    const [order] = await tx
      .insert(orders)
      .values({
        orderNo: newOrderNo(now),
        userId,
        courseId: main.courseId,
        courseType: main.courseType,
        title: main.title,
        cover: main.cover,
        skuName: main.skuName,
        ...quote.amounts,
        userCouponId: quote.chosen?.id ?? null,
        couponName: quote.chosen?.name ?? null,
        needsAddress: quote.needsAddress,
        address: quote.needsAddress ? (request.address ?? null) : null,
        remark: request.remark?.trim() || null,
        expiresAt: new Date(now.getTime() + ORDER_TTL_MINUTES * 60_000),
        createdAt: now,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    await tx.insert(orderItems).values(
      quote.lines.map((line, i) => ({
        orderId: order.id,
        kind: line.kind,
        courseId: line.courseId,
        courseType: line.courseType,
        title: line.title,
        cover: line.cover,
        skuId: line.skuId,
        skuName: line.skuName,
        priceCents: line.priceCents,
        validDays: line.validDays,
        shipsMaterial: line.shipsMaterial,
        startsAt: line.startsAt === null ? null : new Date(line.startsAt),
        sort: i,
      })),
    );
    if (quote.chosen && !(await lockCoupon(tx, userId, quote.chosen.id, order.id, now))) throw badRequest(COMMERCE_TEXTS.couponLocked);
    return { order, quote };
  });
}

export async function findOrder(db: Db, userId: number, orderId: number): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row ?? null;
}

export type OrderItemRow = typeof orderItems.$inferSelect;

export async function orderLines(db: Db, orderId: number): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.sort), asc(orderItems.id));
}

export function stateOf(order: Pick<OrderRow, 'status' | 'expiresAt'>, now: Date): OrderState {
  return effectiveOrderState(order.status as OrderState, order.expiresAt.getTime(), now.getTime());
}

function toSummary(row: OrderRow, lineCount: number, now: Date): OrderSummary {
  return {
    id: row.id,
    orderNo: row.orderNo,
    status: stateOf(row, now),
    courseId: row.courseId,
    courseType: row.courseType as CourseType,
    title: row.title,
    cover: row.cover,
    skuName: row.skuName,
    lineCount,
    totalCents: row.totalCents,
    discountCents: row.discountCents,
    payCents: row.payCents,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    paidAt: row.paidAt?.getTime() ?? null,
  };
}

function itemToLine(item: OrderItemRow): OrderLine {
  return {
    kind: item.kind as OrderLine['kind'],
    courseId: item.courseId,
    courseType: item.courseType as CourseType,
    title: item.title,
    cover: item.cover,
    skuId: item.skuId,
    skuName: item.skuName,
    priceCents: item.priceCents,
    validDays: item.validDays,
    shipsMaterial: item.shipsMaterial,
    startsAt: item.startsAt?.getTime() ?? null,
  };
}

export async function orderDetail(db: Db, order: OrderRow, now: Date): Promise<OrderDetail> {
  const items = await orderLines(db, order.id);
  return {
    ...toSummary(order, items.length, now),
    lines: items.map(itemToLine),
    coupon: order.userCouponId !== null && order.couponName !== null ? { id: order.userCouponId, name: order.couponName } : null,
    address: order.address ?? null,
    payChannel: (order.payChannel as PayChannelCode | null) ?? null,
    cancelledAt: order.cancelledAt?.getTime() ?? null,
    remark: order.remark,
  };
}

/** The stored condition of each shown state: EXPIRED is an unpaid order past its expiry. */
function stateCondition(state: OrderState, now: Date): SQL | undefined {
  if (state === 'PENDING') return and(eq(orders.status, 'PENDING'), gt(orders.expiresAt, now));
  if (state === 'EXPIRED') return and(eq(orders.status, 'PENDING'), lte(orders.expiresAt, now));
  return eq(orders.status, state);
}

export async function listOrders(
  db: Db,
  userId: number,
  query: { current: number; size: number; status?: OrderState | null },
  now: Date,
): Promise<Page<OrderSummary>> {
  const where = and(eq(orders.userId, userId), query.status ? stateCondition(query.status, now) : undefined);
  const rows = await db
    .select({
      order: orders,
      // Qualified by hand: Drizzle writes a column in sql`` without its table, and a bare "id" inside the subquery is order_items.id.
      lineCount: sql<number>`(select count(*)::int from ${orderItems} where ${orderItems}.${sql.identifier(orderItems.orderId.name)} = ${orders}.${sql.identifier(orders.id.name)})`,
      total: WINDOW_TOTAL,
    })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.size)
    .offset(pageOffset(query));
  return toPage(
    rows,
    query,
    () => db.select({ n: COUNT_ALL }).from(orders).where(where),
    (row) => toSummary(row.order, Number(row.lineCount), now),
  );
}
