/** /payment/front/api: payment channels. Calls not listed here answer 501 until implemented. */
import type { Area } from './lib/routes';

export const paymentArea: Area = {
  name: 'payment',
  prefix: '/payment/front/api/',
  routes: () => ({}),
};
