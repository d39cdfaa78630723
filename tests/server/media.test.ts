/**
 * Protected course media (issue 11, point 6): real HLS made by ffmpeg, AES-128 segments,
 * playlists signed for one user and expiring, the key only for an owner (an audition's for anyone).
 * Issue 17, point 6: every courseware has a key of its own, even where coursewares share a master
 * (the demo's), so a free audition's key opens no paid lesson.
 */
import { createDecipheriv } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, gt, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseType } from '../../src/domain/catalog/contract';
import type { PlayerConfig } from '../../src/domain/learning/contract';
import { MEDIA_URL_TTL_SECONDS } from '../../src/domain/learning/limits';
import { LEARNING_TEXTS } from '../../src/domain/learning/texts';
import { grantCourse } from '../../server/commerce/entitlements';
import { courses, coursewares } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import type { MadeMedia } from '../../server/learning/media/demoMedia';
import { prepareDemoMedia } from '../../server/learning/media/mediaAssets';
import { createStorage } from '../../server/providers/services';
import { ShiftableClock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';
import { testCourse } from './learning-fixtures';

const clock = new ShiftableClock();
let t: TestApp;
let courseId = 0;
const ware: Record<'paid' | 'audition' | 'audio' | 'ebook' | 'untouched', number> = { paid: 0, audition: 0, audio: 0, ebook: 0, untouched: 0 };
let owner = '';
let ownerId = 0;
let stranger = '';
let masters: MadeMedia[] = [];

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

async function config(coursewareId: number, token?: string, ofCourse = courseId) {
  return call(t, 'ccConfig', { ...(token ? { token } : {}), query: { courseId: String(ofCourse), coursewareId: String(coursewareId) } });
}

async function playerUrl(coursewareId: number, token?: string, ofCourse = courseId): Promise<string> {
  const res = await config(coursewareId, token, ofCourse);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: PlayerConfig }).data.url;
}

/** The key the courseware's playlist names, fetched as the player would. */
async function keyOf(playlistUrl: string, token?: string): Promise<Buffer> {
  const playlist = await get(playlistUrl, token);
  expect(playlist.statusCode, playlist.body).toBe(200);
  const key = await get(resolve(playlistUrl, /URI="([^"]+)"/.exec(playlist.body)![1]!), token);
  expect(key.statusCode, key.body).toBe(200);
  expect(key.rawPayload).toHaveLength(16);
  return key.rawPayload;
}

/** A segment of the courseware's playlist, fetched as the player would. */
async function segmentOf(playlistUrl: string, index: number, token?: string): Promise<Buffer> {
  const playlist = await get(playlistUrl, token);
  const uri = playlist.body.split('\n').filter((l) => l.startsWith('seg'))[index]!;
  const segment = await get(resolve(playlistUrl, uri), token);
  expect(segment.statusCode, segment.body).toBe(200);
  expect(segment.headers['content-type']).toBe('video/mp2t');
  return segment.rawPayload;
}

/** HLS AES-128 decryption: CBC, the IV the segment's media sequence number when the playlist names none. */
function decrypt(bytes: Buffer, key: Buffer, sequence: number, padding = true): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeUInt32BE(sequence, 12);
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  decipher.setAutoPadding(padding);
  return Buffer.concat([decipher.update(bytes), decipher.final()]);
}

/** MPEG-TS: whole 188-byte packets, each starting with the sync byte 0x47. */
function isTransportStream(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes.length % 188 !== 0) return false;
  for (let at = 0; at < bytes.length; at += 188) if (bytes[at] !== 0x47) return false;
  return true;
}

/** A segment of the lecture master as it lies on disk, before the server encrypts it. */
function plainSegment(file: string): Buffer {
  const master = masters.find((m) => m.name === 'lecture-video')!;
  return readFileSync(path.join(t.config.mediaDir, master.dir, file));
}

