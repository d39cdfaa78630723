/** The old form-urlencoded API under /api/ (feedback), signed with MD5 over the sorted params. */
import type { Area } from './lib/routes';

export const legacyArea: Area = {
  name: 'legacy',
  prefix: '/api/',
  routes: () => ({}),
};
