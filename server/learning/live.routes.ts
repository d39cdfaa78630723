import type { RouteGroup } from '../shared/feature';

export const liveRoutes: RouteGroup = () => ({});
