/**
 * The site on an S3-compatible bucket (issue 20, point 2): two servers configured with STORAGE=s3
 * (a local s3rver, storage-localS3.ts) serve each other's uploads through /static/uploads, and a
 * course's HLS playlist and segments come from the bucket, encrypted by the server, with nothing
 * on either machine's disk.
 */
import { createDecipheriv } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerConfig } from '../../src/domain/learning/contract';
import { API_CALLS } from '../../src/domain/calls';
import { signDownload } from '../../server/catalog/downloads';
import { grantCourse } from '../../server/commerce/entitlements';
import { catalogues, classes, courses, coursewares, resources } from '../../server/db/schema';
import { prepareDemoMedia } from '../../server/learning/media/mediaAssets';
import { provideDemoMasters } from '../../server/learning/media/mediaStore';
import { createStorage } from '../../server/providers/services';
import type { Storage } from '../../server/providers/storage/storage';
import { mediaKey } from '../../server/providers/storage/storage';
import { ShiftableClock } from '../../server/shared/clock';
import { getSecrets } from '../../server/shared/secrets';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, secondServer, type TestApp } from './harness';
import { startLocalS3, type LocalS3 } from './storage-localS3';

const clock = new ShiftableClock();
let s3: LocalS3;
let t: TestApp;
let other: TestApp;
let bucket: Storage;

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ config: { storage: { kind: 's3', ...s3.settings } }, services: { clock } });
  other = await secondServer(t, { clock });
  bucket = createStorage(t.config);
}, 120_000);
afterAll(async () => {
  await other?.close();
  await t?.close();
  await s3?.close();
});

function png(width: number, height: number): Buffer {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').fillRect(0, 0, width, height);
  return canvas.toBuffer('image/png');
}

async function uploadAvatar(server: TestApp, token: string, bytes: Buffer): Promise<string> {
  const boundary = '----xuetu-storage-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="avatar.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await server.app.inject({
    method: 'POST',
    url: API_CALLS.uploadImage.path,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { url: string } }).data.url;
}

/** Files under a dir, recursively (none when it does not exist). */
const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe('uploads in the bucket', () => {
  it('an avatar uploaded to one server is served by both through /static/uploads, from the bucket, not the disk', async () => {
    const token = await loginAs(t.db, (await createUser(t.db)).id);
    const bytes = png(40, 30);
    const url = await uploadAvatar(t, token, bytes);
    expect(url).toMatch(/^\/static\/uploads\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{32}\.png$/);
    expect(await bucket.has(`uploads/${url.slice('/static/uploads/'.length)}`)).toBe(true);
    expect(filesUnder(t.config.uploadDir)).toEqual([]);

    for (const server of [t, other]) {
      const served = await server.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['content-length']).toBe(String(bytes.length));
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('the second server’s uploads are the first’s too; an unknown or malformed path is a 404', async () => {
    const token = await loginAs(other.db, (await createUser(other.db)).id);
    const bytes = png(12, 12);
    const url = await uploadAvatar(other, token, bytes);
    expect((await t.app.inject({ method: 'GET', url })).rawPayload.equals(bytes)).toBe(true);
    for (const missing of [
      '/static/uploads/2026/01/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png',
      '/static/uploads/../../package.json',
      '/static/uploads/2026/01/x.png',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: missing })).statusCode, missing).toBe(404);
    }
  });

  it('a study file stored in the bucket downloads through its signed link on either server', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% 学途资料\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const url = await bucket.put(pdf, 'pdf', 'application/pdf');
    const [resource] = await t.db
      .insert(resources)
      .values({ title: '一建经济公式速记.pdf', projectId: 1, fileType: 'pdf', fileUrl: url, sizeBytes: pdf.length, free: true })
      .returning();
    const { hmacKey } = await getSecrets(t.db);
    const link = signDownload(hmacKey, resource!.id, 1).url;
    for (const server of [t, other]) {
      const res = await server.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.equals(pdf)).toBe(true);
    }
    await bucket.delete(`uploads/${url.slice('/static/uploads/'.length)}`);
    const gone = await t.app.inject({ method: 'GET', url: link });
    expect(gone.statusCode, gone.body).toBe(404);
  });
});

