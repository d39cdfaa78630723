/**
 * Storage behind the providers interface (issue 20, point 2): the same contract on this machine's
 * disk and in an S3-compatible bucket (a local s3rver started here, behind a front that checks
 * signatures as a private bucket does: storage-localS3.ts); presigned links that fetch the bytes
 * until they expire or are altered; STORAGE and S3_* read by the config.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { MasterReader } from '../../server/learning/media/mediaStore';
import { createStorage } from '../../server/providers/services';
import { LocalDiskStorage } from '../../server/providers/storage/localDisk';
import { S3Storage } from '../../server/providers/storage/s3';
import { mediaKey, type Storage, UPLOADS_KEY_PREFIX, UPLOADS_URL_PREFIX } from '../../server/providers/storage/storage';
import { startLocalS3, type LocalS3 } from './storage-localS3';

let s3: LocalS3;
let tmpDir = '';
const providers: Record<'local disk' | 'S3', Storage> = {} as Record<'local disk' | 'S3', Storage>;

beforeAll(async () => {
  s3 = await startLocalS3();
  tmpDir = mkdtempSync(path.join(os.tmpdir(), 'xt-storage-'));
  providers['local disk'] = new LocalDiskStorage({ uploadDir: path.join(tmpDir, 'uploads'), mediaDir: path.join(tmpDir, 'media') });
  providers.S3 = new S3Storage(s3.settings);
});
afterAll(async () => {
  await s3.close();
  rmSync(tmpDir, { recursive: true, force: true });
});

const keyOfUrl = (url: string): string => UPLOADS_KEY_PREFIX + url.slice(UPLOADS_URL_PREFIX.length);

async function streamed(storage: Storage, key: string): Promise<{ bytes: Buffer; size: number; contentType: string } | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), size: object.size, contentType: object.contentType };
}

describe.each(['local disk', 'S3'] as const)('the storage contract on %s', (name) => {
  const storage = () => providers[name];

  it('puts an upload under a new random key and answers the URL the site serves it under', async () => {
    const bytes = Buffer.from('\x89PNG not really, but bytes');
    const url = await storage().put(bytes, 'png', 'image/png');
    expect(url).toMatch(/^\/static\/uploads\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{32}\.png$/);
    const key = keyOfUrl(url);
    expect(await storage().has(key)).toBe(true);
    expect((await storage().read(key))?.equals(bytes)).toBe(true);
    const object = await streamed(storage(), key);
    expect(object).toMatchObject({ size: bytes.length, contentType: 'image/png' });
    expect(object?.bytes.equals(bytes)).toBe(true);
    // Never the same key twice.
    expect(await storage().put(bytes, 'png', 'image/png')).not.toBe(url);
  });

  it('stores media files by key, replaces them whole, and deletes them', async () => {
    const key = mediaKey('lecture-video-test', 'seg0000.ts');
    await storage().putObject(key, Buffer.from('first'), 'video/mp2t');
    await storage().putObject(key, Buffer.from('second version'), 'video/mp2t');
    expect((await storage().read(key))?.toString()).toBe('second version');
    expect((await streamed(storage(), key))?.contentType).toBe('video/mp2t');
    await storage().delete(key);
    expect(await storage().has(key)).toBe(false);
    expect(await storage().read(key)).toBeNull();
    expect(await storage().get(key)).toBeNull();
    // Deleting what is not there is not an error.
    await expect(storage().delete(key)).resolves.toBeUndefined();
  });

  it('answers null for a key it never stored, and refuses a key of any other shape', async () => {
    const missing = 'uploads/2026/01/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png';
    expect(await storage().read(missing)).toBeNull();
    expect(await storage().get(missing)).toBeNull();
    expect(await storage().has(missing)).toBe(false);
    for (const bad of [
      'uploads/../../etc/passwd',
      'media/../x/y',
      'media/.hidden/index.m3u8',
      'other/2026/01/x.png',
      '/uploads/2026/01/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png',
    ]) {
      await expect(storage().read(bad), bad).rejects.toThrow(/not a storage key/);
    }
    await expect(storage().put(Buffer.from('x'), '../x', 'text/plain')).rejects.toThrow(/bad extension/);
  });
});

describe('the local disk keeps the layout it always had', () => {
  it('writes uploads to UPLOAD_DIR/YYYY/MM and reads media from MEDIA_DIR/<dir>', async () => {
    const local = providers['local disk'] as LocalDiskStorage;
    const url = await local.put(Buffer.from('old layout'), 'pdf', 'application/pdf');
    expect(readFileSync(path.join(tmpDir, 'uploads', url.slice(UPLOADS_URL_PREFIX.length)), 'utf8')).toBe('old layout');
    await local.putObject(mediaKey('m-v2-24s', 'index.m3u8'), Buffer.from('#EXTM3U\n'), 'application/vnd.apple.mpegurl');
    expect(existsSync(path.join(tmpDir, 'media', 'm-v2-24s', 'index.m3u8'))).toBe(true);
    // The disk has no direct links: the server's routes are the way in.
    expect(await local.signedUrl(keyOfUrl(url), 60)).toBeNull();
  });
});

describe('S3 presigned links', () => {
  it('fetch the bytes straight from the bucket while they live', async () => {
    const bytes = Buffer.from('signed bytes');
    const key = keyOfUrl(await providers.S3.put(bytes, 'pdf', 'application/pdf'));
    const url = (await providers.S3.signedUrl(key, 60))!;
    expect(url).toMatch(/X-Amz-Expires=60&.*X-Amz-Signature=[0-9a-f]{64}/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('are refused once expired: signed two hours ago for one minute', async () => {
    const key = keyOfUrl(await providers.S3.put(Buffer.from('x'), 'png', 'image/png'));
    const past = new S3Storage(s3.settings, { now: () => new Date(Date.now() - 2 * 3600_000) });
    const res = await fetch((await past.signedUrl(key, 60))!);
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/expired/);
  });

  it('are refused when altered: another signature, another object, a longer life, or no signature at all', async () => {
    const key = keyOfUrl(await providers.S3.put(Buffer.from('mine'), 'png', 'image/png'));
    const other = keyOfUrl(await providers.S3.put(Buffer.from('theirs'), 'png', 'image/png'));
    const url = new URL((await providers.S3.signedUrl(key, 60))!);
    const altered = [
      url.toString().replace(/X-Amz-Signature=(.)/, (_m, c: string) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`),
      url.toString().replace(key, other),
      url.toString().replace('X-Amz-Expires=60', 'X-Amz-Expires=86400'),
      `${url.origin}${url.pathname}`,
    ];
    for (const link of altered) expect((await fetch(link)).status, link).toBe(403);
    expect((await fetch(url)).status).toBe(200);
  });

  it('live at most a week and at least a second', async () => {
    await expect(providers.S3.signedUrl('uploads/2026/01/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png', 0)).rejects.toThrow(/1 to 604800/);
    await expect(providers.S3.signedUrl('uploads/2026/01/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png', 604801)).rejects.toThrow(/1 to 604800/);
  });

  it('a wrong secret is refused by the bucket, with its status and code, never the secret', async () => {
    const wrong = new S3Storage({ ...s3.settings, secretAccessKey: 'not-the-secret' });
    const failure = await wrong.putObject(mediaKey('x', 'index.m3u8'), Buffer.from('x'), 'text/plain').catch((err: unknown) => err as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^S3 PUT media\/x\/index\.m3u8: 403 AccessDenied$/);
  });
});

describe('the media route reads masters through the storage', () => {
  it('keeps the segment list once read, and with remote storage the latest segments up to a byte budget', async () => {
    const reads: string[] = [];
    const counting: Storage = Object.assign(Object.create(providers.S3) as Storage, {
      read: (key: string) => {
        reads.push(key);
        return providers.S3.read(key);
      },
    });
    await providers.S3.putObject(
      mediaKey('cached', 'index.m3u8'),
      Buffer.from('#EXTM3U\n#EXTINF:6.000,\nseg0000.ts\n#EXTINF:4.500,\nseg0001.ts\n'),
      'application/vnd.apple.mpegurl',
    );
    await providers.S3.putObject(mediaKey('cached', 'seg0000.ts'), Buffer.alloc(60, 1), 'video/mp2t');
    await providers.S3.putObject(mediaKey('cached', 'seg0001.ts'), Buffer.alloc(60, 2), 'video/mp2t');
    // Room for one 60-byte segment.
    const reader = new MasterReader(counting, 100);
    expect(await reader.segments('cached')).toEqual([
      { file: 'seg0000.ts', seconds: 6 },
      { file: 'seg0001.ts', seconds: 4.5 },
    ]);
    await reader.segments('cached');
    expect((await reader.segment('cached', 'seg0000.ts'))?.[0]).toBe(1);
    expect((await reader.segment('cached', 'seg0000.ts'))?.[0]).toBe(1);
    expect((await reader.segment('cached', 'seg0001.ts'))?.[0]).toBe(2);
    // seg0001 pushed seg0000 out.
    await reader.segment('cached', 'seg0000.ts');
    expect(reads).toEqual(['media/cached/index.m3u8', 'media/cached/seg0000.ts', 'media/cached/seg0001.ts', 'media/cached/seg0000.ts']);
    // A master not (yet) in the storage is not remembered as missing.
    expect(await reader.segments('later')).toBeNull();
    await providers.S3.putObject(mediaKey('later', 'index.m3u8'), Buffer.from('#EXTM3U\n'), 'application/vnd.apple.mpegurl');
    expect(await reader.segments('later')).toEqual([]);
    // The local disk is the OS's to cache: nothing is kept in memory.
    expect(new MasterReader(providers['local disk'])['cacheBytes']).toBe(0);
  });
});

describe('S3 object URLs', () => {
  it('are path style when S3_FORCE_PATH_STYLE says so, else the bucket is in the host name', () => {
    const settings = { ...s3.settings, endpoint: 'https://s3.ap-east-1.amazonaws.com', region: 'ap-east-1', bucket: 'xt-media' };
    const key = mediaKey('d', 'seg0001.ts');
    expect(new S3Storage({ ...settings, forcePathStyle: false }).objectUrl(key).toString()).toBe(
      'https://xt-media.s3.ap-east-1.amazonaws.com/media/d/seg0001.ts',
    );
    expect(new S3Storage({ ...settings, forcePathStyle: true }).objectUrl(key).toString()).toBe(
      'https://s3.ap-east-1.amazonaws.com/xt-media/media/d/seg0001.ts',
    );
  });
});

describe('STORAGE in the config', () => {
  const s3Env = { STORAGE: 's3', S3_BUCKET: 'xt-files', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' };

  it('is the local disk by default, and the bucket with STORAGE=s3', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(loadConfig(s3Env).storage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.us-east-1.amazonaws.com',
      region: 'us-east-1',
      bucket: 'xt-files',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3Env, S3_ENDPOINT: 'http://minio.internal:9000/', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'TRUE' }).storage).toMatchObject({
      endpoint: 'http://minio.internal:9000',
      region: 'auto',
      forcePathStyle: true,
    });
    expect(createStorage(loadConfig(s3Env))).toBeInstanceOf(S3Storage);
    expect(createStorage(loadConfig({}))).toBeInstanceOf(LocalDiskStorage);
  });

  it('refuses a setting that cannot work, naming it', () => {
    const cases: [NodeJS.ProcessEnv, RegExp][] = [
      [{ STORAGE: 'oss' }, /STORAGE 无效.*use local or s3/],
      [{ STORAGE: 's3' }, /missing settings\): S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/],
      [{ ...s3Env, S3_SECRET_ACCESS_KEY: '' }, /missing settings\): S3_SECRET_ACCESS_KEY$/],
      [{ ...s3Env, S3_BUCKET: 'Xt_Files' }, /S3_BUCKET 无效/],
      [{ ...s3Env, S3_REGION: 'us east' }, /S3_REGION 无效/],
      [{ ...s3Env, S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT 无效/],
      [{ ...s3Env, S3_ENDPOINT: 'https://s3.example.com/bucket' }, /S3_ENDPOINT 无效.*no path/],
      [{ ...s3Env, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE 无效/],
    ];
    for (const [env, message] of cases) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });
});