/** A URI of the playlist, resolved against the playlist's own path. */
function resolve(playlistUrl: string, uri: string): string {
  return new URL(uri, `http://x${playlistUrl}`).pathname + new URL(uri, `http://x${playlistUrl}`).search;
}

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  // The demo first (seeding clears the content tables), then this file's own course beside it.
  await seedDatabase(t.db);
  const course = await testCourse(t.db, { name: '媒体测试', code: 'media-test' });
  courseId = course.id;
  const add = (name: string, type: string, duration: number, freeAudition = false) => course.add({ name, type, duration, freeAudition });
  ware.paid = await add('付费视频', 'VIDEO', 18);
  ware.audition = await add('试听视频', 'VIDEO', 12, true);
  ware.audio = await add('音频', 'AUDIO', 12);
  ware.ebook = await add('讲义', 'EBOOK', 0);
  ware.untouched = await add('无人看过的视频', 'VIDEO', 12);
  // 24-second masters: the same commands as the demo's 90-minute ones, made in a second or two.
  masters = await prepareDemoMedia(t.db, createStorage(t.config), t.config.mediaDir, 24);
  const user = await createUser(t.db);
  ownerId = user.id;
  await grantCourse(t.db, { userId: user.id, courseId, courseType: 'SYS', source: 'GIFT', start: clock.now(), validDays: 30 });
  owner = await loginAs(t.db, user.id);
  stranger = await loginAs(t.db, (await createUser(t.db)).id);
}, 120_000);
afterAll(() => t.close());

