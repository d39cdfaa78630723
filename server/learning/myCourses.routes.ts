import type { RouteGroup } from '../shared/feature';

export const myCoursesRoutes: RouteGroup = () => ({});
