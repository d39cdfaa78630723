/**
 * The order page and the pay page on the `checkout` statechart, with msw as the server: the best
 * coupon comes preselected, choices re-preview on the server, printed material asks for an
 * address, the order leads to the pay page; there the QR code, polling to 支付成功, the countdown
 * to 订单已过期, and cancel.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../src/app/AppContext';
import { createAuthSession } from '../../src/app/authSession';
import { API_CALLS } from '../../src/domain/calls';
import { CATALOG_CALLS } from '../../src/domain/catalog/calls';
import type { Address } from '../../src/domain/commerce/addresses.contract';
import { COMMERCE_CALLS, COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import type { CourseSkuList, OrderDetail, OrderPreview, OrderPreviewRequest, PreviewCoupon } from '../../src/domain/commerce/contract';
import { PAY_POLL_MS } from '../../src/machines/checkout.machine';
import OrderPayView from '../../src/views/checkout/OrderPayView';
import SubmitOrderView from '../../src/views/checkout/SubmitOrderView';
import { clearLogin, storeLogin } from './courseDetail.fixtures';

const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: 'success', data });
const fail = (msg: string, status = 400) => HttpResponse.json({ code: status, msg, data: null }, { status });

const SKUS: CourseSkuList = {
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

const coupon = (id: number, name: string, discountCents: number): PreviewCoupon => ({
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

const COUPONS = [coupon(501, '满500减50', 5000), coupon(502, '新人专享券', 2000)];

/** The server's preview: the best coupon when none is chosen, the chosen one, or none. */
function previewFor(request: OrderPreviewRequest): OrderPreview {
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

const ADDRESS: Address = {
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

let addresses: Address[] = [];
const previews: OrderPreviewRequest[] = [];
const created: unknown[] = [];
let payStatus: OrderDetail['status'] = 'PENDING';
let expiresAt = 0;
let cancelled = 0;

function order(): OrderDetail {
  return {
    id: 77,
    orderNo: 'XT202611230001',
    status: payStatus,
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

const server = setupServer(
  http.get(API_CALLS.checkStatus.path, () => ok(true)),
  http.post(COMMERCE_CALLS.regionListByParent.path, () => ok([{ code: '110000', name: '北京市', level: 1 }])),
  http.post(CATALOG_CALLS.courseSkuList.path, () => ok(SKUS)),
  http.get(COMMERCE_CALLS.addressList.path, () => ok(addresses)),
  http.post(COMMERCE_EXTRA_CALLS.orderPreview.path, async ({ request }) => {
    const body = (await request.json()) as OrderPreviewRequest;
    previews.push(body);
    return ok(previewFor(body));
  }),
  http.post(COMMERCE_EXTRA_CALLS.orderCreate.path, async ({ request }) => {
    created.push(await request.json());
    return ok({ orderId: 77, orderNo: 'XT202611230001', payCents: 63000, expiresAt: Date.now() + 1800_000 });
  }),
  http.get(COMMERCE_EXTRA_CALLS.orderDetail.path, () => ok(order())),
  http.get(COMMERCE_CALLS.payChannels.path, () =>
    ok([
      { channel: 'WECHAT', name: '微信支付', hint: '使用微信扫码支付' },
      { channel: 'ALIPAY', name: '支付宝', hint: '使用支付宝扫码支付' },
    ]),
  ),
  http.post(COMMERCE_CALLS.unifiedPay.path, async ({ request }) => {
    const { channel } = (await request.json()) as { channel: string };
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
  http.get(COMMERCE_EXTRA_CALLS.orderPayStatus.path, () => ok({ orderId: 77, status: payStatus, paidAt: null, expiresAt, serverNow: Date.now() })),
  http.put(COMMERCE_EXTRA_CALLS.orderCancel.path, () => {
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

function renderView(path: string, view: React.ReactNode) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={createAuthSession()}>{view}</AppProvider>
    </Router>,
  );
  return location;
}

const ROUTE = { path: '', title: '', view: () => Promise.reject(new Error('unused')), auth: true, layout: 'main' as const, mobile: '' };
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
    server.use(http.post(COMMERCE_CALLS.addressSave.path, () => ok(ADDRESS)));
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
    server.use(http.post(COMMERCE_EXTRA_CALLS.orderCreate.path, () => fail('该优惠券已被其他待支付订单占用，请先取消该订单')));
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
