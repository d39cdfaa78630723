/**
 * The screen texts of 我的订单 (/uc/my-order and its detail) and the pure helpers that read its
 * URL and format what it shows. Messages the server sends stay in texts.ts (COMMERCE_TEXTS).
 */
import type { OrderState } from './contract';

export const ORDER_TEXTS = {
  listTitle: '我的订单',
  detailTitle: '订单详情',
  filterLabel: '按订单状态筛选',
  all: '全部',
  empty: '暂无订单',
  emptyFiltered: '没有该状态的订单',
  browseCourses: '去选课',
  orderNo: '订单号',
  createdAt: '下单时间',
  paidAt: '支付时间',
  expiresAt: '支付截止',
  cancelledAt: '取消时间',
  amount: '实付金额',
  lines: '课程',
  lineCount: (n: number) => `共${n}门课程`,
  remaining: (time: string) => `剩余支付时间 ${time}`,
  pay: '继续支付',
  cancel: '取消订单',
  study: '去学习',
  viewDetail: '查看详情',
  cancelTitle: '取消订单',
  cancelQuestion: (orderNo: string) => `确定取消订单 ${orderNo} 吗？取消后使用的优惠券将退回账户。`,
  cancelConfirm: '确定取消',
  cancelKeep: '再想想',
  cancelled: '订单已取消',
  notFoundTitle: '订单不存在',
  notFoundBody: '该订单不存在，或不属于当前账号。',
  backToList: '返回我的订单',
  totalLabel: '原价',
  discountLabel: '优惠',
  payLabel: '实付',
  coupon: '优惠券',
  noCoupon: '未使用优惠券',
  address: '收货地址',
  times: '订单时间',
  remark: '备注',
  addOn: '加购',
  validDays: (days: number) => `有效期${days}天`,
  pager: '订单分页',
  prevPage: '上一页',
  nextPage: '下一页',
  pageOf: (current: number, pages: number) => `第${current}/${pages}页`,
} as const;

/** The filter tabs, in order: null = every order. */
export const ORDER_FILTERS: readonly (OrderState | null)[] = [null, 'PENDING', 'PAID', 'CANCELLED', 'EXPIRED'];

export interface OrderListQuery {
  status: OrderState | null;
  /** 1-based. */
  page: number;
}

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** ?status=PAID&page=2 → { status: 'PAID', page: 2 }; anything unknown → every order, page 1. */
export function parseOrderListQuery(search: string): OrderListQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const known = ORDER_FILTERS.find((s) => s !== null && s === status) ?? null;
  return { status: known, page: pageOf(params.get('page')) };
}

/** The page count of a list (at least 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}

/** Milliseconds left as mm:ss (never negative): 29:59, 00:05. */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}
