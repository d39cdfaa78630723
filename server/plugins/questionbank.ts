/** /questionbank/front/api: papers, records, wrong and favourite questions. Calls not listed here answer 501 until implemented. */
import type { Area } from './lib/routes';

export const questionbankArea: Area = {
  name: 'questionbank',
  prefix: '/questionbank/front/api/',
  routes: () => ({}),
};
