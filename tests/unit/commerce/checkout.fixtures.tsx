/** The order and pay pages' server on msw: a SYS course with a plain and a printed SKU, two coupons, an address, an order. */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../../src/app/AppContext';
import { createAuthSession } from '../../../src/app/authSession';
import type { Address } from '../../../src/domain/commerce/addresses.contract';
import type { CourseSkuList, OrderDetail, OrderPreview, OrderPreviewRequest, OrderState, PreviewCoupon } from '../../../src/domain/commerce/contract';
import type { RouteDef } from '../../../src/routeTypes';

export const SKUS: CourseSkuList = {
  courseId: 1,
  courseType: 'SYS',
  title: '一建经济精讲班',
  skus: [
    { id: 11, name: '标准班', priceCents: 68000, validDays: 365, shipsMaterial: false, startsAt: null, enrolEndsAt: null },
    { id: 12, name: '标准班 + 纸质讲义', priceCents: 76000, validDays: 365, shipsMaterial: true, startsAt: null, enrolEndsAt: null },
  ],
  addOns: [],
  stages: [],
  extends: [],
};

export const coupon = (id: number, name: string, discountCents: number): PreviewCoupon => ({
  id,
  templateId: id,
  name,
  kind: 'FIXED',
  amountCents: discountCents,
  percentOff: 0,
  maxDiscountCents: null,
  thresholdCents: 0,
  courseIds: null,
  summary: `减${discountCents / 100}`,
  validFrom: Date.now() - 1000,
  validUntil: Date.now() + 86_400_000,
  state: 'UNUSED',
  locked: false,
  usedAt: null,
  usedOrderId: null,
  usable: true,
  unusableReason: null,
  discountCents,
});

export const COUPONS = [coupon(501, '满500减50', 5000), coupon(502, '新人专享券', 2000)];

/** The server's preview: the best coupon when none is chosen, the chosen one, or none. */
export function previewFor(request: OrderPreviewRequest): OrderPreview {
  const sku = SKUS.skus.find((s) => s.id === request.skuId)!;
  const couponId = request.couponId === undefined ? 501 : request.couponId;
  const discount = COUPONS.find((c) => c.id === couponId)?.discountCents ?? 0;
  return {
    lines: [
      {
        kind: 'MAIN',
        courseId: 1,
        courseType: 'SYS',
        title: SKUS.title,
        cover: '/new/demo/covers/1.svg',
        skuId: sku.id,
        skuName: sku.name,
        priceCents: sku.priceCents,
        validDays: 365,
        shipsMaterial: sku.shipsMaterial,
        startsAt: null,
      },
    ],
    addOns: [],
    coupons: COUPONS,
    couponId,
    needsAddress: sku.shipsMaterial,
    validUntil: Date.now() + 365 * 86_400_000,
    payWithinMinutes: 30,
    totalCents: sku.priceCents,
    discountCents: discount,
    payCents: sku.priceCents - discount,
  };
}

export const ADDRESS: Address = {
  id: 9,
  name: '张三',
  mobile: '13800138000',
  provinceCode: '110000',
  provinceName: '北京市',
  cityCode: '110100',
  cityName: '北京市',
  districtCode: '110108',
  districtName: '海淀区',
  detail: '中关村大街1号',
  isDefault: true,
  createTime: '',
  updateTime: '',
};

export function orderOf(status: OrderState, expiresAt: number): OrderDetail {
  return {
    id: 77,
    orderNo: 'XT202611230001',
    status,
    courseId: 1,
    courseType: 'SYS',
    title: SKUS.title,
    cover: '/new/demo/covers/1.svg',
    skuName: '标准班',
    lineCount: 1,
    createdAt: Date.now(),
    expiresAt,
    paidAt: null,
    totalCents: 68000,
    discountCents: 5000,
    payCents: 63000,
    lines: [],
    coupon: { id: 501, name: '满500减50' },
    address: null,
    payChannel: null,
    cancelledAt: null,
    remark: null,
  };
}

export const ROUTE: RouteDef = { path: '', title: '', view: () => Promise.reject(new Error('unused')), auth: true, layout: 'main', mobile: '' };

/** `view` at `path` in a memory router with a real session. */
export function renderView(path: string, view: ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={createAuthSession()}>{view}</AppProvider>
    </Router>,
  );
  return location;
}
