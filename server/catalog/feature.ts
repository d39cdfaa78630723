/** Catalog: the class tree, courses and their catalogues, auditions, teachers, resources and e-books, sales advisors. */
import { defineFeature } from '../shared/feature';
import { classesRoutes } from './classes.routes';
import { coursesRoutes } from './courses.routes';
import { outlineRoutes } from './outline.routes';
import { resourcesRoutes } from './resources.routes';
import { teachersRoutes } from './teachers.routes';

export const catalogFeature = defineFeature('catalog', [classesRoutes, coursesRoutes, outlineRoutes, teachersRoutes, resourcesRoutes]);
