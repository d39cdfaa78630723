/** Advertisement slots (banners, notices) by slot code, from the public cache. */
import type { AdItem } from '../../src/domain/site/contract';
import type { RouteGroup } from '../shared/feature';
import { prepared, type PreparedJson } from '../shared/preparedJson';
import { listAdItems } from './ads.queries';
import { SITE_SPACES } from './cacheSpaces';

export const adsRoutes: RouteGroup = ({ db, cache }) => ({
  // An unknown slot is an empty list, not an error: pages render without the banner.
  adItemsByCode: {
    handler: (request): Promise<PreparedJson<AdItem[]>> =>
      cache.get(
        SITE_SPACES.ads,
        request.params.code,
        prepared(() => listAdItems(db, request.params.code)),
      ),
  },
});