/** HLS AES-128: CBC, the IV the segment's media sequence number. */
function decrypt(bytes: Buffer, key: Buffer, sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeUInt32BE(sequence, 12);
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(bytes), decipher.final()]);
}

describe('course media in the bucket', () => {
  let courseId = 0;
  let coursewareId = 0;
  let owner = '';
  let masterDir = '';

  beforeAll(async () => {
    const [project] = await t.db.insert(classes).values({ parentId: 0, name: '存储测试', code: 'storage-test', level: 1 }).returning();
    const [course] = await t.db
      .insert(courses)
      .values({ type: 'SYS', title: '桶里的课', cover: '/c.png', categoryId: project!.id, projectId: project!.id, priceCents: 100, intro: '' })
      .returning();
    courseId = course!.id;
    const [node] = await t.db.insert(catalogues).values({ courseId, name: '第一章' }).returning();
    const [ware] = await t.db
      .insert(coursewares)
      .values({ courseId: course!.id, catalogueId: node!.id, name: '付费视频', type: 'VIDEO', durationSeconds: 12 })
      .returning();
    coursewareId = ware!.id;
    // 24-second masters, made under this machine's media dir and put into the bucket.
    const made = await prepareDemoMedia(t.db, bucket, t.config.mediaDir, 24);
    masterDir = made.find((m) => m.name === 'lecture-video')!.dir;
    const user = await createUser(t.db);
    await grantCourse(t.db, { userId: user.id, courseId: course!.id, courseType: 'SYS', source: 'GIFT', start: clock.now(), validDays: 30 });
    owner = await loginAs(t.db, user.id);
    // From here on no machine has the media on its disk: only the bucket does.
    rmSync(t.config.mediaDir, { recursive: true, force: true });
  }, 120_000);

  it('puts each master in once: a machine that finds it in the bucket neither encodes nor uploads', async () => {
    expect(await bucket.has(mediaKey(masterDir, 'index.m3u8'))).toBe(true);
    expect(await bucket.has(mediaKey(masterDir, 'seg0003.ts'))).toBe(true);
    await provideDemoMasters(bucket, t.config.mediaDir, 24);
    expect(existsSync(t.config.mediaDir)).toBe(false);
  });

  it('both servers serve the playlist and encrypted segments read from the bucket', async () => {
    const res = await call(t, 'ccConfig', { token: owner, query: { courseId: String(courseId), coursewareId: String(coursewareId) } });
    expect(res.statusCode, res.body).toBe(200);
    const playlistUrl = (res.json() as { data: PlayerConfig }).data.url;
    const plain = (await bucket.read(mediaKey(masterDir, 'seg0001.ts')))!;

    for (const server of [t, other]) {
      // A URI of the playlist, resolved against the playlist's own path, fetched as the player would.
      const get = (uri: string) => {
        const resolved = new URL(uri, `http://x${playlistUrl}`);
        return server.app.inject({ method: 'GET', url: resolved.pathname + resolved.search, headers: { authorization: `Bearer ${owner}` } });
      };
      const playlist = await get(playlistUrl);
      expect(playlist.statusCode, playlist.body).toBe(200);
      const segments = playlist.body.split('\n').filter((line) => line.startsWith('seg'));
      // 12 seconds of a 24-second master: two segments.
      expect(segments).toHaveLength(2);
      const key = await get(/URI="([^"]+)"/.exec(playlist.body)![1]!);
      expect(key.statusCode).toBe(200);
      const segment = await get(segments[1]!);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.rawPayload.equals(plain)).toBe(false);
      expect(decrypt(segment.rawPayload, key.rawPayload, 1).equals(plain)).toBe(true);
    }
  });
});
