/**
 * The order page and the pay page on the `checkout` statechart, with msw as the server: the best
 * coupon comes preselected, choices re-preview on the server, printed material asks for an
 * address, the order leads to the pay page; there the QR code, polling to 支付成功, the countdown
 * to 订单已过期, and cancel.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CALLS } from '../../../src/domain/calls';
import { CATALOG_CALLS } from '../../../src/domain/catalog/calls';
import type { Address } from '../../../src/domain/commerce/addresses.contract';
import { COMMERCE_CALLS, COMMERCE_EXTRA_CALLS } from '../../../src/domain/commerce/calls';
import type { OrderDetail, OrderPreviewRequest } from '../../../src/domain/commerce/contract';
import { PAY_POLL_MS } from '../../../src/machines/commerce/checkout.machine';
import OrderPayView from '../../../src/views/commerce/checkout/OrderPayView';
import SubmitOrderView from '../../../src/views/commerce/checkout/SubmitOrderView';
import { ADDRESS, orderOf, previewFor, renderView, ROUTE, SKUS } from './checkout.fixtures';
import { clearLogin, storeLogin } from '../catalog/courseDetail.fixtures';
import { answer, fail, ok } from '../../support/msw';

let addresses: Address[] = [];
const previews: OrderPreviewRequest[] = [];
const created: unknown[] = [];
let payStatus: OrderDetail['status'] = 'PENDING';
let expiresAt = 0;
let cancelled = 0;

const order = (): OrderDetail => orderOf(payStatus, expiresAt);

const server = setupServer(
  answer(API_CALLS.checkStatus, true),
  answer(COMMERCE_CALLS.regionListByParent, [{ code: '110000', name: '北京市', parentCode: null, level: 1, hasChildren: true }]),
  answer(CATALOG_CALLS.courseSkuList, SKUS),
  answer(COMMERCE_CALLS.addressList, () => ok(addresses)),
  answer(COMMERCE_EXTRA_CALLS.orderPreview, async ({ request }) => {
    const body = (await request.json()) as OrderPreviewRequest;
    previews.push(body);
    return ok(previewFor(body));
  }),
  answer(COMMERCE_EXTRA_CALLS.orderCreate, async ({ request }) => {
    created.push(await request.json());
    return ok({ orderId: 77, orderNo: 'XT202611230001', payCents: 63000, expiresAt: Date.now() + 1800_000 });
  }),
  answer(COMMERCE_EXTRA_CALLS.orderDetail, () => ok(order())),
  answer(COMMERCE_CALLS.payChannels, [
    { channel: 'WECHAT', name: '微信支付', hint: '使用微信扫码支付' },
    { channel: 'ALIPAY', name: '支付宝', hint: '使用支付宝扫码支付' },
  ]),
  answer(COMMERCE_CALLS.unifiedPay, async ({ request }) => {
    const { channel } = await request.json();
    return ok({
      orderId: 77,
      channel,
      outTradeNo: 'T1',
      codeUrl: `weixin://wxpay/bizpayurl?pr=${channel}`,
      amountCents: 63000,
      expiresAt,
      subject: SKUS.title,
    });
  }),
  answer(COMMERCE_EXTRA_CALLS.orderPayStatus, () => ok({ orderId: 77, status: payStatus, paidAt: null, expiresAt, serverNow: Date.now() })),
  answer(COMMERCE_EXTRA_CALLS.orderCancel, () => {
    cancelled += 1;
    payStatus = 'CANCELLED';
    return ok(order());
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  storeLogin();
  addresses = [];
  previews.length = 0;
  created.length = 0;
  payStatus = 'PENDING';
  expiresAt = Date.now() + 30 * 60_000;
  cancelled = 0;
});
afterEach(() => {
  server.resetHandlers();
  clearLogin();
  vi.useRealTimers();
});
afterAll(() => server.close());

const submitPage = (skuId = 11) => renderView(`/submit-order/1?skuId=${skuId}`, <SubmitOrderView params={{ productId: '1' }} route={ROUTE} />);
const payPage = () => renderView('/order-pay/77', <OrderPayView params={{ orderId: '77' }} route={ROUTE} />);
const amount = () => screen.getByTestId('pay-amount').textContent;

describe('submit-order', () => {
  it('preselects the best coupon and shows the amounts the server computed', async () => {
    submitPage();
    await waitFor(() => expect(amount()).toBe('¥630.00'));
    expect(previews[0]).toEqual({ courseId: 1, skuId: 11 });
    const coupons = within(screen.getByRole('region', { name: '优惠券' }));
    expect((coupons.getByRole('radio', { name: /满500减50/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('re-previews on the server when the student picks another coupon or none', async () => {
    submitPage();
    await waitFor(() => expect(amount()).toBe('¥630.00'));
    fireEvent.click(screen.getByRole('radio', { name: /新人专享券/ }));
    await waitFor(() => expect(amount()).toBe('¥660.00'));
    expect(previews.at(-1)).toMatchObject({ couponId: 502 });
    fireEvent.click(screen.getByRole('radio', { name: '不使用优惠券' }));
    await waitFor(() => expect(amount()).toBe('¥680.00'));
    expect(previews.at(-1)).toMatchObject({ couponId: null });
  });

  it('asks for an address when the SKU ships printed material, then orders with its copy', async () => {
    addresses = [];
    const location = submitPage(12);
    await waitFor(() => expect(amount()).toBe('¥710.00'));
    expect(screen.getByRole('form', { name: '新增收货地址' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    expect((await screen.findByRole('alert')).textContent).toBe('该课程含纸质讲义，请填写收货地址');
    expect(created).toEqual([]);

    // The student had an address after all (another tab): choosing SKU 12 again lists it.
    addresses = [ADDRESS];
    server.use(answer(COMMERCE_CALLS.addressSave, ADDRESS));
    cleanup();
    submitPage(12);
    await waitFor(() => expect(amount()).toBe('¥710.00'));
    expect((screen.getByRole('radio', { name: /张三/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      courseId: 1,
      skuId: 12,
      couponId: 501,
      address: { name: '张三', mobile: '13800138000', region: '北京市 北京市 海淀区', detail: '中关村大街1号' },
    });
    expect(location.history?.at(-1)).toBe('/submit-order/1?skuId=12');
  });

  it('goes to the pay page once the order exists', async () => {
    const location = submitPage();
    await waitFor(() => expect(amount()).toBe('¥630.00'));
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/order-pay/77'));
    expect(created[0]).toEqual({ courseId: 1, skuId: 11, addOnSkuIds: [], couponId: 501, address: null, remark: null });
  });

  it("shows the server's refusal and its prices again", async () => {
    server.use(answer(COMMERCE_EXTRA_CALLS.orderCreate, () => fail('该优惠券已被其他待支付订单占用，请先取消该订单')));
    submitPage();
    await waitFor(() => expect(amount()).toBe('¥630.00'));
    fireEvent.click(screen.getByRole('button', { name: '提交订单' }));
    expect((await screen.findByRole('alert')).textContent).toBe('该优惠券已被其他待支付订单占用，请先取消该订单');
    await waitFor(() => expect(previews.length).toBeGreaterThanOrEqual(2));
  });
});

describe('order-pay', () => {
  it('shows the QR code of the first channel, polls, and says 支付成功 once paid', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    payPage();
    const qr = await vi.waitFor(() => screen.getByRole('img', { name: '微信支付支付二维码' }));
    expect(qr.getAttribute('src')).toBe(`/static/qrcode?text=${encodeURIComponent('weixin://wxpay/bizpayurl?pr=WECHAT')}`);
    payStatus = 'PAID';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAY_POLL_MS + 50);
    });
    expect(screen.getByRole('heading', { name: '支付成功' })).toBeTruthy();
  });

  it('switches to another channel with a new QR code', async () => {
    payPage();
    await screen.findByRole('img', { name: '微信支付支付二维码' });
    fireEvent.click(screen.getByRole('radio', { name: /支付宝/ }));
    expect(await screen.findByRole('img', { name: '支付宝支付二维码' })).toBeTruthy();
  });

  it('counts down to the expiry and then shows 订单已过期 without a way to pay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    expiresAt = Date.now() + 3000;
    payPage();
    await vi.waitFor(() => expect(screen.getByRole('timer').textContent).toMatch(/剩余支付时间 00:0[23]/));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(screen.getByRole('heading', { name: '订单已过期' })).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('cancels after a confirmation', async () => {
    payPage();
    await screen.findByRole('img', { name: '微信支付支付二维码' });
    fireEvent.click(screen.getByRole('button', { name: '取消订单' }));
    const dialog = within(await screen.findByRole('dialog', { name: '取消订单' }));
    fireEvent.click(dialog.getByRole('button', { name: '取消订单' }));
    expect(await screen.findByRole('heading', { name: '订单已取消' })).toBeTruthy();
    expect(cancelled).toBe(1);
  });

  it('opens an order paid already as paid', async () => {
    payStatus = 'PAID';
    payPage();
    expect(await screen.findByRole('heading', { name: '支付成功' })).toBeTruthy();
  });
});
