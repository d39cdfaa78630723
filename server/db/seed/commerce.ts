/**
 * Demo commerce data (docs/commerce.md): SKU extras on the seeded courses (printed material, a
 * camp's next cohort), coupon templates, the course activity of /coupon-active, redeem codes, and
 * what the demo students bought. Times are relative to the moment the seed runs (days; negative =
 * in the past), so the demo always looks current.
 */
import { yuan } from './types';

/** SKUs that post printed material (讲义 by express): an order for them asks for an address. */
export const printedSkuNames = ['高端班（含直播答疑+专属督学）', '全科VIP班（不过重学）', '两科VIP班（不过重学）'];

export interface ExtraSkuDef {
  course: string;
  name: string;
  price: number;
  validDays: number;
  shipsMaterial: boolean;
  /** EXP: the cohort it sells starts on the first Monday this many days after the seed (cohortStart in util.ts). */
  startsInDays?: number;
  /** Same sort as the SKU it varies: listed right after it. */
  sort: number;
}

export const extraSkus: ExtraSkuDef[] = [
  { course: 'yjjz-jj-sys-2027', name: '标准班 + 纸质讲义', price: yuan(760), validDays: 365, shipsMaterial: true, sort: 1 },
  { course: 'yjjz-sw-sys-2027', name: '标准班 + 纸质讲义', price: yuan(960), validDays: 365, shipsMaterial: true, sort: 1 },
  { course: 'jszg-zhsz-sys-2027', name: '标准班 + 纸质讲义', price: yuan(358), validDays: 365, shipsMaterial: true, sort: 1 },
  { course: 'yjjz-sw-camp', name: '训练营（30天）· 下一期', price: yuan(399), validDays: 90, shipsMaterial: false, startsInDays: 35, sort: 2 },
  { course: 'jszg-camp', name: '训练营（45天）· 下一期', price: yuan(199), validDays: 90, shipsMaterial: false, startsInDays: 50, sort: 2 },
];

export interface CouponTemplateDef {
  key: string;
  name: string;
  kind: 'FIXED' | 'PERCENT';
  amount?: number;
  percentOff?: number;
  maxDiscount?: number;
  threshold?: number;
  /** Course keys; absent = every course. */
  courses?: string[];
  validDays?: number;
  /** A fixed window, in days from the seed. */
  window?: [number, number];
  claimable: boolean;
  /** Claim window in days from the seed. */
  claimWindow?: [number, number];
  total?: number;
  claimed?: number;
}

const jianzao = ['yjjz-jj-sys-2027', 'yjjz-gl-sys-2027', 'yjjz-fg-sys-2027', 'yjjz-sw-sys-2027', 'yjjz-pack-2027', 'yjjz-sw-camp'];

export const couponTemplateDefs: CouponTemplateDef[] = [
  { key: 'newcomer', name: '新人专享券', kind: 'FIXED', amount: yuan(20), validDays: 30, claimable: true },
  { key: 'over500', name: '满500减50', kind: 'FIXED', amount: yuan(50), threshold: yuan(500), validDays: 30, claimable: true },
  { key: 'over1000', name: '满1000减150', kind: 'FIXED', amount: yuan(150), threshold: yuan(1000), window: [-60, 120], claimable: true },
  {
    key: 'jianzao85',
    name: '建造师课程8.5折券',
    kind: 'PERCENT',
    percentOff: 15,
    maxDiscount: yuan(200),
    threshold: yuan(300),
    courses: jianzao,
    validDays: 30,
    claimable: true,
  },
  {
    key: 'jszg90',
    name: '教资课程9折券',
    kind: 'PERCENT',
    percentOff: 10,
    courses: ['jszg-zhsz-sys-2027', 'jszg-jyzs-sys-2027', 'jszg-pack-2027', 'jszg-camp'],
    validDays: 15,
    claimable: true,
  },
  {
    key: 'flash',
    name: '限量秒杀 满300减100',
    kind: 'FIXED',
    amount: yuan(100),
    threshold: yuan(300),
    validDays: 7,
    claimable: true,
    total: 200,
    claimed: 187,
  },
  {
    key: 'summer',
    name: '暑期特惠券（已结束）',
    kind: 'FIXED',
    amount: yuan(80),
    threshold: yuan(600),
    window: [-120, -30],
    claimable: true,
    claimWindow: [-120, -30],
  },
  { key: 'season', name: '开学季 满2000减300', kind: 'FIXED', amount: yuan(300), threshold: yuan(2000), validDays: 20, claimable: false },
  { key: 'compensation', name: '课程服务补偿券', kind: 'FIXED', amount: yuan(30), validDays: 60, claimable: false },
];

