/** /crm/front/api: sales contact QR codes. Calls not listed here answer 501 until implemented. */
import type { Area } from './lib/routes';

export const crmArea: Area = {
  name: 'crm',
  prefix: '/crm/front/api/',
  routes: () => ({}),
};
