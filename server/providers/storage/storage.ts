/**
 * Where uploads go. The local-disk provider writes UPLOAD_DIR/YYYY/MM/<random>.<ext> and answers
 * the URL under which staticUploads.ts serves it; a cloud provider (OSS, COS) would implement the
 * same interface and answer its own URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Storage {
  /** Stores the bytes and answers the public URL. `ext` has no dot and is one of ours (never the user's file name). */
  put(buffer: Buffer, ext: string, contentType: string): Promise<string>;
}

export const UPLOADS_URL_PREFIX = '/static/uploads/';
/** YYYY/MM/<32 base64url chars>.<ext>: the only shape of path the static route serves. */
export const UPLOAD_PATH_PATTERN = /^(\d{4})\/(\d{2})\/([A-Za-z0-9_-]{32})\.([a-z0-9]{2,5})$/;

export class LocalDiskStorage implements Storage {
  constructor(readonly root: string) {}

  async put(buffer: Buffer, ext: string, _contentType: string): Promise<string> {
    if (!/^[a-z0-9]{2,5}$/.test(ext)) throw new Error(`bad extension ${ext}`);
    const now = new Date();
    const dir = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const relative = `${dir}/${randomBytes(24).toString('base64url')}.${ext}`;
    const target = path.join(this.root, relative);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename: a reader never sees half a file under the final name.
    const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
    await writeFile(partial, buffer, { flag: 'wx' });
    await rename(partial, target);
    return `${UPLOADS_URL_PREFIX}${relative}`;
  }
}
