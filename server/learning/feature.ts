/** Learning: my courses, the player's coursewares and protected media, learning records and progress, the live chat. */
import type { FastifyInstance } from 'fastify';
import { defineFeature, type FeatureDeps } from '../shared/feature';
import { liveRoutes } from './live.routes';
import { closeLiveRooms } from './liveRooms';
import { mediaFilesPlugin } from './media/mediaFiles';
import { myCoursesRoutes } from './myCourses.routes';
import { playerRoutes } from './player.routes';
import { progressRoutes } from './progress.routes';

/** Besides its calls: the course media behind the player's signed links, and the live chat's end at shutdown. */
async function registerLearning(app: FastifyInstance, { db, services }: FeatureDeps): Promise<void> {
  // Live chat streams never finish by themselves: ended first, so closing waits only for real requests.
  app.addHook('preClose', async () => closeLiveRooms(db));
  app.register(mediaFilesPlugin, { db, storage: services.storage, clock: services.clock });
}

export const learningFeature = defineFeature('learning', [myCoursesRoutes, progressRoutes, playerRoutes, liveRoutes], registerLearning);
