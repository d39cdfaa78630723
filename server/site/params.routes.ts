/** Site parameters by key, from the public cache. */
import type { SiteParam } from '../../src/domain/site/contract';
import type { RouteGroup } from '../shared/feature';
import { prepared, type PreparedJson } from '../shared/preparedJson';
import { SITE_SPACES } from './cacheSpaces';
import { findSiteParam } from './params.queries';

export const paramsRoutes: RouteGroup = ({ db, cache }) => ({
  // An absent key answers data null: callers fall back to their built-in default.
  paramByKey: {
    handler: (request): Promise<PreparedJson<SiteParam | null>> =>
      cache.get(
        SITE_SPACES.params,
        request.params.key,
        prepared(async () => (await findSiteParam(db, request.params.key)) ?? null),
      ),
  },
});
