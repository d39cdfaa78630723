import type { RouteGroup } from '../shared/feature';

export const progressRoutes: RouteGroup = () => ({});
