/**
 * Protected course media (issue 11, point 6): real HLS made by ffmpeg with AES-128 segments,
 * playlists signed for one user and expiring, the key only for an owner (an audition's for anyone).
 */
import { createDecipheriv } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerConfig } from '../../src/domain/learning/contract';
import { MEDIA_URL_TTL_SECONDS } from '../../src/domain/learning/limits';
import { LEARNING_TEXTS } from '../../src/domain/learning/texts';
import { grantCourse } from '../../server/commerce/ownership.queries';
import { catalogues, classes, courses, coursewares } from '../../server/db/schema';
import { prepareDemoMedia } from '../../server/learning/media/mediaAssets';
import { ShiftableClock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

const clock = new ShiftableClock();
let t: TestApp;
let courseId = 0;
const ware: Record<'paid' | 'audition' | 'audio' | 'ebook', number> = { paid: 0, audition: 0, audio: 0, ebook: 0 };
let owner = '';
let ownerId = 0;
let stranger = '';

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

async function config(coursewareId: number, token?: string) {
  return call(t, 'ccConfig', { ...(token ? { token } : {}), query: { courseId: String(courseId), coursewareId: String(coursewareId) } });
}

async function playerUrl(coursewareId: number, token?: string): Promise<string> {
  const res = await config(coursewareId, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: PlayerConfig }).data.url;
}

/** A URI of the playlist, resolved against the playlist's own path. */
function resolve(playlistUrl: string, uri: string): string {
  return new URL(uri, `http://x${playlistUrl}`).pathname + new URL(uri, `http://x${playlistUrl}`).search;
}

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  const [project] = await t.db.insert(classes).values({ parentId: 0, name: '媒体测试', code: 'media-test', level: 1 }).returning();
  const [course] = await t.db
    .insert(courses)
    .values({ type: 'SYS', title: '媒体课', cover: '/c.png', categoryId: project!.id, projectId: project!.id, priceCents: 100, intro: '' })
    .returning();
  courseId = course!.id;
  const [node] = await t.db.insert(catalogues).values({ courseId, name: '第一章' }).returning();
  const add = async (name: string, type: string, duration: number, freeAudition = false) => {
    const [row] = await t.db.insert(coursewares).values({ courseId, catalogueId: node!.id, name, type, durationSeconds: duration, freeAudition }).returning();
    return row!.id;
  };
  ware.paid = await add('付费视频', 'VIDEO', 18);
  ware.audition = await add('试听视频', 'VIDEO', 12, true);
  ware.audio = await add('音频', 'AUDIO', 12);
  ware.ebook = await add('讲义', 'EBOOK', 0);
  // 24-second masters: the same commands as the demo's 90-minute ones, made in a second or two.
  await prepareDemoMedia(t.db, t.config.mediaDir, 24);
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
    expect(segment.rawPayload[0]).not.toBe(0x47);
    // HLS AES-128: CBC, the IV the segment's sequence number when the playlist gives none.
    const iv = Buffer.alloc(16);
    iv.writeUInt32BE(1, 12);
    const decipher = createDecipheriv('aes-128-cbc', key.rawPayload, iv);
    const plain = Buffer.concat([decipher.update(segment.rawPayload), decipher.final()]);
    expect(plain.length % 188).toBe(0);
    for (let at = 0; at < plain.length; at += 188) expect(plain[at]).toBe(0x47);
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
