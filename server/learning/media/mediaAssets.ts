/**
 * The media assets in the database: registering the demo masters at start-up and finding what a
 * courseware plays, with the courseware's own key (coursewareKeys.ts). Keys stay in the database;
 * the files, plain, stay in the storage (the media dir, or the bucket: mediaStore.ts).
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coursewareMediaKeys, coursewares, mediaAssets } from '../../db/schema';
import type { Storage } from '../../providers/storage/storage';
import type { MadeMedia } from './demoMedia';
import { provideDemoMasters } from './mediaStore';

/** Which master each timed courseware type plays. */
const MASTER_OF: Record<string, MadeMedia['name']> = { VIDEO: 'lecture-video', LIVE: 'lecture-video', AUDIO: 'lesson-audio' };

export async function registerMedia(db: Db, made: readonly MadeMedia[]): Promise<void> {
  for (const media of made) {
    const values = {
      name: media.name,
      kind: media.name === 'lesson-audio' ? 'audio' : 'hls',
      dir: media.dir,
      durationSeconds: media.durationSeconds,
    };
    const [row] = await db.insert(mediaAssets).values(values).onConflictDoUpdate({ target: mediaAssets.name, set: values }).returning({ id: mediaAssets.id });
    const types = Object.entries(MASTER_OF)
      .filter(([, name]) => name === media.name)
      .map(([type]) => type);
    await db
      .update(coursewares)
      .set({ mediaAssetId: row!.id })
      .where(and(inArray(coursewares.type, types), isNull(coursewares.mediaAssetId)));
  }
}

/** Puts the demo masters in the storage (made once, under `mediaDir`) and points the timed coursewares at them. */
export async function prepareDemoMedia(db: Db, storage: Storage, mediaDir: string, seconds?: number): Promise<MadeMedia[]> {
  const made = await provideDemoMasters(storage, mediaDir, seconds);
  await registerMedia(db, made);
  return made;
}

export interface PlayableWare {
  coursewareId: number;
  courseId: number;
  name: string;
  type: string;
  duration: number;
  freeAudition: boolean;
  asset: { kind: string; dir: string; durationSeconds: number } | null;
  /** The courseware's own segment key, hex; null until first used (coursewareKey makes it). */
  aesKeyHex: string | null;
}

export async function playableWare(db: Db, coursewareId: number): Promise<PlayableWare | null> {
  const [row] = await db
    .select({
      coursewareId: coursewares.id,
      courseId: coursewares.courseId,
      name: coursewares.name,
      type: coursewares.type,
      duration: coursewares.durationSeconds,
      freeAudition: coursewares.freeAudition,
      kind: mediaAssets.kind,
      dir: mediaAssets.dir,
      assetSeconds: mediaAssets.durationSeconds,
      aesKeyHex: coursewareMediaKeys.aesKeyHex,
    })
    .from(coursewares)
    .leftJoin(mediaAssets, eq(mediaAssets.id, coursewares.mediaAssetId))
    .leftJoin(coursewareMediaKeys, eq(coursewareMediaKeys.coursewareId, coursewares.id))
    .where(eq(coursewares.id, coursewareId));
  if (!row) return null;
  const { kind, dir, assetSeconds, ...ware } = row;
  return { ...ware, asset: kind && dir ? { kind, dir, durationSeconds: assetSeconds ?? 0 } : null };
}
