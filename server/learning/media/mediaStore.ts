/**
 * The plain media masters in the storage, under media/<dir>/index.m3u8 and media/<dir>/segNNNN.ts.
 *
 * On local disk the storage's media area is MEDIA_DIR itself: what ffmpeg makes there is stored
 * already. With STORAGE=s3 a master is made here and put into the bucket once: a machine that
 * finds its playlist there neither encodes nor uploads, so only the first machine (or
 * scripts/course-media.ts ahead of time) does the work. The playlist goes in last: it is what
 * says a master is complete. Two machines starting at once on an empty bucket both encode and
 * put the same files, which is harmless (each put is whole; the segments are cut at the same
 * keyframes by the same commands).
 *
 * The media route reads through MasterReader: the segment list of each master, kept once read,
 * and, when the storage is remote, the most recently read segments up to a byte budget, so a
 * lesson many students watch costs the bucket one read per segment, not one per student.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOfKey, mediaKey, type Storage } from '../../providers/storage/storage';
import {
  type DemoMediaName,
  type MadeMedia,
  makeDemoMedia,
  MASTER_SECONDS,
  masterDir,
  parsePlaylist,
  PLAYLIST_FILE,
  type Segment,
  SEGMENT_FILE,
} from './demoMedia';

/** Parallel puts while uploading a master (a 90-minute video is ~900 segments of ~75 KB). */
const UPLOAD_CONCURRENCY = 8;
/** What the segment cache may hold (remote storage only): ~400 six-second segments of the demo video. */
export const SEGMENT_CACHE_BYTES = 32 * 1024 * 1024;

/** Puts a master made under `mediaDir` into the storage: the segments, then the playlist. */
export async function publishMaster(storage: Storage, mediaDir: string, dir: string): Promise<void> {
  const source = path.join(mediaDir, dir);
  const segments = (await readdir(source)).filter((file) => SEGMENT_FILE.test(file)).sort();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < segments.length) {
      const file = segments[next++]!;
      const key = mediaKey(dir, file);
      await storage.putObject(key, await readFile(path.join(source, file)), contentTypeOfKey(key));
    }
  };
  await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, segments.length) }, worker));
  const playlist = mediaKey(dir, PLAYLIST_FILE);
  await storage.putObject(playlist, await readFile(path.join(source, PLAYLIST_FILE)), contentTypeOfKey(playlist));
}

/** One master in the storage: found there, or made with ffmpeg under `mediaDir` and put there. */
export async function provideMaster(storage: Storage, mediaDir: string, name: DemoMediaName, seconds = MASTER_SECONDS): Promise<MadeMedia> {
  const dir = masterDir(name, seconds);
  const playlist = mediaKey(dir, PLAYLIST_FILE);
  if (await storage.has(playlist)) return { name, dir, durationSeconds: seconds };
  const made = await makeDemoMedia(mediaDir, name, seconds);
  // On local disk the files just made are the stored ones.
  if (!(await storage.has(playlist))) await publishMaster(storage, mediaDir, made.dir);
  return made;
}

/** The demo's two masters in the storage (`seconds` shorter than MASTER_SECONDS for tests). */
export function provideDemoMasters(storage: Storage, mediaDir: string, seconds?: number): Promise<MadeMedia[]> {
  return Promise.all([provideMaster(storage, mediaDir, 'lecture-video', seconds), provideMaster(storage, mediaDir, 'lesson-audio', seconds)]);
}

/** Reads masters from the storage for the media route, with the caches described above. */
export class MasterReader {
  private readonly lists = new Map<string, Segment[]>();
  /** Plain segment bytes by key, oldest read first (a Map keeps insertion order). */
  private readonly cached = new Map<string, Buffer>();
  private cachedBytes = 0;

  constructor(
    private readonly storage: Storage,
    private readonly cacheBytes = storage.remote ? SEGMENT_CACHE_BYTES : 0,
  ) {}

  /** The segments of a master's playlist, in order; null while the master is not in the storage. */
  async segments(dir: string): Promise<Segment[] | null> {
    const known = this.lists.get(dir);
    if (known) return known;
    const text = await this.storage.read(mediaKey(dir, PLAYLIST_FILE));
    // A missing master is not remembered: it may be put there by another machine any moment.
    if (!text) return null;
    const list = parsePlaylist(text.toString('utf8'));
    this.lists.set(dir, list);
    return list;
  }

  /** A segment's plain bytes; null when the storage has none. */
  async segment(dir: string, file: string): Promise<Buffer | null> {
    const key = mediaKey(dir, file);
    const hit = this.cached.get(key);
    if (hit) {
      // Read again: now the most recent.
      this.cached.delete(key);
      this.cached.set(key, hit);
      return hit;
    }
    const bytes = await this.storage.read(key);
    if (bytes && bytes.length <= this.cacheBytes) this.remember(key, bytes);
    return bytes;
  }

  private remember(key: string, bytes: Buffer): void {
    // Two requests that missed the same segment at once both arrive here.
    const previous = this.cached.get(key);
    if (previous) {
      this.cached.delete(key);
      this.cachedBytes -= previous.length;
    }
    this.cached.set(key, bytes);
    this.cachedBytes += bytes.length;
    for (const [oldKey, old] of this.cached) {
      if (this.cachedBytes <= this.cacheBytes) break;
      this.cached.delete(oldKey);
      this.cachedBytes -= old.length;
    }
  }
}
