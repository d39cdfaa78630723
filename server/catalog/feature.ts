/** Catalog: the class tree, courses and their catalogues, auditions, teachers, resources and e-books, sales advisors. */
import type { FastifyInstance } from 'fastify';
import { defineFeature, type FeatureDeps } from '../shared/feature';
import { classesRoutes } from './classes.routes';
import { coursesRoutes } from './courses.routes';
import { outlineRoutes } from './outline.routes';
import { resourceFilesPlugin } from './resourceFiles';
import { resourcesRoutes } from './resources.routes';
import { teachersRoutes } from './teachers.routes';

/** Besides its calls: the files behind resources (signed download links) and e-books. */
async function registerCatalog(app: FastifyInstance, { db, services }: FeatureDeps): Promise<void> {
  app.register(resourceFilesPlugin, { db, storage: services.storage });
}

export const catalogFeature = defineFeature('catalog', [classesRoutes, coursesRoutes, outlineRoutes, teachersRoutes, resourcesRoutes], registerCatalog);
