/** Advertisement slots (banners, notices) by slot code. */
import type { AdItem } from '../../src/domain/site/contract';
import type { RouteGroup } from '../shared/feature';
import { listAdItems } from './ads.queries';

export const adsRoutes: RouteGroup = ({ db }) => ({
  // An unknown slot is an empty list, not an error: pages render without the banner.
  adItemsByCode: {
    handler: (request): Promise<AdItem[]> => listAdItems(db, request.params.code),
  },
});
