/**
 * 我的订单 and 订单详情 (issue 9, point 6): the list of orderPageList with the state filter in the
 * URL and paging, a pending order's countdown, 继续支付 and 取消订单 (ConfirmDialog → orderCancel →
 * 已取消), the detail's amounts, lines, coupon and times, and 订单不存在.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMERCE_EXTRA_CALLS } from '../../../src/domain/commerce/calls';
import type { OrderPageQuery, OrderSummary } from '../../../src/domain/commerce/contract';
import MyOrdersView from '../../../src/views/commerce/orders/MyOrdersView';
import OrderDetailView from '../../../src/views/commerce/orders/OrderDetailView';
import { detail, line, pending, renderView, sessionHandlers, summary } from './myOrders.fixtures';
import { answer, fail, ok } from '../../support/msw';

let orders: OrderSummary[] = [];
let queries: OrderPageQuery[] = [];
let cancelled: number[] = [];

const page = (records: OrderSummary[], query: OrderPageQuery, total = records.length) => ({
  records,
  total,
  current: query.current ?? 1,
  size: query.size ?? 10,
});

const server = setupServer(
  ...sessionHandlers,
  answer(COMMERCE_EXTRA_CALLS.orderPageList, async ({ request }) => {
    const query = (await request.json()) as OrderPageQuery;
    queries.push(query);
    return ok(
      page(
        orders.filter((o) => !query.status || o.status === query.status),
        query,
      ),
    );
  }),
  answer(COMMERCE_EXTRA_CALLS.orderCancel, ({ params }) => {
    const id = Number(params.id);
    cancelled.push(id);
    const order = orders.find((o) => o.id === id)!;
    return ok(detail({ ...order, status: 'CANCELLED', cancelledAt: Date.now() }));
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  queries = [];
  cancelled = [];
});
afterAll(() => server.close());

const rows = () => screen.queryAllByTestId('order-row');

describe('MyOrdersView', () => {
  it('lists the orders with number, time, course, amount and state', async () => {
    orders = [summary(), pending(2)];
    renderView(MyOrdersView, '/uc/my-order');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const paid = within(rows()[0]!);
    expect(paid.getByText(/XT202611230001/)).toBeTruthy();
    expect(paid.getByRole('link', { name: '《建设工程经济》精讲班' }).getAttribute('href')).toBe('/uc/my-order/1');
    expect(paid.getByText('¥630.00')).toBeTruthy();
    expect(paid.getByTestId('order-state').textContent).toBe('已支付');
    expect(paid.getByRole('link', { name: '去学习' }).getAttribute('href')).toBe('/course/detail/11');
    const open = within(rows()[1]!);
    expect(open.getByTestId('order-state').textContent).toBe('待支付');
    expect(open.getByTestId('order-remaining').textContent).toMatch(/^剩余支付时间 2[45]:\d\d$/);
    expect(open.getByRole('link', { name: '继续支付' }).getAttribute('href')).toBe('/order-pay/2');
    expect(queries[0]).toEqual({ current: 1, size: 10, status: null });
  });

  it('keeps the state filter in the URL and asks the server for it', async () => {
    orders = [summary(), pending(2)];
    const { location } = renderView(MyOrdersView, '/uc/my-order');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const filters = within(screen.getByRole('navigation', { name: '按订单状态筛选' }));
    expect(filters.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['全部', '/uc/my-order'],
      ['待支付', '/uc/my-order?status=PENDING'],
      ['已支付', '/uc/my-order?status=PAID'],
      ['已取消', '/uc/my-order?status=CANCELLED'],
      ['已过期', '/uc/my-order?status=EXPIRED'],
    ]);
    fireEvent.click(filters.getByRole('link', { name: '待支付' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(location.history?.at(-1)).toBe('/uc/my-order?status=PENDING');
    expect(queries.at(-1)?.status).toBe('PENDING');
    expect(filters.getByRole('link', { name: '待支付' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens on the state and page of the link, with links to the neighbouring pages', async () => {
    server.use(
      answer(COMMERCE_EXTRA_CALLS.orderPageList, async ({ request }) => {
        const query = (await request.json()) as OrderPageQuery;
        queries.push(query);
        return ok(page([summary({ id: 21 })], query, 25));
      }),
    );
    renderView(MyOrdersView, '/uc/my-order?status=PAID&page=2');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(queries[0]).toEqual({ current: 2, size: 10, status: 'PAID' });
    const pager = within(screen.getByRole('navigation', { name: '订单分页' }));
    expect(pager.getByText('第2/3页')).toBeTruthy();
    expect(pager.getByRole('link', { name: '上一页' }).getAttribute('href')).toBe('/uc/my-order?status=PAID');
    expect(pager.getByRole('link', { name: '下一页' }).getAttribute('href')).toBe('/uc/my-order?status=PAID&page=3');
  });

  it('cancels a pending order after the confirmation: the row reads 已取消', async () => {
    orders = [pending(3)];
    renderView(MyOrdersView, '/uc/my-order');
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '取消订单' }));
    const dialog = await screen.findByRole('dialog', { name: '取消订单' });
    // 再想想 keeps the order.
    fireEvent.click(within(dialog).getByRole('button', { name: '再想想' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancelled).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '取消订单' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(screen.getByTestId('order-state').textContent).toBe('已取消'));
    expect(cancelled).toEqual([3]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('link', { name: '继续支付' })).toBeNull();
  });

  it('a pending order past its 30 minutes reads 已过期 with nothing to pay', async () => {
    orders = [pending(4, 31)];
    renderView(MyOrdersView, '/uc/my-order');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByTestId('order-state').textContent).toBe('已过期');
    expect(screen.queryByRole('link', { name: '继续支付' })).toBeNull();
  });

  it('says so when there are no orders, and offers a retry when the list fails', async () => {
    orders = [];
    renderView(MyOrdersView, '/uc/my-order');
    expect(await screen.findByText('暂无订单')).toBeTruthy();
    let calls = 0;
    server.use(
      answer(COMMERCE_EXTRA_CALLS.orderPageList, () => {
        calls += 1;
        return calls === 1 ? fail('服务器错误(500)', 500) : ok(page([summary()], {}));
      }),
    );
    document.body.innerHTML = '';
    renderView(MyOrdersView, '/uc/my-order?status=PAID');
    fireEvent.click(await screen.findByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});

describe('OrderDetailView', () => {
  const renderDetail = (id: string | number) => renderView(OrderDetailView, `/uc/my-order/${id}`, { pattern: '/uc/my-order/:orderId' });

  it('shows the lines, the coupon, 原价 / 优惠 / 实付, the address copy and the times; 去学习 for a paid order', async () => {
    server.use(
      answer(
        COMMERCE_EXTRA_CALLS.orderDetail,
        detail({
          lines: [line(), line({ kind: 'ADD_ON', courseId: 12, skuId: 102, title: '计算题专项', skuName: '加购价', priceCents: 9900, validDays: 180 })],
          totalCents: 77900,
          discountCents: 5000,
          payCents: 72900,
          address: { name: '张三', mobile: '13800138000', region: '北京市 北京市 海淀区', detail: '中关村大街1号' },
        }),
      ),
    );
    renderDetail(1);
    const card = within(await screen.findByTestId('order-detail'));
    expect(card.getByText('加购')).toBeTruthy();
    expect(card.getByText('计算题专项')).toBeTruthy();
    expect(card.getByText('满500减50')).toBeTruthy();
    expect(card.getByTestId('order-total').textContent).toBe('¥779.00');
    expect(card.getByTestId('order-discount').textContent).toBe('-¥50.00');
    expect(card.getByTestId('order-pay').textContent).toBe('¥729.00');
    expect(card.getByText(/中关村大街1号/)).toBeTruthy();
    expect(card.getByText('支付时间')).toBeTruthy();
    expect(card.getByTestId('order-state').textContent).toBe('已支付');
    expect(card.getByRole('link', { name: '去学习' }).getAttribute('href')).toBe('/course/detail/11');
  });

  it('cancels a pending order from the detail', async () => {
    const order = detail({ ...pending(7), lines: [line()], coupon: null });
    server.use(
      answer(COMMERCE_EXTRA_CALLS.orderDetail, order),
      answer(COMMERCE_EXTRA_CALLS.orderCancel, ({ params }) => {
        cancelled.push(Number(params.id));
        return ok({ ...order, status: 'CANCELLED', cancelledAt: Date.now() });
      }),
    );
    renderDetail(7);
    await screen.findByTestId('order-detail');
    expect(screen.getByText('未使用优惠券')).toBeTruthy();
    expect(screen.getByRole('link', { name: '继续支付' }).getAttribute('href')).toBe('/order-pay/7');
    fireEvent.click(screen.getByRole('button', { name: '取消订单' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确定取消' }));
    await waitFor(() => expect(screen.getByTestId('order-state').textContent).toBe('已取消'));
    expect(cancelled).toEqual([7]);
    expect(screen.getByText('取消时间')).toBeTruthy();
  });

  it("another user's or an unknown order: 订单不存在 with a link back", async () => {
    server.use(answer(COMMERCE_EXTRA_CALLS.orderDetail, () => fail('订单不存在', 404)));
    renderDetail(999);
    expect(await screen.findByRole('heading', { level: 1, name: '订单不存在' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回我的订单' }).getAttribute('href')).toBe('/uc/my-order');
  });

  it('an id that is not a number is not asked for', async () => {
    renderDetail('abc');
    expect(await screen.findByRole('heading', { level: 1, name: '订单不存在' })).toBeTruthy();
    await act(async () => {});
  });
});
