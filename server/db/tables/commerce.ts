/**
 * Commerce: coupons (templates and the ones users hold), the course activity, redeem
 * codes, what users own, orders with their lines, payment attempts, and the sandbox wallet's trades.
 *
 * Orders and ownership keep course ids without a foreign key, and copy what the student saw (title,
 * SKU name, price): a bought order must read the same after the catalogue changes, and a reload of
 * the demo content (which restarts the content ids) must not delete what real users bought.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { courses } from './catalog';
import { createdAt, updatedAt } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** What a coupon is worth and who may claim it; users hold copies in user_coupons. */
export const couponTemplates = pgTable('coupon_templates', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
  /** FIXED (amount_cents off) or PERCENT (percent_off off, capped by max_discount_cents). */
  kind: varchar('kind', { length: 8 }).notNull(),
  amountCents: integer('amount_cents').notNull().default(0),
  percentOff: integer('percent_off').notNull().default(0),
  maxDiscountCents: integer('max_discount_cents'),
  thresholdCents: integer('threshold_cents').notNull().default(0),
  /** Null: every course. */
  courseIds: jsonb('course_ids').$type<number[]>(),
  /** Valid this many days after the claim, else in the fixed window valid_from…valid_until. */
  validDays: integer('valid_days'),
  validFrom: at('valid_from'),
  validUntil: at('valid_until'),
  /** Listed on /coupon-acquire and claimable by anyone; false: only given (activities, compensation). */
  claimable: boolean('claimable').notNull().default(true),
  claimStartsAt: at('claim_starts_at'),
  claimEndsAt: at('claim_ends_at'),
  /** Null: unlimited. */
  totalQuantity: integer('total_quantity'),
  claimedCount: integer('claimed_count').notNull().default(0),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

/** A coupon a user holds: one per template and user; locked by one unpaid order at a time, used once. */
export const userCoupons = pgTable(
  'user_coupons',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id, { onDelete: 'cascade' }),
    validFrom: at('valid_from').notNull(),
    validUntil: at('valid_until').notNull(),
    /** The unpaid order holding it; it is free again once that order is cancelled or past its expiry. */
    lockedOrderId: integer('locked_order_id'),
    usedAt: at('used_at'),
    usedOrderId: integer('used_order_id'),
    /** CLAIM or GIFT. */
    source: varchar('source', { length: 8 }).notNull().default('CLAIM'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_coupons_user_template_uq').on(t.userId, t.templateId), index('user_coupons_locked_idx').on(t.lockedOrderId)],
);

/** The course activity of /coupon-active: a campaign of courses and coupons. */
export const couponActivities = pgTable('coupon_activities', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 60 }).notNull(),
  subtitle: varchar('subtitle', { length: 120 }).notNull(),
  rules: jsonb('rules')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
});

export const activityCourses = pgTable(
  'activity_courses',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => couponActivities.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    tag: varchar('tag', { length: 20 }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.courseId] })],
);

export const activityCoupons = pgTable(
  'activity_coupons',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => couponActivities.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.templateId] })],
);

/** Single-use codes that grant a course (/course-exchange); the code is stored normalised (upper case, no dashes). */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20 }).notNull(),
    batch: varchar('batch', { length: 40 }).notNull(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    validDays: integer('valid_days').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedByUserId: integer('used_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('redeem_codes_code_uq').on(t.code)],
);

/** What a user owns, until when: one row per user and course, extended by each purchase, code or activation. */
export const userProducts = pgTable(
  'user_products',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    courseType: varchar('course_type', { length: 8 }).notNull(),
    /** ORDER, FREE, REDEEM or GIFT: how the access last started or grew. */
    source: varchar('source', { length: 8 }).notNull(),
    /** Set when the course came with a pack. */
    viaPackId: integer('via_pack_id'),
    orderId: integer('order_id'),
    validFrom: at('valid_from').notNull(),
    validUntil: at('valid_until').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_products_user_course_uq').on(t.userId, t.courseId), index('user_products_user_until_idx').on(t.userId, t.validUntil)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 24 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PENDING, PAID or CANCELLED; a PENDING order past expires_at reads as EXPIRED. */
    status: varchar('status', { length: 10 }).notNull().default('PENDING'),
    /** The main line, copied for lists. */
    courseId: integer('course_id').notNull(),
    courseType: varchar('course_type', { length: 8 }).notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    cover: text('cover').notNull(),
    skuName: varchar('sku_name', { length: 60 }).notNull(),
    totalCents: integer('total_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    payCents: integer('pay_cents').notNull(),
    userCouponId: integer('user_coupon_id'),
    couponName: varchar('coupon_name', { length: 40 }),
    needsAddress: boolean('needs_address').notNull().default(false),
    address: jsonb('address').$type<{ name: string; mobile: string; region: string; detail: string }>(),
    remark: varchar('remark', { length: 100 }),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    payChannel: varchar('pay_channel', { length: 8 }),
    cancelledAt: at('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('orders_order_no_uq').on(t.orderNo), index('orders_user_created_idx').on(t.userId, t.createdAt)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** MAIN or ADD_ON. */
    kind: varchar('kind', { length: 8 }).notNull(),
    courseId: integer('course_id').notNull(),
    courseType: varchar('course_type', { length: 8 }).notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    cover: text('cover').notNull(),
    skuId: integer('sku_id').notNull(),
    skuName: varchar('sku_name', { length: 60 }).notNull(),
    priceCents: integer('price_cents').notNull(),
    validDays: integer('valid_days').notNull(),
    shipsMaterial: boolean('ships_material').notNull().default(false),
    startsAt: at('starts_at'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** One payment attempt (a QR code on one channel) of an order; at most one open attempt per order and channel. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    channel: varchar('channel', { length: 8 }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 32 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** PENDING (QR shown), PAID or CLOSED. */
    status: varchar('status', { length: 8 }).notNull().default('PENDING'),
    codeUrl: text('code_url').notNull(),
    transactionId: varchar('transaction_id', { length: 64 }),
    paidAt: at('paid_at'),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_out_trade_no_uq').on(t.outTradeNo),
    uniqueIndex('payments_open_uq')
      .on(t.orderId, t.channel)
      .where(sql`status = 'PENDING'`),
    index('payments_order_idx').on(t.orderId),
  ],
);

/** The sandbox wallet's own books (server/providers/payment/sandbox.ts): what a real vendor keeps on its side. */
export const sandboxTrades = pgTable(
  'payment_sandbox_trades',
  {
    outTradeNo: varchar('out_trade_no', { length: 32 }).primaryKey(),
    /** The random part of the QR's URL: knowing an order number is not enough to pay it. */
    ticket: varchar('ticket', { length: 40 }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    subject: varchar('subject', { length: 128 }).notNull(),
    notifyUrl: text('notify_url').notNull(),
    /** WAITING, PAID or CLOSED. */
    status: varchar('status', { length: 8 }).notNull().default('WAITING'),
    transactionId: varchar('transaction_id', { length: 40 }),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_sandbox_trades_ticket_uq').on(t.ticket)],
);
