/**
 * Makes the demo course media (server/learning/media/demoMedia.ts) in MEDIA_DIR ahead of time,
 * and with STORAGE=s3 puts them into the bucket (mediaStore.ts): the test script runs it before
 * the browser tests, so their servers start at once instead of encoding side by side. The server
 * does the same itself when they are missing; this only does it first.
 */
import { loadConfig } from '../server/config';
import { provideDemoMasters } from '../server/learning/media/mediaStore';
import { createStorage } from '../server/providers/services';

const config = loadConfig();
const started = Date.now();
const made = await provideDemoMasters(createStorage(config), config.mediaDir);
const where = config.storage.kind === 's3' ? `bucket ${config.storage.bucket}` : config.mediaDir;
console.log(`course media ready in ${where} (${made.map((m) => m.dir).join(', ')}) after ${((Date.now() - started) / 1000).toFixed(1)} s`);
