/** Addresses: a student's delivery addresses and the administrative regions they are picked from. */
import { defineFeature } from '../shared/feature';
import { addressesRoutes } from './addresses.routes';
import { regionsRoutes } from './regions.routes';

export const addressesFeature = defineFeature('addresses', [addressesRoutes, regionsRoutes]);
