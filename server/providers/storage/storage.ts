/**
 * Where files live: every upload (avatars, feedback images, materials) and the plain course media
 * masters. One interface, two providers chosen by STORAGE (server/providers/services.ts):
 * LocalDiskStorage (localDisk.ts, the default: UPLOAD_DIR and MEDIA_DIR on this machine) and
 * S3Storage (s3.ts: any S3-compatible bucket, so several server machines share one store).
 *
 * Objects are named by keys of exactly two shapes, checked before any provider touches them:
 * - `uploads/YYYY/MM/<32 random base64url chars>.<ext>`, served at /static/uploads/YYYY/MM/… ;
 * - `media/<master dir>/<file>` (index.m3u8, seg0000.ts, …), read by the media route only.
 * The site serves both itself (server/plugins/staticUploads.ts, server/learning/media/mediaFiles.ts):
 * a bucket is never public, paid media leave the server encrypted per courseware.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CONTENT_TYPES } from './fileTypes';

/** An object as read: its bytes as a stream (read it or destroy it), how many, and their type. */
export interface StoredObject {
  body: Readable;
  size: number;
  contentType: string;
}

export interface Storage {
  /** True when reads cross the network (worth a small cache in front); false for this machine's disk. */
  readonly remote: boolean;
  /**
   * Stores an upload under a new random key and answers the URL the site serves it under
   * (/static/uploads/…). `ext` has no dot and is one of ours (never the user's file name).
   */
  put(buffer: Buffer, ext: string, contentType: string): Promise<string>;
  /** Stores (or replaces) the object at `key`; readers see the old bytes or the new, never half. */
  putObject(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object as a stream; null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The whole object; null when there is none. For small objects (playlists, segments). */
  read(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * A URL that reads the object directly from the backend for `expiresInSeconds`, for a CDN or a
   * download that should not pass through the server; null where the backend has none (local disk:
   * the server's own routes are the only way in).
   */
  signedUrl(key: string, expiresInSeconds: number): Promise<string | null>;
}

/** A provider's failure (the bucket answered an error, or could not be reached). */
export class StorageError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export const UPLOADS_URL_PREFIX = '/static/uploads/';
export const UPLOADS_KEY_PREFIX = 'uploads/';
export const MEDIA_KEY_PREFIX = 'media/';
/** YYYY/MM/<32 base64url chars>.<ext>: the only shape of path the static route serves (after /static/uploads/). */
export const UPLOAD_PATH_PATTERN = /^(\d{4})\/(\d{2})\/([A-Za-z0-9_-]{32})\.([a-z0-9]{2,5})$/;
/** A master's dir and one of its files: letters, digits, '.', '_' and '-', starting with a letter or digit (no '..', no dotfile). */
const MEDIA_PATH_PATTERN = /^([A-Za-z0-9][A-Za-z0-9._-]{0,99})\/([A-Za-z0-9][A-Za-z0-9._-]{0,99})$/;
/** Longest S3 presigned lifetime (SigV4 allows one week). */
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600;

export type KeyArea = 'uploads' | 'media';

/** Which area a key belongs to and its path inside it; throws for any other shape (a bug, never user input reaching here). */
export function parseKey(key: string): { area: KeyArea; path: string } {
  if (key.startsWith(UPLOADS_KEY_PREFIX) && UPLOAD_PATH_PATTERN.test(key.slice(UPLOADS_KEY_PREFIX.length))) {
    return { area: 'uploads', path: key.slice(UPLOADS_KEY_PREFIX.length) };
  }
  if (key.startsWith(MEDIA_KEY_PREFIX) && MEDIA_PATH_PATTERN.test(key.slice(MEDIA_KEY_PREFIX.length))) {
    return { area: 'media', path: key.slice(MEDIA_KEY_PREFIX.length) };
  }
  throw new StorageError(`not a storage key: ${JSON.stringify(key)}`);
}

/** A fresh upload key, dated by `now` (UTC) like the disk layout has always been. */
export function newUploadKey(ext: string, now: Date): string {
  if (!/^[a-z0-9]{2,5}$/.test(ext)) throw new StorageError(`bad extension ${ext}`);
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${UPLOADS_KEY_PREFIX}${month}/${randomBytes(24).toString('base64url')}.${ext}`;
}

/** The URL an upload key is served under. */
export function uploadUrl(key: string): string {
  return `${UPLOADS_URL_PREFIX}${parseKey(key).path}`;
}

/** The key of a path under /static/uploads/; null for anything the static route must not serve. */
export function uploadKeyOfPath(pathAfterPrefix: string): string | null {
  return UPLOAD_PATH_PATTERN.test(pathAfterPrefix) ? `${UPLOADS_KEY_PREFIX}${pathAfterPrefix}` : null;
}

/** The key of a file of a media master. */
export function mediaKey(dir: string, file: string): string {
  const key = `${MEDIA_KEY_PREFIX}${dir}/${file}`;
  parseKey(key);
  return key;
}

const MEDIA_CONTENT_TYPES: Readonly<Record<string, string>> = { m3u8: 'application/vnd.apple.mpegurl', ts: 'video/mp2t' };

/** The type a stored object is served as, from its key's extension (the disk keeps no types). */
export function contentTypeOfKey(key: string): string {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1] ?? '';
  return CONTENT_TYPES[ext] ?? MEDIA_CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
