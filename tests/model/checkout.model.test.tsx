/**
 * The `checkout` statechart, model-based: paths from the real machine drive the real order page
 * (/submit-order/1?skuId=11) and pay page (/order-pay/77). The server's answers wait on msw gates
 * that path steps open with the step's own output (so what the model expects is what the page
 * got); the pay page's polling, its countdown and the paid page's pause are fake-timer steps.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { toShippingAddress } from '../../src/domain/commerce/addresses';
import type { Address } from '../../src/domain/commerce/addresses.contract';
import { CHECKOUT_TEXTS } from '../../src/domain/commerce/checkout.texts';
import type { OrderCreated, OrderDetail, OrderPayStatus, OrderPreview, PayChannelOption, PayQr } from '../../src/domain/commerce/contract';
import { checkoutMachine, orderRequest, PAID_CONTINUE_MS, PAY_POLL_MS, type CheckoutContext } from '../../src/machines/commerce/checkout.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { HTTP_ERROR_TEXTS } from '../../src/domain/shared/errors';
import { dismissAllToasts } from '../../src/services/shared/toast';
import OrderPayView from '../../src/views/commerce/checkout/OrderPayView';
import SubmitOrderView from '../../src/views/commerce/checkout/SubmitOrderView';
import { advance, click, eventually } from '../support/loginKit';
import { fail, ok } from '../support/msw';
import { clearLogin, storeLogin } from '../unit/catalog/courseDetail.fixtures';
import { orderOf, previewFor, renderView, ROUTE, SKUS } from '../unit/commerce/checkout.fixtures';
import { ADD_ON, ADDRESSES, addAddress, calls, CHANNELS, EXPIRES, NOW, priced, qr, REMARK, sent, server, status } from './checkout.kit';
import { describeModel } from './harness';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof checkoutMachine.getInitialSnapshot>;
const amount = () => screen.getByTestId('pay-amount').textContent;
const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;
// Text and label queries: role queries over the whole order page are slow in jsdom, and editing is checked on most paths.
const submitButton = () => screen.getByText(/^(提交订单|正在提交…)$/, { selector: 'button' }) as HTMLButtonElement;
const addOnBox = () => screen.getByLabelText(new RegExp(ADD_ON.title)) as HTMLInputElement;
const remarkBox = () => screen.getByLabelText('订单备注（选填）') as HTMLTextAreaElement;
const addressList = () => screen.queryByText('选择收货地址')?.closest('fieldset') ?? null;
let history: () => readonly string[] = () => [];

function teardown(): void {
  calls.release();
  cleanup();
  dismissAllToasts();
  clearLogin();
  vi.useRealTimers();
}

const BEST = previewFor({ courseId: 1, skuId: 11 });
const OTHER = previewFor({ courseId: 1, skuId: 11, couponId: 502 });
const NONE = previewFor({ courseId: 1, skuId: 11, couponId: null });
const PRINTED = previewFor({ courseId: 1, skuId: 12 });
const CREATED: OrderCreated = { orderId: 77, orderNo: 'XT202611230001', payCents: 63000, expiresAt: EXPIRES };

/** The address the order is sent to: the chosen one, when the preview asks for one. */
function shippingOf(c: CheckoutContext) {
  const chosen = c.addresses.find((a) => a.id === c.addressId);
  return c.preview?.needsAddress && chosen ? toShippingAddress(chosen) : null;
}

/** What the order page shows of the addresses: none, the 新增收货地址 form, or the list with the chosen one on. */
function expectAddresses(c: CheckoutContext): void {
  const form = screen.queryByLabelText(CHECKOUT_TEXTS.addAddress, { selector: 'form' });
  const list = addressList();
  if (!c.preview!.needsAddress) return void expect([form, list]).toEqual([null, null]);
  if (c.addresses.length === 0) return void expect(form).toBeTruthy();
  const radios = [...list!.querySelectorAll<HTMLInputElement>('input[type=radio]')];
  expect(radios.map((r) => r.closest('label')?.textContent?.split(' ')[0])).toEqual(c.addresses.map((a) => a.name));
  expect(radios.map((r) => r.checked)).toEqual(c.addresses.map((a) => a.id === c.addressId));
}

