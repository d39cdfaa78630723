/**
 * Commerce (docs/commerce.md): SKUs and ownership, orders, payments through the configured wallets,
 * coupons, the course activity and redeem codes. The wallets' notices arrive outside the API
 * registry (paymentNotices.ts, registered by app.ts), since vendors expect their own answers.
 */
import { defineFeature } from '../shared/feature';
import { couponsRoutes } from './coupons.routes';
import { ordersRoutes } from './orders.routes';
import { paymentsRoutes } from './payments.routes';
import { productsRoutes } from './products.routes';
import { redeemRoutes } from './redeem.routes';

export const commerceFeature = defineFeature('commerce', [productsRoutes, ordersRoutes, paymentsRoutes, couponsRoutes, redeemRoutes]);
