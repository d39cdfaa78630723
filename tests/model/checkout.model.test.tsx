/**
 * The `checkout` statechart, model-based: paths from the real machine drive the real order page
 * (/submit-order/1?skuId=11) and pay page (/order-pay/77). The server's answers wait on msw gates
 * that path steps open with the step's own output (so what the model expects is what the page
 * got); the pay page's polling and the paid page's pause are fake-timer steps.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { API_CALLS } from '../../src/domain/calls';
import { CATALOG_CALLS } from '../../src/domain/catalog/calls';
import { COMMERCE_CALLS, COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import type { OrderCreated, OrderDetail, OrderPayStatus, OrderPreview, PayChannelOption, PayQr } from '../../src/domain/commerce/contract';
import { checkoutMachine, PAID_CONTINUE_MS, PAY_POLL_MS } from '../../src/machines/commerce/checkout.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { dismissAllToasts } from '../../src/services/shared/toast';
import OrderPayView from '../../src/views/commerce/checkout/OrderPayView';
import SubmitOrderView from '../../src/views/commerce/checkout/SubmitOrderView';
import { click, eventually, gate, type Gate } from '../support/loginKit';
import { orderOf, previewFor, renderView, ROUTE, SKUS } from '../unit/commerce/checkout.fixtures';
import { clearLogin, storeLogin } from '../unit/catalog/courseDetail.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

type Call = 'preview' | 'create' | 'order' | 'qr' | 'poll' | 'cancel';
let gates: Partial<Record<Call, Gate<Response>>> = {};
const held = (call: Call) => () => {
  const g = gate<Response>();
  gates[call] = g;
  return g.promise;
};
async function respond(call: Call, response: () => Response): Promise<void> {
  await eventually(() => expect(gates[call]).toBeDefined());
  const g = gates[call]!;
  delete gates[call];
  await act(async () => {
    g.open(response());
    await Promise.resolve();
  });
}

// The model computes the countdown with the real clock when it builds paths: the order is fresh.
const NOW = Math.floor(Date.now() / 1000) * 1000;
const EXPIRES = NOW + 30 * 60_000;
const CHANNELS: PayChannelOption[] = [
  { channel: 'WECHAT', name: '微信支付', hint: '使用微信扫码支付' },
  { channel: 'ALIPAY', name: '支付宝', hint: '使用支付宝扫码支付' },
];
const qr = (channel: PayQr['channel']): PayQr => ({
  orderId: 77,
  channel,
  outTradeNo: `T-${channel}`,
  codeUrl: `pay://${channel}`,
  amountCents: 63000,
  expiresAt: EXPIRES,
  subject: SKUS.title,
});
const status = (s: OrderPayStatus['status']): OrderPayStatus => ({
  orderId: 77,
  status: s,
  paidAt: s === 'PAID' ? NOW : null,
  expiresAt: EXPIRES,
  serverNow: NOW,
});

const BEST = previewFor({ courseId: 1, skuId: 11 });
const OTHER = previewFor({ courseId: 1, skuId: 11, couponId: 502 });
const NONE = previewFor({ courseId: 1, skuId: 11, couponId: null });
const PRINTED = previewFor({ courseId: 1, skuId: 12 });
const CREATED: OrderCreated = { orderId: 77, orderNo: 'XT202611230001', payCents: 63000, expiresAt: EXPIRES };
const PENDING_ORDER: OrderDetail = orderOf('PENDING', EXPIRES);

const server = setupServer(
  answer(API_CALLS.checkStatus, true),
  answer(CATALOG_CALLS.courseSkuList, SKUS),
  answer(COMMERCE_CALLS.addressList, []),
  answer(COMMERCE_CALLS.regionListByParent, []),
  answer(COMMERCE_EXTRA_CALLS.orderPreview, held('preview')),
  answer(COMMERCE_EXTRA_CALLS.orderCreate, held('create')),
  answer(COMMERCE_EXTRA_CALLS.orderDetail, held('order')),
  answer(COMMERCE_CALLS.payChannels, CHANNELS),
  // Every status read waits: the load's (answered with the order) and each poll's.
  answer(COMMERCE_EXTRA_CALLS.orderPayStatus, held('poll')),
  answer(COMMERCE_CALLS.unifiedPay, held('qr')),
  answer(COMMERCE_EXTRA_CALLS.orderCancel, held('cancel')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof checkoutMachine.getInitialSnapshot>;
const amount = () => screen.getByTestId('pay-amount').textContent;
const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;
let history: () => readonly string[] = () => [];

function teardown(): void {
  for (const g of Object.values(gates)) g?.open(ok(null));
  cleanup();
  dismissAllToasts();
  clearLogin();
  vi.useRealTimers();
}

describeModel('checkout on /submit-order/1?skuId=11', {
  machine: checkoutMachine,
  input: { courseId: 1, skuId: 11 },
  events: [
    { type: 'xstate.done.actor.loadOrderPage', output: { skus: SKUS, addresses: [], preview: BEST, skuId: 11 } },
    { type: 'xstate.error.actor.loadOrderPage', error: new ApiError('服务器错误(500)', 500, 500) },
    { type: 'RETRY' },
    { type: 'CHOOSE_COUPON', couponId: 502 },
    { type: 'CHOOSE_COUPON', couponId: null },
    { type: 'CHOOSE_SKU', skuId: 12 },
    { type: 'xstate.done.actor.preview', output: OTHER },
    { type: 'xstate.done.actor.preview', output: NONE },
    { type: 'xstate.done.actor.preview', output: PRINTED },
    { type: 'xstate.error.actor.preview', error: new ApiError('该优惠券不可用于本订单', 400, 400) },
    { type: 'xstate.done.actor.previewBest', output: BEST },
    { type: 'SUBMIT' },
    { type: 'xstate.done.actor.placeOrder', output: CREATED },
    { type: 'xstate.error.actor.placeOrder', error: new ApiError('该优惠券已被其他待支付订单占用，请先取消该订单', 400, 400) },
  ] as never[],
  serializeState: (s) => JSON.stringify([s.value, s.context.preview?.couponId ?? null, s.context.preview?.needsAddress ?? false, Boolean(s.context.error)]),
  states: {
    'ordering.loading': async () => {
      await eventually(() => expect(gates.preview).toBeDefined());
      expect(screen.getByRole('status').textContent).toBe('订单信息加载中…');
    },
    'ordering.failed': async (s: Snap) => {
      await eventually(() => expect(screen.getByRole('alert').textContent).toBe(s.context.error));
      expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    },
    'ordering.editing': async (s: Snap) => {
      await eventually(() => expect(amount()).toBe(yuan(s.context.preview!.payCents)));
      const chosen = screen.getAllByRole('radio', { checked: true }).map((r) => r.closest('label')?.textContent ?? '');
      const couponName = s.context.preview!.coupons.find((c) => c.id === s.context.preview!.couponId)?.name ?? '不使用优惠券';
      expect(chosen.some((text) => text.includes(couponName))).toBe(true);
      expect(Boolean(screen.queryByRole('form', { name: '新增收货地址' }))).toBe(s.context.preview!.needsAddress);
      if (s.context.error) expect(screen.getByRole('alert').textContent).toBe(s.context.error);
      else expect(screen.queryByRole('alert')).toBeNull();
      expect((screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement).disabled).toBe(false);
    },
    'ordering.previewing': async () => {
      await eventually(() => expect(gates.preview).toBeDefined());
      expect((screen.getByRole('button', { name: '提交订单' }) as HTMLButtonElement).disabled).toBe(true);
    },
    'ordering.previewingBest': async (s: Snap) => {
      await eventually(() => expect(gates.preview).toBeDefined());
      expect(screen.getByRole('alert').textContent).toBe(s.context.error);
    },
    'ordering.submitting': async () => {
      await eventually(() => expect(gates.create).toBeDefined());
      expect((screen.getByRole('button', { name: '正在提交…' }) as HTMLButtonElement).disabled).toBe(true);
    },
    created: async () => {
      await eventually(() => expect(history().at(-1)).toBe('/order-pay/77'));
    },
  },
  exec: {
    'xstate.done.actor.loadOrderPage': async (e: { output: { preview: OrderPreview } }) => respond('preview', () => ok(e.output.preview)),
    'xstate.error.actor.loadOrderPage': async (e: { error: ApiError }) => respond('preview', () => fail(e.error.message, e.error.status)),
    RETRY: async () => click(screen.getByRole('button', { name: '重试' })),
    CHOOSE_COUPON: async (e: { couponId: number | null }) => click(screen.getByRole('radio', { name: e.couponId === null ? '不使用优惠券' : /新人专享券/ })),
    CHOOSE_SKU: async () => click(screen.getByRole('radio', { name: /纸质讲义/ })),
    'xstate.done.actor.preview': async (e: { output: OrderPreview }) => respond('preview', () => ok(e.output)),
    'xstate.error.actor.preview': async (e: { error: ApiError }) => respond('preview', () => fail(e.error.message, e.error.status)),
    'xstate.done.actor.previewBest': async (e: { output: OrderPreview }) => respond('preview', () => ok(e.output)),
    SUBMIT: async () => click(screen.getByRole('button', { name: '提交订单' })),
    'xstate.done.actor.placeOrder': async (e: { output: OrderCreated }) => respond('create', () => ok(e.output)),
    'xstate.error.actor.placeOrder': async (e: { error: ApiError }) => respond('create', () => fail(e.error.message, e.error.status)),
  } as never,
  setup: async () => {
    gates = {};
    storeLogin();
    const location = renderView('/submit-order/1?skuId=11', <SubmitOrderView params={{ productId: '1' }} route={ROUTE} />);
    history = () => location.history ?? [];
    return teardown;
  },
  coverage: 'transitions',
});

describeModel('checkout on /order-pay/77', {
  machine: checkoutMachine,
  input: { orderId: 77 },
  events: [
    { type: 'xstate.done.actor.loadPayPage', output: { order: PENDING_ORDER, channels: CHANNELS, offsetMs: 0 } },
    { type: 'xstate.done.actor.loadPayPage', output: { order: orderOf('PAID', EXPIRES), channels: CHANNELS, offsetMs: 0 } },
    { type: 'xstate.error.actor.loadPayPage', error: new ApiError('订单不存在', 404, 404) },
    { type: 'RETRY' },
    { type: 'xstate.done.actor.requestQr', output: qr('WECHAT') },
    { type: 'xstate.error.actor.requestQr', error: new ApiError('支付服务暂时不可用，请稍后重试', 503, 503) },
    { type: 'CHOOSE_CHANNEL', channel: 'ALIPAY' },
    { type: `xstate.after.${PAY_POLL_MS}.checkout.paying.active.pay.waiting` },
    { type: 'xstate.done.actor.poll', output: status('PENDING') },
    { type: 'xstate.done.actor.poll', output: status('PAID') },
    { type: 'xstate.done.actor.poll', output: status('EXPIRED') },
    { type: 'CANCEL' },
    { type: 'KEEP_ORDER' },
    { type: 'CONFIRM_CANCEL' },
    { type: 'xstate.done.actor.cancel', output: orderOf('CANCELLED', EXPIRES) },
    { type: `xstate.after.${PAID_CONTINUE_MS}.checkout.paid` },
  ] as never[],
  serializeState: (s) => JSON.stringify([s.value, s.context.status, s.context.qr?.channel ?? null]),
  states: {
    'paying.loading': async () => {
      await eventually(() => expect(gates.order).toBeDefined());
      expect(screen.getByRole('status').textContent).toBe('订单加载中…');
    },
    'paying.failed': async () => {
      await eventually(() => expect(screen.getByRole('alert').textContent).toBe('订单不存在'));
    },
    'paying.active.pay.requesting': async () => {
      await eventually(() => expect(gates.qr).toBeDefined());
      expect(screen.getByText('正在生成支付二维码…')).toBeTruthy();
    },
    'paying.active.pay.qrFailed': async () => {
      await eventually(() => expect(screen.getByRole('button', { name: '重新生成二维码' })).toBeTruthy());
    },
    'paying.active.pay.waiting': async (s: Snap) => {
      const name = s.context.qr!.channel === 'WECHAT' ? '微信支付' : '支付宝';
      await eventually(() => expect(screen.getByRole('img', { name: `${name}支付二维码` })).toBeTruthy());
      expect(screen.getByRole('timer').textContent).toMatch(/剩余支付时间 (29:\d\d|30:00)/);
    },
    'paying.active.pay.polling': async () => {
      await eventually(() => expect(gates.poll).toBeDefined());
    },
    'paying.active.cancel.idle': async () => {
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    'paying.active.cancel.confirming': async () => {
      await eventually(() => expect(screen.getByRole('dialog', { name: '取消订单' })).toBeTruthy());
    },
    'paying.active.cancel.cancelling': async () => {
      await eventually(() => expect(gates.cancel).toBeDefined());
      expect((screen.getByRole('button', { name: '处理中…' }) as HTMLButtonElement).disabled).toBe(true);
    },
    paid: async () => {
      await eventually(() => expect(screen.getByRole('heading', { name: '支付成功' })).toBeTruthy());
    },
    continued: async () => {
      await eventually(() => expect(history().at(-1)).toBe('/course/detail/1'));
    },
    cancelled: async () => {
      await eventually(() => expect(screen.getByRole('heading', { name: '订单已取消' })).toBeTruthy());
    },
    expired: async () => {
      await eventually(() => expect(screen.getByRole('heading', { name: '订单已过期' })).toBeTruthy());
      expect(screen.queryByRole('radio')).toBeNull();
    },
  },
  exec: {
    'xstate.done.actor.loadPayPage': async (e: { output: { order: OrderDetail } }) => {
      await respond('poll', () => ok(status(e.output.order.status)));
      await respond('order', () => ok(e.output.order));
    },
    'xstate.error.actor.loadPayPage': async (e: { error: ApiError }) => {
      await respond('poll', () => ok(status('PENDING')));
      await respond('order', () => fail(e.error.message, e.error.status));
    },
    RETRY: async () => click(screen.getByRole('button', { name: /重试|重新生成二维码/ })),
    'xstate.done.actor.requestQr': async (e: { output: PayQr }) => respond('qr', () => ok(e.output)),
    'xstate.error.actor.requestQr': async (e: { error: ApiError }) => respond('qr', () => fail(e.error.message, e.error.status)),
    CHOOSE_CHANNEL: async () => click(screen.getByRole('radio', { name: /支付宝/ })),
    [`xstate.after.${PAY_POLL_MS}.checkout.paying.active.pay.waiting`]: async () => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PAY_POLL_MS);
      });
    },
    'xstate.done.actor.poll': async (e: { output: OrderPayStatus }) => respond('poll', () => ok(e.output)),
    CANCEL: async () => click(screen.getByRole('button', { name: '取消订单' })),
    KEEP_ORDER: async () => click(screen.getByRole('button', { name: '暂不取消' })),
    CONFIRM_CANCEL: async () => click(screen.getAllByRole('button', { name: '取消订单' }).at(-1)!),
    'xstate.done.actor.cancel': async (e: { output: OrderDetail }) => respond('cancel', () => ok(e.output)),
    [`xstate.after.${PAID_CONTINUE_MS}.checkout.paid`]: async () => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(PAID_CONTINUE_MS);
      });
    },
  } as never,
  setup: async () => {
    gates = {};
    storeLogin();
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const location = renderView('/order-pay/77', <OrderPayView params={{ orderId: '77' }} route={ROUTE} />);
    history = () => location.history ?? [];
    return teardown;
  },
  coverage: 'transitions',
});
