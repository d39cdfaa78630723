/**
 * What the checkout statechart loads: the order page's data (the course's SKUs, the student's
 * addresses, the server's preview) and the pay page's (the order, its pay channels, its status),
 * and the silent status poll. Its other steps are plain calls. Money is never computed here.
 */
import type { Address } from '../../domain/commerce/addresses.contract';
import { COMMERCE_CALLS, COMMERCE_EXTRA_CALLS } from '../../domain/commerce/calls';
import type { CourseSkuList, OrderDetail, OrderPayStatus, OrderPreview, PayChannelOption } from '../../domain/commerce/contract';
import { CATALOG_CALLS } from '../../domain/catalog/calls';
import { call } from '../shared/http/client';

export interface OrderPageData {
  skus: CourseSkuList;
  addresses: Address[];
  preview: OrderPreview;
  skuId: number;
}

/** The SKU asked for when it is on sale, else the course's first. */
export async function loadOrderPage(courseId: number, skuId: number | null): Promise<OrderPageData> {
  const [skus, addresses] = await Promise.all([call(CATALOG_CALLS.courseSkuList, { params: { id: courseId }, body: {} }), call(COMMERCE_CALLS.addressList)]);
  const chosen = skus.skus.find((sku) => sku.id === skuId) ?? skus.skus[0];
  if (!chosen) throw new Error(skus.title ? `「${skus.title}」暂无可购买的规格` : '该课程暂无可购买的规格');
  const preview = await call(COMMERCE_EXTRA_CALLS.orderPreview, { body: { courseId, skuId: chosen.id } });
  return { skus, addresses, preview, skuId: chosen.id };
}

export interface PayPageData {
  order: OrderDetail;
  channels: PayChannelOption[];
  /** Server time − device time, from the status answer. */
  offsetMs: number;
}

export async function loadPayPage(orderId: number): Promise<PayPageData> {
  const [order, channels, status] = await Promise.all([
    call(COMMERCE_EXTRA_CALLS.orderDetail, { params: { id: orderId } }),
    call(COMMERCE_CALLS.payChannels),
    pollPayStatus(orderId),
  ]);
  // The status settles a payment whose notice is late: it is fresher than the order read beside it.
  return { order: { ...order, status: status.status, paidAt: status.paidAt }, channels, offsetMs: status.serverNow - Date.now() };
}

/** The pay page's polling (every few seconds): silent, a missed poll is retried by the next. */
export function pollPayStatus(orderId: number, signal?: AbortSignal): Promise<OrderPayStatus> {
  return call(COMMERCE_EXTRA_CALLS.orderPayStatus, { params: { id: orderId }, silent: true, ...(signal ? { signal } : {}) });
}