export const activityDef = {
  title: '2027建造师开学季',
  subtitle: '全科通关包直降 · 领券最高再减300元',
  rules: [
    '活动时间内，每位学员每种优惠券限领1张。',
    '优惠券在提交订单时自动选用优惠最多的一张，也可手动更换。',
    '订单30分钟内未支付将自动关闭，已使用的优惠券退回账户。',
    '活动课程购买后有效期自支付之日起计算。',
  ],
  startsInDays: -3,
  endsInDays: 27,
  courses: [
    { course: 'yjjz-pack-2027', tag: '立省300' },
    { course: 'yjjz-jj-sys-2027', tag: '爆款' },
    { course: 'yjjz-sw-sys-2027', tag: null },
    { course: 'yjjz-sw-camp', tag: '限时特惠' },
    { course: 'yjjz-plan-free', tag: '免费' },
  ],
  coupons: ['season', 'jianzao85', 'over500'],
};

export interface RedeemCodeDef {
  code: string;
  course: string;
  validDays: number;
  expiresInDays: number;
  /** Used by this demo mobile, this many days ago. */
  usedBy?: { mobile: string; daysAgo: number };
}

/** README's demo section names XT27-JJ01-DEMO. */
export const redeemCodeDefs: RedeemCodeDef[] = [
  { code: 'XT27JJ01DEMO', course: 'yjjz-jj-sys-2027', validDays: 180, expiresInDays: 365 },
  { code: 'XT27XF01DEMO', course: 'yjxf-jssw-sys-2027', validDays: 180, expiresInDays: 365 },
  { code: 'XT27JS01DEMO', course: 'jszg-pack-2027', validDays: 365, expiresInDays: 365 },
  { code: 'XT26OLD0DEMO', course: 'yjjz-jj-sys-2026', validDays: 180, expiresInDays: -10 },
  { code: 'XT27USEDDEMO', course: 'cjkj-sw-sys-2027', validDays: 90, expiresInDays: 365, usedBy: { mobile: '13900139000', daysAgo: 12 } },
];

export interface DemoCouponDef {
  template: string;
  /** Claimed this many days ago. */
  daysAgo: number;
  source?: 'CLAIM' | 'GIFT';
}

export interface DemoOrderDef {
  course: string;
  sku: string;
  addOns?: { course: string; sku: string }[];
  coupon?: string;
  status: 'PAID' | 'CANCELLED' | 'PENDING';
  daysAgo: number;
}

export interface DemoPurchasesDef {
  mobile: string;
  coupons: DemoCouponDef[];
  orders: DemoOrderDef[];
  freeCourses: { course: string; daysAgo: number }[];
}

export const demoPurchases: DemoPurchasesDef[] = [
  {
    mobile: '13800138000',
    coupons: [
      { template: 'newcomer', daysAgo: 2 },
      { template: 'jianzao85', daysAgo: 6 },
      { template: 'over500', daysAgo: 41 },
      { template: 'over1000', daysAgo: 45 },
      { template: 'compensation', daysAgo: 1, source: 'GIFT' },
      // Claimed long ago and never used: shows under 已过期.
      { template: 'flash', daysAgo: 20 },
    ],
    orders: [
      { course: 'yjjz-jj-sys-2027', sku: '标准班', coupon: 'over500', status: 'PAID', daysAgo: 40 },
      { course: 'yjjz-jj-calc-add', sku: '加购价', status: 'PAID', daysAgo: 10 },
      { course: 'yjjz-pack-2027', sku: '全科标准班', coupon: 'jianzao85', status: 'CANCELLED', daysAgo: 5 },
      // Left unpaid three days ago: reads as 已关闭 (expired).
      { course: 'yjjz-sw-camp', sku: '训练营（30天）', status: 'PENDING', daysAgo: 3 },
    ],
    freeCourses: [{ course: 'yjjz-plan-free', daysAgo: 20 }],
  },
  {
    mobile: '13900139000',
    coupons: [{ template: 'jszg90', daysAgo: 4 }],
    orders: [{ course: 'jszg-pack-2027', sku: '两科标准班', status: 'PAID', daysAgo: 15 }],
    freeCourses: [{ course: 'jszg-interview-free', daysAgo: 16 }],
  },
];
