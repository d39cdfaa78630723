import type { RouteGroup } from '../shared/feature';

export const playerRoutes: RouteGroup = () => ({});
