/** Learning: my courses, the player's coursewares and protected media, learning records and progress, the live chat. */
import { defineFeature } from '../shared/feature';
import { liveRoutes } from './live.routes';
import { myCoursesRoutes } from './myCourses.routes';
import { playerRoutes } from './player.routes';
import { progressRoutes } from './progress.routes';

export const learningFeature = defineFeature('learning', [myCoursesRoutes, progressRoutes, playerRoutes, liveRoutes]);
