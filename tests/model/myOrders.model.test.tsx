/**
 * 我的订单 (/uc/my-order), model-based: paths from the real myOrders machine drive the real view.
 * The list and cancel calls wait on msw until a step answers them: a page with a pending and a
 * paid order, no orders, a failure and its 重新加载; 取消订单 on the pending row → the dialog →
 * 再想想 / 确定取消 → the server's answer (the row now 已取消) or refusal (the row as it was).
 */
import { cleanup, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { COMMERCE_EXTRA_CALLS } from '../../src/domain/commerce/calls';
import type { OrderDetail, OrderSummary } from '../../src/domain/commerce/contract';
import { ORDER_TEXTS } from '../../src/domain/commerce/orders.texts';
import { ORDER_STATE_LABELS } from '../../src/domain/commerce/texts';
import type { Page } from '../../src/domain/shared/envelope';
import { myOrdersMachine } from '../../src/machines/commerce/myOrders.machine';
import { ApiError } from '../../src/services/shared/http/ApiError';
import { dismissAllToasts } from '../../src/services/shared/toast';
import MyOrdersView from '../../src/views/commerce/orders/MyOrdersView';
import { click, eventually } from '../support/loginKit';
import { detail, pending, renderView, sessionHandlers, summary } from '../unit/commerce/myOrders.fixtures';
import { heldCalls } from './commerce.fixtures';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const calls = heldCalls<'load' | 'cancel'>();
const server = setupServer(
  ...sessionHandlers,
  answer(COMMERCE_EXTRA_CALLS.orderPageList, calls.held('load')),
  answer(COMMERCE_EXTRA_CALLS.orderCancel, calls.held('cancel')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof myOrdersMachine.getInitialSnapshot>;
const PENDING = pending(7);
const PAID = summary({ id: 3, orderNo: 'XT202611230003' });
const PAGE: Page<OrderSummary> = { records: [PENDING, PAID], total: 2, current: 1, size: 10 };
const NONE: Page<OrderSummary> = { records: [], total: 0, current: 1, size: 10 };
const CANCELLED: OrderDetail = detail({ ...PENDING, status: 'CANCELLED', cancelledAt: PENDING.createdAt + 60_000 });

const row = (orderNo: string) => within(screen.getByRole('article', { name: `${ORDER_TEXTS.orderNo} ${orderNo}` }));
const dialog = () => screen.queryByRole('dialog');

/** Every row with its state; the pending one offers 取消订单 (disabled while it is asked about or being cancelled). */
function expectRows(s: Snap): void {
  const records = s.context.page!.records;
  expect(screen.getAllByTestId('order-row')).toHaveLength(records.length);
  for (const order of records) {
    const r = row(order.orderNo);
    expect(r.getByTestId('order-state').textContent).toBe(ORDER_STATE_LABELS[order.status]);
    const cancel = r.queryByRole('button', { name: ORDER_TEXTS.cancel }) as HTMLButtonElement | null;
    expect(cancel === null).toBe(order.status !== 'PENDING');
    if (cancel) expect(cancel.disabled).toBe(s.context.cancelling === order.id);
  }
}

describeModel('myOrders on /uc/my-order', {
  machine: myOrdersMachine,
  input: { status: null, page: 1 },
  start: '登录后打开 /uc/my-order（我的订单，“全部”）',
  events: [
    { type: 'xstate.done.actor.loadOrders', output: PAGE },
    { type: 'xstate.done.actor.loadOrders', output: NONE },
    { type: 'xstate.error.actor.loadOrders', error: new ApiError('服务器错误(500)', 500, 500) },
    { type: 'RETRY' },
    { type: 'CANCEL', orderId: 7 },
    { type: 'DISMISS' },
    { type: 'CONFIRM' },
    { type: 'xstate.done.actor.cancelOrder', output: CANCELLED },
    { type: 'xstate.error.actor.cancelOrder', error: new ApiError('订单取消失败，请稍后重试', 400, 400) },
  ] as never[],
  serializeState: (s) => JSON.stringify([s.value, s.context.page?.records.map((o) => o.status) ?? null]),
  states: {
    loading: async () => {
      await eventually(() => expect(calls.pending('load')).toBe(true));
      expect(screen.getByRole('status').textContent).toBe('加载中…');
    },
    'loaded.idle': async (s: Snap) => {
      if (s.context.page!.records.length === 0) {
        await eventually(() => expect(screen.getByTestId('empty-state').textContent).toContain(ORDER_TEXTS.empty));
        expect(screen.getByRole('link', { name: ORDER_TEXTS.browseCourses }).getAttribute('href')).toBe('/course/pro-course');
        return;
      }
      await eventually(() => {
        expect(dialog()).toBeNull();
        expectRows(s);
      });
      expect(calls.pending('cancel')).toBe(false);
    },
    'loaded.confirming': async (s: Snap) => {
      await eventually(() => expect(dialog()).not.toBeNull());
      expect(dialog()!.textContent).toContain(ORDER_TEXTS.cancelQuestion(PENDING.orderNo));
      expect((within(dialog()!).getByRole('button', { name: ORDER_TEXTS.cancelConfirm }) as HTMLButtonElement).disabled).toBe(false);
      expectRows(s);
    },
    'loaded.cancelling': async (s: Snap) => {
      await eventually(() => expect(calls.pending('cancel')).toBe(true));
      await eventually(() => expect((screen.getByRole('button', { name: '处理中…' }) as HTMLButtonElement).disabled).toBe(true));
      expectRows(s);
    },
    failed: async (s: Snap) => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain(s.context.error!));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    },
  },
  exec: {
    'xstate.done.actor.loadOrders': async (e: { output: Page<OrderSummary> }) => calls.respond('load', () => ok(e.output)),
    'xstate.error.actor.loadOrders': async (e: { error: ApiError }) => calls.respond('load', () => fail(e.error.message, e.error.status)),
    RETRY: async () => click(screen.getByRole('button', { name: '重新加载' })),
    CANCEL: async () => click(row(PENDING.orderNo).getByRole('button', { name: ORDER_TEXTS.cancel })),
    DISMISS: async () => click(screen.getByRole('button', { name: ORDER_TEXTS.cancelKeep })),
    CONFIRM: async () => click(screen.getByRole('button', { name: ORDER_TEXTS.cancelConfirm })),
    'xstate.done.actor.cancelOrder': async (e: { output: OrderDetail }) => calls.respond('cancel', () => ok(e.output)),
    'xstate.error.actor.cancelOrder': async (e: { error: ApiError }) => calls.respond('cancel', () => fail(e.error.message, e.error.status)),
  } as never,
  setup: async () => {
    renderView(MyOrdersView, '/uc/my-order');
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
