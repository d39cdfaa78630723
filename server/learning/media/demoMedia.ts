/**
 * The demo course media, made with the ffmpeg binary that `@ffmpeg-installer/linux-x64` ships
 * (nothing to install by hand): one lecture video and one audio lesson as HLS VOD, cut into
 * exactly SEGMENT_SECONDS segments of plain MPEG-TS. They hold no key: the media route encrypts
 * each segment as it serves it, under the key of the courseware asked for (coursewareKeys.ts), so
 * the many coursewares that share a master still have keys of their own.
 *
 * A courseware plays the first `duration / SEGMENT_SECONDS` segments of its master (the playlist
 * route cuts it), so one master of MASTER_SECONDS serves every length of whole minutes, and the
 * catalogue's duration is the real length of what plays. Made once per MEDIA_DIR and version
 * (a few seconds), reused by every data dir and restart. Synthetic pictures and tones only.
 * With STORAGE=s3 they are made here once and put into the bucket, which every machine then
 * reads (mediaStore.ts).
 */
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const SEGMENT_SECONDS = 6;
/** The longest demo courseware (a 90-minute live replay). */
export const MASTER_SECONDS = 90 * 60;
/** Bump to remake the media (a change of the commands below). v2: plain segments, encrypted when served. */
const VERSION = 'v2';

/** The files ffmpeg writes: the playlist and its numbered segments. */
export const PLAYLIST_FILE = 'index.m3u8';
export const SEGMENT_FILE = /^seg\d{4}\.ts$/;

export type DemoMediaName = 'lecture-video' | 'lesson-audio';

export interface MadeMedia {
  name: DemoMediaName;
  /** Relative to the media dir. */
  dir: string;
  durationSeconds: number;
}

/** The ffmpeg of @ffmpeg-installer/linux-x64, else one on the PATH. */
export function ffmpegPath(): string {
  try {
    const require = createRequire(import.meta.url);
    const file = path.join(path.dirname(require.resolve('@ffmpeg-installer/linux-x64/package.json')), 'ffmpeg');
    try {
      accessSync(file, constants.X_OK);
    } catch {
      // npm 11 skips the package's postinstall chmod.
      chmodSync(file, 0o755);
    }
    return file;
  } catch {
    return 'ffmpeg';
  }
}

function inputs(name: DemoMediaName, seconds: number): string[] {
  const tone = `sine=frequency=${name === 'lecture-video' ? 440 : 523}:beep_factor=4:duration=${seconds}:sample_rate=22050`;
  if (name === 'lesson-audio') return ['-f', 'lavfi', '-i', tone];
  return ['-f', 'lavfi', '-i', `testsrc2=size=480x270:rate=4:duration=${seconds}`, '-f', 'lavfi', '-i', tone];
}

function codecs(name: DemoMediaName): string[] {
  const audio = ['-c:a', 'aac', '-b:a', '24k', '-ac', '1'];
  if (name === 'lesson-audio') return audio;
  // A keyframe at every segment boundary, so each segment is exactly SEGMENT_SECONDS long.
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'baseline',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '38',
    '-g',
    String(4 * SEGMENT_SECONDS),
    '-keyint_min',
    String(4 * SEGMENT_SECONDS),
    '-sc_threshold',
    '0',
    ...audio,
  ];
}

/** The dir of a master, under the media dir and in the storage (media/<dir>/…): named by what made it. */
export function masterDir(name: DemoMediaName, seconds = MASTER_SECONDS): string {
  return `${name}-${VERSION}-${seconds}s`;
}

/** Makes (or finds) one master under `mediaDir`; `seconds` shorter than MASTER_SECONDS for tests. */
export async function makeDemoMedia(mediaDir: string, name: DemoMediaName, seconds = MASTER_SECONDS): Promise<MadeMedia> {
  const dir = masterDir(name, seconds);
  const target = path.join(mediaDir, dir);
  if (existsSync(path.join(target, PLAYLIST_FILE))) return { name, dir, durationSeconds: seconds };
  // Made aside and renamed into place: a crash or a second process never leaves half a package.
  const work = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  mkdirSync(work, { recursive: true });
  try {
    await run(
      ffmpegPath(),
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        ...inputs(name, seconds),
        ...codecs(name),
        '-shortest',
        '-f',
        'hls',
        '-hls_time',
        String(SEGMENT_SECONDS),
        '-hls_playlist_type',
        'vod',
        '-hls_segment_filename',
        path.join(work, 'seg%04d.ts'),
        path.join(work, PLAYLIST_FILE),
      ],
      { timeout: 10 * 60_000 },
    );
    try {
      renameSync(work, target);
    } catch {
      // Another process finished the same master first: use theirs (ours is removed below).
    }
    return { name, dir, durationSeconds: seconds };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export interface Segment {
  file: string;
  seconds: number;
}

/** The segments a master's playlist names, in order. */
export function parsePlaylist(text: string): Segment[] {
  const out: Segment[] = [];
  let seconds = 0;
  for (const line of text.split('\n')) {
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) seconds = Number(extinf[1]);
    else if (SEGMENT_FILE.test(line.trim())) out.push({ file: line.trim(), seconds });
  }
  return out;
}
