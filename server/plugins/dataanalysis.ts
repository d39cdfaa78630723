/** /dataanalysis/front/api: learning records. Calls not listed here answer 501 until implemented. */
import type { Area } from './lib/routes';

export const dataanalysisArea: Area = {
  name: 'dataanalysis',
  prefix: '/dataanalysis/front/api/',
  routes: () => ({}),
};
