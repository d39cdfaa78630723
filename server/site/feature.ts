/** Site: what every page shows around the features (advertisement slots, site parameters). */
import { defineFeature } from '../shared/feature';
import { adsRoutes } from './ads.routes';
import { paramsRoutes } from './params.routes';

export const siteFeature = defineFeature('site', [adsRoutes, paramsRoutes]);
