/**
 * Makes the demo course media (server/learning/media/demoMedia.ts) in MEDIA_DIR ahead of time:
 * the test script runs it before the browser tests, so their servers start at once instead of
 * encoding side by side. The server makes them itself when missing; this only does it first.
 */
import { loadConfig } from '../server/config';
import { makeDemoMedia } from '../server/learning/media/demoMedia';

const { mediaDir } = loadConfig();
const started = Date.now();
const made = await Promise.all([makeDemoMedia(mediaDir, 'lecture-video'), makeDemoMedia(mediaDir, 'lesson-audio')]);
console.log(`course media ready in ${mediaDir} (${made.map((m) => m.dir).join(', ')}) after ${((Date.now() - started) / 1000).toFixed(1)} s`);
