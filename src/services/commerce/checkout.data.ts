/**
 * What the checkout statechart asks of the server: the order page's data (the course's SKUs, the
 * student's addresses, the server's preview), previews, the order, and on the pay page the order,
 * its pay channels, a QR code, the status polls and the cancel. Money is never computed here.
 */
import type { Address } from '../../domain/commerce/addresses.contract';
import type {
  CourseSkuList,
  OrderCreated,
  OrderCreateRequest,
  OrderDetail,
  OrderPayStatus,
  OrderPreview,
  OrderPreviewRequest,
  PayChannelCode,
  PayChannelOption,
  PayQr,
} from '../../domain/commerce/contract';
import { getAddressList } from './address.api';
import { cancelOrder, createOrder, getCourseSkus, getOrder, getPayChannels, getPayStatus, previewOrder, unifiedPay } from './commerce.api';

export interface OrderPageData {
  skus: CourseSkuList;
  addresses: Address[];
  preview: OrderPreview;
  skuId: number;
}

/** The SKU asked for when it is on sale, else the course's first. */
export async function loadOrderPage(courseId: number, skuId: number | null): Promise<OrderPageData> {
  const [skus, addresses] = await Promise.all([getCourseSkus(courseId), getAddressList()]);
  const chosen = skus.skus.find((sku) => sku.id === skuId) ?? skus.skus[0];
  if (!chosen) throw new Error(skus.title ? `「${skus.title}」暂无可购买的规格` : '该课程暂无可购买的规格');
  const preview = await previewOrder({ courseId, skuId: chosen.id });
  return { skus, addresses, preview, skuId: chosen.id };
}

export function preview(request: OrderPreviewRequest): Promise<OrderPreview> {
  return previewOrder(request);
}

export function placeOrder(request: OrderCreateRequest): Promise<OrderCreated> {
  return createOrder(request);
}

export interface PayPageData {
  order: OrderDetail;
  channels: PayChannelOption[];
  /** Server time − device time, from the status answer. */
  offsetMs: number;
}

export async function loadPayPage(orderId: number): Promise<PayPageData> {
  const [order, channels, status] = await Promise.all([getOrder(orderId), getPayChannels(), getPayStatus(orderId)]);
  // The status settles a payment whose notice is late: it is fresher than the order read beside it.
  return { order: { ...order, status: status.status, paidAt: status.paidAt }, channels, offsetMs: status.serverNow - Date.now() };
}

export function requestQr(orderId: number, channel: PayChannelCode): Promise<PayQr> {
  return unifiedPay({ orderId, channel });
}

export function pollPayStatus(orderId: number): Promise<OrderPayStatus> {
  return getPayStatus(orderId);
}

export function cancel(orderId: number): Promise<OrderDetail> {
  return cancelOrder(orderId);
}
