/**
 * Orders: the preview (what the server would charge, the coupons judged, the best chosen), creating
 * one, and reading the session's user's own orders. Another user's order id answers 404.
 */
import type { OrderCreated, OrderDetail, OrderPreview, OrderSummary } from '../../src/domain/commerce/contract';
import { ORDER_TTL_MINUTES } from '../../src/domain/commerce/limits';
import { COMMERCE_TEXTS } from '../../src/domain/commerce/texts';
import type { Page } from '../../src/domain/shared/envelope';
import { currentUser } from '../shared/auth';
import { notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { createOrder, findOrder, listOrders, orderDetail, quoteOrder } from './orders.queries';

export const ordersRoutes: RouteGroup = ({ db, services }) => ({
  orderPreview: {
    auth: 'required',
    async handler(request): Promise<OrderPreview> {
      const quote = await quoteOrder(db, currentUser(request).userId, request.body, services.clock.now());
      return {
        ...quote.amounts,
        lines: quote.lines,
        addOns: quote.addOns,
        coupons: quote.coupons,
        couponId: quote.chosen?.id ?? null,
        needsAddress: quote.needsAddress,
        validUntil: quote.validUntil,
        payWithinMinutes: ORDER_TTL_MINUTES,
      };
    },
  },

  orderCreate: {
    auth: 'required',
    async handler(request): Promise<OrderCreated> {
      const { order } = await createOrder(db, currentUser(request).userId, request.body, services.clock.now());
      return { orderId: order.id, orderNo: order.orderNo, payCents: order.payCents, expiresAt: order.expiresAt.getTime() };
    },
  },

  orderDetail: {
    auth: 'required',
    async handler(request): Promise<OrderDetail> {
      const order = await findOrder(db, currentUser(request).userId, request.params.id);
      if (!order) throw notFound(COMMERCE_TEXTS.orderNotFound);
      return orderDetail(db, order, services.clock.now());
    },
  },

  orderPageList: {
    auth: 'required',
    handler(request): Promise<Page<OrderSummary>> {
      return listOrders(db, currentUser(request).userId, request.body, services.clock.now());
    },
  },
});
