/**
 * The default storage: this machine's disk, laid out as it always was, so existing data keeps
 * working: uploads at UPLOAD_DIR/YYYY/MM/<random>.<ext>, media masters at MEDIA_DIR/<dir>/<file>.
 * Fine for one server machine (or several processes of one, WORKERS); several machines need a
 * shared store (s3.ts).
 */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { contentTypeOfKey, newUploadKey, parseKey, type Storage, type StoredObject, uploadUrl } from './storage';

export interface LocalDiskRoots {
  uploadDir: string;
  mediaDir: string;
}

const isMissing = (err: unknown): boolean => (err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR';

export class LocalDiskStorage implements Storage {
  readonly remote = false;
  private readonly roots: Record<'uploads' | 'media', string>;

  constructor({ uploadDir, mediaDir }: LocalDiskRoots) {
    this.roots = { uploads: path.resolve(uploadDir), media: path.resolve(mediaDir) };
  }

  /** The file of a key; parseKey admits no '..', no absolute path, no dotfile. */
  fileOf(key: string): string {
    const { area, path: relative } = parseKey(key);
    return path.join(this.roots[area], relative);
  }

  async put(buffer: Buffer, ext: string, contentType: string): Promise<string> {
    const key = newUploadKey(ext, new Date());
    await this.putObject(key, buffer, contentType);
    return uploadUrl(key);
  }

  async putObject(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const target = this.fileOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename: a reader never sees half a file under the final name.
    const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
    await writeFile(partial, bytes, { flag: 'wx' });
    await rename(partial, target);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.fileOf(key);
    const info = await stat(file).catch((err: unknown) => {
      if (isMissing(err)) return null;
      throw err;
    });
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), size: info.size, contentType: contentTypeOfKey(key) };
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.fileOf(key));
    } catch (err) {
      if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    const info = await stat(this.fileOf(key)).catch(() => null);
    return info?.isFile() ?? false;
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileOf(key), { force: true });
  }

  /** No direct way in: the server's routes serve what is on its disk. */
  signedUrl(_key: string, _expiresInSeconds: number): Promise<string | null> {
    return Promise.resolve(null);
  }
}
