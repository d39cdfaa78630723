/** Site: what every page shows around the features (advertisement slots, site parameters), and what search engines read (sitemap, robots.txt). */
import type { FastifyInstance } from 'fastify';
import { defineFeature, type FeatureDeps } from '../shared/feature';
import { adsRoutes } from './ads.routes';
import { paramsRoutes } from './params.routes';
import { seoPlugin } from './seo.routes';

/** Besides its calls: /sitemap.xml and /robots.txt at the site's root. */
async function registerSite(app: FastifyInstance, { db, cache, config }: FeatureDeps): Promise<void> {
  app.register(seoPlugin, { db, cache, config });
}

export const siteFeature = defineFeature('site', [adsRoutes, paramsRoutes], registerSite);
