/**
 * 订单详情, model-based: paths from the real orderDetail machine drive the real view at
 * /uc/my-order/7. The detail and cancel calls wait on msw gates that path steps open: loaded,
 * 404 (订单不存在), a failure with its retry, 取消订单 → the dialog → 再想想 / 确定取消 → the
 * server's answer or refusal.
 */
import { cleanup, screen } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import type { OrderDetail } from '../../src/domain/commerce/contract';
import { orderDetailMachine } from '../../src/machines/commerce/orderDetail.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { dismissAllToasts } from '../../src/services/shared/toast';
import OrderDetailView from '../../src/views/commerce/orders/OrderDetailView';
import { click, eventually, gate, type Gate } from '../support/loginKit';
import { detail, line, pending, renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { describeModel } from './harness';
import { fail, ok } from '../support/msw';

type Call = 'load' | 'cancel';
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
  g.open(response());
}

const ORDER: OrderDetail = detail({ ...pending(7), lines: [line()], coupon: null });
const CANCELLED: OrderDetail = { ...ORDER, status: 'CANCELLED', cancelledAt: ORDER.createdAt + 60_000 };

const server = setupServer(
  ...sessionHandlers,
  http.get('/products/front/api/order/getDetail/:id', held('load')),
  http.put('/products/front/api/order/cancel/:id', held('cancel')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof orderDetailMachine.getInitialSnapshot>;
const dialog = () => screen.queryByRole('dialog');
const state = () => screen.getByTestId('order-state').textContent;

describeModel('orderDetail on /uc/my-order/7', {
  machine: orderDetailMachine,
  input: { orderId: 7 },
  start: '登录后打开 /uc/my-order/7（订单详情）',
  events: [
    { type: 'xstate.done.actor.loadOrder', output: ORDER },
    { type: 'xstate.error.actor.loadOrder', error: new ApiError('订单不存在', 404, 404) },
    { type: 'xstate.error.actor.loadOrder', error: new ApiError('服务器错误(500)', 500, 500) },
    { type: 'RETRY' },
    { type: 'CANCEL', orderId: 7 },
    { type: 'DISMISS' },
    { type: 'CONFIRM' },
    { type: 'xstate.done.actor.cancelOrder', output: CANCELLED },
    { type: 'xstate.error.actor.cancelOrder', error: new ApiError('订单取消失败，请稍后重试', 400, 400) },
  ] as never[],
  serializeState: (s) => JSON.stringify([s.value, s.context.order?.status ?? null]),
  states: {
    loading: async () => {
      await eventually(() => expect(gates.load).toBeDefined());
      expect(screen.getByRole('status').textContent).toContain('加载中');
    },
    'loaded.idle': async (s: Snap) => {
      await eventually(() => {
        expect(dialog()).toBeNull();
        expect(state()).toBe(s.context.order?.status === 'CANCELLED' ? '已取消' : '待支付');
      });
      expect(screen.queryByRole('button', { name: '取消订单' }) === null).toBe(s.context.order?.status !== 'PENDING');
      expect(gates.cancel).toBeUndefined();
    },
    'loaded.confirming': async () => {
      await eventually(() => expect(dialog()).not.toBeNull());
      expect(dialog()!.textContent).toContain(ORDER.orderNo);
      expect((screen.getByRole('button', { name: '确定取消' }) as HTMLButtonElement).disabled).toBe(false);
    },
    'loaded.cancelling': async () => {
      await eventually(() => expect(gates.cancel).toBeDefined());
      expect((screen.getByRole('button', { name: '处理中…' }) as HTMLButtonElement).disabled).toBe(true);
    },
    notFound: async () => {
      await eventually(() => expect(screen.getByRole('heading', { level: 1, name: '订单不存在' })).toBeTruthy());
      expect(screen.getByRole('link', { name: '返回我的订单' }).getAttribute('href')).toBe('/uc/my-order');
    },
    failed: async () => {
      await eventually(() => expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy());
      expect(screen.getByTestId('error-state').textContent).toContain('服务器错误(500)');
    },
  },
  exec: {
    'xstate.done.actor.loadOrder': async () => respond('load', () => ok(ORDER)),
    'xstate.error.actor.loadOrder': async (e: { error: ApiError }) => respond('load', () => fail(e.error.message, e.error.status)),
    RETRY: async () => click(screen.getByRole('button', { name: '重新加载' })),
    CANCEL: async () => click(screen.getByRole('button', { name: '取消订单' })),
    DISMISS: async () => click(screen.getByRole('button', { name: '再想想' })),
    CONFIRM: async () => click(screen.getByRole('button', { name: '确定取消' })),
    'xstate.done.actor.cancelOrder': async () => respond('cancel', () => ok(CANCELLED)),
    'xstate.error.actor.cancelOrder': async (e: { error: ApiError }) => respond('cancel', () => fail(e.error.message, e.error.status)),
  } as never,
  setup: async () => {
    gates = {};
    renderView(OrderDetailView, '/uc/my-order/7', { pattern: '/uc/my-order/:orderId' });
    return () => {
      for (const g of Object.values(gates)) g?.open(ok(null));
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