describeModel('checkout on /submit-order/1?skuId=11', {
  machine: checkoutMachine,
  input: { courseId: 1, skuId: 11 },
  start: '登录后打开 /submit-order/1?skuId=11（标准班，可加购一门课程），账号还没有收货地址',
  events: (s) => {
    const c = s.context;
    const events: unknown[] = [
      { type: 'xstate.done.actor.loadOrderPage', output: { skus: SKUS, addresses: [], preview: priced(BEST, []), skuId: 11 } },
      { type: 'xstate.error.actor.loadOrderPage', error: new ApiError('服务器错误(500)', 500, 500) },
      { type: 'RETRY' },
      { type: 'CHOOSE_COUPON', couponId: 502 },
      { type: 'CHOOSE_COUPON', couponId: null },
      { type: 'CHOOSE_SKU', skuId: 12 },
      // The server prices the add-ons the page asked for.
      ...[OTHER, NONE, PRINTED].map((p) => ({ type: 'xstate.done.actor.preview', output: priced(p, c.addOnSkuIds) })),
      { type: 'xstate.error.actor.preview', error: new ApiError('该优惠券不可用于本订单', 400, 400) },
      { type: 'xstate.done.actor.previewBest', output: priced(BEST, c.addOnSkuIds) },
      { type: 'xstate.error.actor.previewBest', error: new ApiError(HTTP_ERROR_TEXTS[502]!, 502, 502) },
      { type: 'SUBMIT' },
      { type: 'xstate.done.actor.placeOrder', output: CREATED },
      { type: 'xstate.error.actor.placeOrder', error: new ApiError('该优惠券已被其他待支付订单占用，请先取消该订单', 400, 400) },
    ];
    // The add-on and the remark depend on no other choice: checked on the page as it loads (typing what the box holds changes nothing).
    if (c.preview?.couponId === 501 && !c.preview.needsAddress && !c.error && c.remark !== REMARK)
      events.push({ type: 'TOGGLE_ADD_ON', skuId: ADD_ON.skuId }, { type: 'EDIT_REMARK', remark: REMARK });
    // The addresses show only where the preview asks for one: the student adds two, picks the other, orders.
    if (c.preview?.needsAddress && s.matches({ ordering: 'editing' })) {
      const addressEvents: unknown[] = [];
      const next = ADDRESSES[c.addresses.length];
      if (next) addressEvents.push({ type: 'ADDRESS_ADDED', address: next });
      const other = c.addresses.find((a) => a.id !== c.addressId);
      if (other) addressEvents.push({ type: 'CHOOSE_ADDRESS', addressId: other.id });
      // Once one is added, what is left to check concerns the addresses (the other choices were checked without).
      if (c.addresses.length > 0) return [...addressEvents, { type: 'SUBMIT' }] as never[];
      events.push(...addressEvents);
    }
    return events as never[];
  },
  // How many addresses tells editing states apart only (elsewhere they change nothing to check), to keep paths few.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.preview?.couponId ?? null,
      s.context.preview?.needsAddress ?? false,
      Boolean(s.context.error),
      s.matches({ ordering: 'editing' }) ? s.context.addresses.length : 0,
    ]),
  states: {
    'ordering.loading': async () => {
      await eventually(() => expect(calls.pending('preview')).toBe(true));
      expect(screen.getByRole('status').textContent).toBe('订单信息加载中…');
    },
    'ordering.failed': async (s: Snap) => {
      await eventually(() => expect(screen.getByRole('alert').textContent).toBe(s.context.error));
      expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    },
    'ordering.editing': async (s: Snap) => {
      const c = s.context;
      const p = c.preview!;
      await eventually(() => expect(amount()).toBe(yuan(p.payCents)));
      const chosen = [...document.querySelectorAll('input[type=radio]:checked')].map((r) => r.closest('label')?.textContent ?? '');
      const couponName = p.coupons.find((coupon) => coupon.id === p.couponId)?.name ?? '不使用优惠券';
      expect(chosen.some((text) => text.includes(couponName))).toBe(true);
      expect(addOnBox().checked).toBe(p.addOns[0]!.selected);
      expectAddresses(c);
      expect(remarkBox().value).toBe(c.remark);
      if (c.error) expect(screen.getByRole('alert').textContent).toBe(c.error);
      else expect(screen.queryByRole('alert')).toBeNull();
      expect(submitButton().disabled).toBe(false);
    },
    'ordering.previewing': async (s: Snap) => {
      await eventually(() => expect(calls.pending('preview')).toBe(true));
      expect(sent.preview).toEqual(orderRequest(s.context));
      expect(submitButton().disabled).toBe(true);
    },
    'ordering.previewingBest': async (s: Snap) => {
      await eventually(() => expect(calls.pending('preview')).toBe(true));
      expect(sent.preview).toEqual(orderRequest(s.context));
      expect(screen.getByRole('alert').textContent).toBe(s.context.error);
    },
    'ordering.submitting': async (s: Snap) => {
      const c = s.context;
      await eventually(() => expect(calls.pending('create')).toBe(true));
      expect(sent.create).toEqual({ ...orderRequest(c), couponId: c.preview!.couponId, address: shippingOf(c), remark: c.remark.trim() || null });
      expect(submitButton().textContent).toBe('正在提交…');
      expect(submitButton().disabled).toBe(true);
    },
    created: async () => {
      await eventually(() => expect(history().at(-1)).toBe('/order-pay/77'));
    },
  },
  exec: {
    'xstate.done.actor.loadOrderPage': async (e: { output: { preview: OrderPreview } }) => calls.respond('preview', () => ok(e.output.preview)),
    'xstate.error.actor.loadOrderPage': async (e: { error: ApiError }) => calls.respond('preview', () => fail(e.error.message, e.error.status)),
    RETRY: async () => click(screen.getByRole('button', { name: '重试' })),
    CHOOSE_COUPON: async (e: { couponId: number | null }) => click(screen.getByRole('radio', { name: e.couponId === null ? '不使用优惠券' : /新人专享券/ })),
    CHOOSE_SKU: async () => click(screen.getByRole('radio', { name: /纸质讲义/ })),
    TOGGLE_ADD_ON: async () => click(addOnBox()),
    EDIT_REMARK: async (e: { remark: string }) =>
      act(async () => {
        fireEvent.change(remarkBox(), { target: { value: e.remark } });
      }),
    ADDRESS_ADDED: async (e: { address: Address }) => addAddress(e.address),
    CHOOSE_ADDRESS: async (e: { addressId: number }) => {
      const name = ADDRESSES.find((a) => a.id === e.addressId)!.name;
      await click(within(addressList()!).getByLabelText(new RegExp(`^${name} `)));
    },
    'xstate.done.actor.preview': async (e: { output: OrderPreview }) => calls.respond('preview', () => ok(e.output)),
    'xstate.error.actor.preview': async (e: { error: ApiError }) => calls.respond('preview', () => fail(e.error.message, e.error.status)),
    'xstate.done.actor.previewBest': async (e: { output: OrderPreview }) => calls.respond('preview', () => ok(e.output)),
    'xstate.error.actor.previewBest': async (e: { error: ApiError }) => calls.respond('preview', () => fail(e.error.message, e.error.status)),
    SUBMIT: async () => click(submitButton()),
    'xstate.done.actor.placeOrder': async (e: { output: OrderCreated }) => calls.respond('create', () => ok(e.output)),
    'xstate.error.actor.placeOrder': async (e: { error: ApiError }) => calls.respond('create', () => fail(e.error.message, e.error.status)),
  } as never,
  setup: async () => {
    delete sent.preview;
    delete sent.create;
    storeLogin();
    const location = renderView('/submit-order/1?skuId=11', <SubmitOrderView params={{ productId: '1' }} route={ROUTE} />);
    history = () => location.history ?? [];
    return teardown;
  },
  coverage: 'transitions',
});

