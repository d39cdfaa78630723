/** Site parameters by key. */
import type { SiteParam } from '../../src/domain/site/contract';
import type { RouteGroup } from '../shared/feature';
import { findSiteParam } from './params.queries';

export const paramsRoutes: RouteGroup = ({ db }) => ({
  // An absent key answers data null: callers fall back to their built-in default.
  paramByKey: {
    async handler(request): Promise<SiteParam | null> {
      return (await findSiteParam(db, request.params.key)) ?? null;
    },
  },
});
