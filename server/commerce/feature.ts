/**
 * Commerce (docs/commerce.md): SKUs and ownership, orders, payments through the configured wallets,
 * coupons, the course activity and redeem codes. Other features read ownership through
 * entitlements.ts and a camp's plan and cohorts through camps.ts.
 */
import type { FastifyInstance } from 'fastify';
import { defineFeature, type FeatureDeps } from '../shared/feature';
import { couponsRoutes } from './coupons.routes';
import { devPaymentPlugin } from './devPayment';
import { ordersRoutes } from './orders.routes';
import { paymentNoticesPlugin } from './paymentNotices';
import { paymentsRoutes } from './payments.routes';
import { productsRoutes } from './products.routes';
import { redeemRoutes } from './redeem.routes';

/**
 * Besides its calls: the wallets' notices, outside the call registry since vendors expect their own
 * answers (in a child plugin: it reads every body as the bytes sent), and outside production the
 * sandbox wallet's pages.
 */
async function registerCommerce(app: FastifyInstance, { db, config, services }: FeatureDeps): Promise<void> {
  app.register(paymentNoticesPlugin, { db, services });
  app.register(devPaymentPlugin, { config, services });
}

export const commerceFeature = defineFeature('commerce', [productsRoutes, ordersRoutes, paymentsRoutes, couponsRoutes, redeemRoutes], registerCommerce);