describe('the player config and the protected HLS', () => {
  it("gives an owner a playlist cut to the courseware's length whose key decrypts its segments", async () => {
    const url = await playerUrl(ware.paid, owner);
    expect(url).toMatch(new RegExp(`^/media/${ware.paid}/index\\.m3u8\\?uid=${ownerId}&exp=\\d+&sig=`));
    const playlist = await get(url, owner);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toMatch(/mpegurl/);
    const lines = playlist.body.split('\n');
    const segments = lines.filter((l) => l.startsWith('seg'));
    expect(segments).toHaveLength(3);
    expect(lines).toContain('#EXT-X-ENDLIST');
    const keyUri = /URI="([^"]+)"/.exec(playlist.body)![1]!;

    const key = await get(resolve(url, keyUri), owner);
    expect(key.statusCode).toBe(200);
    expect(key.headers['cache-control']).toMatch(/no-store/);
    expect(key.rawPayload).toHaveLength(16);
    const segment = await get(resolve(url, segments[1]!), owner);
    expect(segment.statusCode).toBe(200);
    // The master's segment is MPEG-TS; what is served is not, and the key turns it back into exactly that segment.
    const plain = plainSegment('seg0001.ts');
    expect(isTransportStream(plain)).toBe(true);
    expect(segment.rawPayload.equals(plain)).toBe(false);
    expect(isTransportStream(segment.rawPayload)).toBe(false);
    expect(decrypt(segment.rawPayload, key.rawPayload, 1).equals(plain)).toBe(true);
  });

  it("refuses the owner's link to anyone else, a visitor and a non-owner the paid courseware", async () => {
    const url = await playerUrl(ware.paid, owner);
    expect((await get(url, stranger)).statusCode).toBe(403);
    expect((await get(url)).statusCode).toBe(403);
    const keyUrl = url.replace('index.m3u8', 'key');
    expect((await get(keyUrl, stranger)).statusCode).toBe(403);
    const denied = await config(ware.paid, stranger);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBe(LEARNING_TEXTS.notOwned);
    expect((await config(ware.paid)).statusCode).toBe(403);
  });

  it('refuses a tampered, an expired or a missing signature, and a lapsed owner the key', async () => {
    const url = await playerUrl(ware.paid, owner);
    const tampered = url.slice(0, -1) + (url.endsWith('A') ? 'B' : 'A');
    expect((await get(tampered, owner)).statusCode).toBe(403);
    expect((await get(url.replace(`uid=${ownerId}`, 'uid=0'), owner)).statusCode).toBe(403);
    expect((await get(`/media/${ware.paid}/seg0000.ts`, owner)).statusCode).toBe(403);

    const fresh = await playerUrl(ware.paid, owner);
    clock.advance((MEDIA_URL_TTL_SECONDS + 1) * 1000);
    const expired = await get(fresh, owner);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().msg).toBe(LEARNING_TEXTS.mediaLinkInvalid);

    const lapsed = await createUser(t.db);
    await grantCourse(t.db, { userId: lapsed.id, courseId, courseType: 'SYS', source: 'GIFT', start: clock.now(), validDays: 1 });
    const token = await loginAs(t.db, lapsed.id);
    const link = await playerUrl(ware.paid, token);
    clock.advance(2 * 86_400_000 - (MEDIA_URL_TTL_SECONDS + 60) * 1000);
    // Still a valid link by its signature, but the course is no longer theirs: no key.
    const key = await get(link.replace('index.m3u8', 'key'), token);
    expect(key.statusCode).toBe(403);
  });

  it("gives anyone a free audition's playlist and key, with a visitor's link", async () => {
    const url = await playerUrl(ware.audition);
    expect(url).toContain('uid=0');
    const playlist = await get(url);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.body.split('\n').filter((l) => l.startsWith('seg'))).toHaveLength(2);
    const key = await get(url.replace('index.m3u8', 'key'));
    expect(key.rawPayload).toHaveLength(16);
  });

  it('plays audio as audio and shows an e-book courseware as an inline PDF', async () => {
    const audio = (await config(ware.audio, owner)).json() as { data: PlayerConfig };
    expect(audio.data.kind).toBe('audio');
    expect((await get(audio.data.url, owner)).statusCode).toBe(200);
    const ebook = (await config(ware.ebook, owner)).json() as { data: PlayerConfig };
    expect(ebook.data.kind).toBe('pdf');
    const pdf = await get(ebook.data.url, owner);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('a key of its own for every courseware (issue 17, point 6)', () => {
  it("gives a free audition and a paid lesson of the same master different keys: the audition's opens no paid segment", async () => {
    const paidUrl = await playerUrl(ware.paid, owner);
    const auditionUrl = await playerUrl(ware.audition);
    const paidKey = await keyOf(paidUrl, owner);
    const auditionKey = await keyOf(auditionUrl);
    expect(auditionKey.equals(paidKey)).toBe(false);
    // The same key again on a later request: made once, then kept.
    expect((await keyOf(await playerUrl(ware.paid, owner), owner)).equals(paidKey)).toBe(true);

    const paidSegment = await segmentOf(paidUrl, 0, owner);
    const plain = plainSegment('seg0000.ts');
    expect(decrypt(paidSegment, paidKey, 0).equals(plain)).toBe(true);
    // The audition's key, without the padding check (a wrong key may leave valid-looking padding): no TS, not the lesson.
    const tried = decrypt(paidSegment, auditionKey, 0, false);
    expect(isTransportStream(tried)).toBe(false);
    expect(tried.subarray(0, plain.length).equals(plain)).toBe(false);

    // The audition's segment, the same bytes of the master, goes out under the audition's key.
    const auditionSegment = await segmentOf(auditionUrl, 0);
    expect(decrypt(auditionSegment, auditionKey, 0).equals(plain)).toBe(true);
    expect(auditionSegment.equals(paidSegment)).toBe(false);
  });

  it("makes a courseware's key once, even when its key and a segment are first asked for together", async () => {
    const url = await playerUrl(ware.untouched, owner);
    const playlist = await get(url, owner);
    const segmentUri = playlist.body.split('\n').find((l) => l.startsWith('seg0000.ts'))!;
    const [key, segment] = await Promise.all([get(url.replace('index.m3u8', 'key'), owner), get(resolve(url, segmentUri), owner)]);
    expect(key.statusCode).toBe(200);
    expect(segment.statusCode).toBe(200);
    expect(decrypt(segment.rawPayload, key.rawPayload, 0).equals(plainSegment('seg0000.ts'))).toBe(true);
    expect((await keyOf(url, owner)).equals(key.rawPayload)).toBe(true);
  });

  it('gives every timed courseware of the demo a key of its own', async () => {
    const student = await createUser(t.db);
    const token = await loginAs(t.db, student.id);
    const demoCourses = await t.db
      .select({ id: courses.id, type: courses.type })
      .from(courses)
      .where(and(ne(courses.type, 'PACK'), ne(courses.id, courseId)));
    for (const course of demoCourses) {
      await grantCourse(t.db, {
        userId: student.id,
        courseId: course.id,
        courseType: course.type as CourseType,
        source: 'GIFT',
        start: clock.now(),
        validDays: 30,
      });
    }
    const timed = await t.db
      .select({ id: coursewares.id, courseId: coursewares.courseId, freeAudition: coursewares.freeAudition })
      .from(coursewares)
      .where(
        and(
          inArray(
            coursewares.courseId,
            demoCourses.map((c) => c.id),
          ),
          inArray(coursewares.type, ['VIDEO', 'AUDIO', 'LIVE']),
          gt(coursewares.durationSeconds, 0),
        ),
      );
    expect(timed.filter((w) => w.freeAudition).length).toBeGreaterThan(0);
    expect(timed.filter((w) => !w.freeAudition).length).toBeGreaterThan(0);
    const keys = new Map<string, number>();
    for (const w of timed) {
      const key = (await keyOf(await playerUrl(w.id, token, w.courseId), token)).toString('hex');
      expect(keys.get(key), `courseware ${w.id} has the key of courseware ${keys.get(key)}`).toBeUndefined();
      keys.set(key, w.id);
    }
    expect(keys.size).toBe(timed.length);
  }, 60_000);
});
