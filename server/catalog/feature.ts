/** Catalog: the class tree and the public course list. */
import { defineFeature } from '../shared/feature';
import { classesRoutes } from './classes.routes';
import { coursesRoutes } from './courses.routes';

export const catalogFeature = defineFeature('catalog', [classesRoutes, coursesRoutes]);