const PENDING_ORDER: OrderDetail = orderOf('PENDING', EXPIRES);
const TICK = 'xstate.after.1000.checkout.paying.active.clock.running';
/** Minutes the server's clock runs ahead of the device's, as the last status read told. */
const skewMinutes = (c: CheckoutContext) => Math.round(c.offsetMs / 60_000);
const payPage = (order: OrderDetail, channels: PayChannelOption[] = CHANNELS) => ({
  type: 'xstate.done.actor.loadPayPage',
  output: { order, channels, offsetMs: 0 },
});

describeModel('checkout on /order-pay/77', {
  machine: checkoutMachine,
  input: { orderId: 77 },
  start: '登录后打开 /order-pay/77（一张待支付订单的支付页）',
  events: (s) => {
    const c = s.context;
    const tick = { type: TICK };
    // The server's clock has reached the deadline: what is left to check is that the next second ends the countdown.
    if (skewMinutes(c) !== 0) return [tick] as never[];
    const events: unknown[] = [
      payPage(PENDING_ORDER),
      ...(['PAID', 'CANCELLED', 'EXPIRED'] as const).map((st) => payPage(orderOf(st, EXPIRES))),
      // No channel to pay by (none configured): the page waits for the student's choice, with nothing to choose.
      payPage(PENDING_ORDER, []),
      { type: 'xstate.error.actor.loadPayPage', error: new ApiError('订单不存在', 404, 404) },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.requestQr', output: qr(c.channel ?? 'WECHAT') },
      { type: 'xstate.error.actor.requestQr', error: new ApiError(HTTP_ERROR_TEXTS[503]!, 503, 503) },
      { type: `xstate.after.${PAY_POLL_MS}.checkout.paying.active.pay.waiting` },
      { type: 'xstate.done.actor.poll', output: status('PENDING') },
      { type: 'xstate.done.actor.poll', output: status('PAID') },
      { type: 'xstate.done.actor.poll', output: status('EXPIRED') },
      // Cancelled in another tab (my orders) while this one waits for the scan.
      { type: 'xstate.done.actor.poll', output: status('CANCELLED') },
      // Still pending, read on a server clock half an hour ahead of the device's: the deadline is now.
      { type: 'xstate.done.actor.poll', output: status('PENDING', EXPIRES) },
      { type: 'xstate.error.actor.poll', error: new ApiError('服务器错误(500)', 500, 500) },
      { type: 'CANCEL' },
      { type: 'KEEP_ORDER' },
      { type: 'CONFIRM_CANCEL' },
      { type: 'xstate.done.actor.cancel', output: orderOf('CANCELLED', EXPIRES) },
      // Paid a moment before the cancel reached the server: the answer is the paid order.
      { type: 'xstate.done.actor.cancel', output: orderOf('PAID', EXPIRES) },
      { type: 'xstate.error.actor.cancel', error: new ApiError(HTTP_ERROR_TEXTS[503]!, 503, 503) },
      { type: `xstate.after.${PAID_CONTINUE_MS}.checkout.paid` },
    ];
    if (c.channels.some((ch) => ch.channel === 'ALIPAY') && c.channel !== 'ALIPAY') events.push({ type: 'CHOOSE_CHANNEL', channel: 'ALIPAY' });
    // The countdown ticks the same under the cancel dialog: checked where the student watches it.
    if (s.matches({ paying: { active: { cancel: 'idle' } } })) events.push(tick);
    return events as never[];
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.status, s.context.qr?.channel ?? null, skewMinutes(s.context)]),
  states: {
    'paying.loading': async () => {
      await eventually(() => expect(calls.pending('order')).toBe(true));
      expect(screen.getByRole('status').textContent).toBe('订单加载中…');
    },
    'paying.failed': async () => {
      await eventually(() => expect(screen.getByRole('alert').textContent).toBe('订单不存在'));
    },
    'paying.active.pay.choosing': async () => {
      await eventually(() => expect(screen.getByRole('timer').textContent).toMatch(/剩余支付时间 (29:\d\d|30:00)/));
      expect(screen.getByRole('group', { name: CHECKOUT_TEXTS.chooseChannel })).toBeTruthy();
      expect(screen.queryByRole('radio')).toBeNull();
      expect(screen.queryByRole('img', { name: /支付二维码/ })).toBeNull();
      expect(screen.queryByRole('status')).toBeNull();
    },
    'paying.active.pay.requesting': async () => {
      await eventually(() => expect(calls.pending('qr')).toBe(true));
      expect(screen.getByText('正在生成支付二维码…')).toBeTruthy();
    },
    'paying.active.pay.qrFailed': async (s: Snap) => {
      await eventually(() => expect(screen.getByRole('button', { name: '重新生成二维码' })).toBeTruthy());
      expect(screen.getByRole('alert').textContent).toBe(s.context.error);
    },
    'paying.active.pay.waiting': async (s: Snap) => {
      const name = s.context.qr!.channel === 'WECHAT' ? '微信支付' : '支付宝';
      await eventually(() => expect(screen.getByRole('img', { name: `${name}支付二维码` })).toBeTruthy());
      expect(screen.getByRole('timer').textContent).toMatch(/剩余支付时间 (29:\d\d|30:00)/);
    },
    // The countdown runs beside whatever the pay and cancel regions show (its time is checked where the student watches it).
    'paying.active.clock.running': async () => {
      await eventually(() => expect(screen.getByRole('timer').textContent).toMatch(/^剩余支付时间 \d\d:\d\d$/));
    },
    'paying.active.pay.polling': async () => {
      await eventually(() => expect(calls.pending('poll')).toBe(true));
    },
    'paying.active.cancel.idle': async (s: Snap) => {
      expect(screen.queryByRole('dialog')).toBeNull();
      // A refused cancel says why beside the QR code.
      if (s.context.error) await eventually(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(s.context.error));
    },
    'paying.active.cancel.confirming': async () => {
      await eventually(() => expect(screen.getByRole('dialog', { name: '取消订单' })).toBeTruthy());
    },
    'paying.active.cancel.cancelling': async () => {
      await eventually(() => expect(calls.pending('cancel')).toBe(true));
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
    'xstate.done.actor.loadPayPage': async (e: { output: { order: OrderDetail; channels: PayChannelOption[] } }) => {
      await calls.respond('poll', () => ok(status(e.output.order.status)));
      await calls.respond('channels', () => ok(e.output.channels));
      await calls.respond('order', () => ok(e.output.order));
    },
    'xstate.error.actor.loadPayPage': async (e: { error: ApiError }) => {
      await calls.respond('poll', () => ok(status('PENDING')));
      await calls.respond('channels', () => ok(CHANNELS));
      await calls.respond('order', () => fail(e.error.message, e.error.status));
    },
    RETRY: async () => click(screen.getByRole('button', { name: /重试|重新生成二维码/ })),
    'xstate.done.actor.requestQr': async (e: { output: PayQr }) => calls.respond('qr', () => ok(e.output)),
    'xstate.error.actor.requestQr': async (e: { error: ApiError }) => calls.respond('qr', () => fail(e.error.message, e.error.status)),
    CHOOSE_CHANNEL: async () => click(screen.getByRole('radio', { name: /支付宝/ })),
    [`xstate.after.${PAY_POLL_MS}.checkout.paying.active.pay.waiting`]: async () => advance(PAY_POLL_MS),
    'xstate.done.actor.poll': async (e: { output: OrderPayStatus }) => calls.respond('poll', () => ok(e.output)),
    'xstate.error.actor.poll': async (e: { error: ApiError }) => calls.respond('poll', () => fail(e.error.message, e.error.status)),
    CANCEL: async () => click(screen.getByRole('button', { name: '取消订单' })),
    KEEP_ORDER: async () => click(screen.getByRole('button', { name: '暂不取消' })),
    CONFIRM_CANCEL: async () => click(screen.getAllByRole('button', { name: '取消订单' }).at(-1)!),
    'xstate.done.actor.cancel': async (e: { output: OrderDetail }) => calls.respond('cancel', () => ok(e.output)),
    'xstate.error.actor.cancel': async (e: { error: ApiError }) => calls.respond('cancel', () => fail(e.error.message, e.error.status)),
    [TICK]: async () => advance(1000),
    [`xstate.after.${PAID_CONTINUE_MS}.checkout.paid`]: async () => advance(PAID_CONTINUE_MS),
  } as never,
  setup: async () => {
    storeLogin();
    vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const location = renderView('/order-pay/77', <OrderPayView params={{ orderId: '77' }} route={ROUTE} />);
    history = () => location.history ?? [];
    return teardown;
  },
  coverage: 'transitions',
  excused: {
    'paying.active.pay.choosing (always)':
      'taken on every load with a channel (routing → active → choosing → requesting, checked by paying.active.pay.requesting), but coverage.ts follows one eventless step only',
  },
});
