/** region/getListByParent: the region picker's lists, public and answered from memory. */
import type { RouteGroup } from '../shared/feature';
import { regionChildren } from './regions';

export const regionsRoutes: RouteGroup = () => ({
  regionListByParent: {
    // A copy: the answer is the client's to keep; the region table stays read-only.
    handler: (request) => [...regionChildren(request.body.parentCode)],
  },
});
