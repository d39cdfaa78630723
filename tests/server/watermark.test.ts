/**
 * The watermark in the player config (issue 24) on the real database: a paid video or audio
 * lesson's config names its owner (the masked mobile; 学员 <id> without one); a free audition,
 * a handout and a non-owner get none; the site setting protect.watermark turns it off and on,
 * on the next config asked (the public cache hears the change).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerConfig } from '../../src/domain/learning/contract';
import { SITE_SETTING_KEYS } from '../../src/domain/site/settings';
import { grantCourse } from '../../server/commerce/entitlements';
import { siteParams } from '../../server/db/schema';
import { registerMedia } from '../../server/learning/media/mediaAssets';
import { ShiftableClock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';
import { testCourse } from './learning-fixtures';

const clock = new ShiftableClock();
let t: TestApp;
let courseId = 0;
const ware = { video: 0, audio: 0, audition: 0, ebook: 0 };
let owner = { token: '', id: 0, mobile: '' };
let stranger = '';

async function config(coursewareId: number, token?: string): Promise<PlayerConfig> {
  const res = await call(t, 'ccConfig', { ...(token ? { token } : {}), query: { courseId: String(courseId), coursewareId: String(coursewareId) } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: PlayerConfig }).data;
}

async function owning(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, fields);
  await grantCourse(t.db, { userId: user.id, courseId, courseType: 'SYS', source: 'GIFT', start: clock.now(), validDays: 30 });
  return { token: await loginAs(t.db, user.id), id: user.id, mobile: user.mobile ?? '' };
}

/**
 * Polls until the owner's config carries `expected`: a setting reaches the config once the change
 * feed has emptied the cache, promptly but not at the instant of the write. Bounded far below the
 * cache's own expiry (5 min), so only the feed can make it pass.
 */
async function eventuallyWatermark(expected: PlayerConfig['watermark']): Promise<void> {
  const started = Date.now();
  for (;;) {
    const { watermark } = await config(ware.video, owner.token);
    if (JSON.stringify(watermark) === JSON.stringify(expected)) return;
    if (Date.now() - started > 30_000) {
      expect(watermark).toEqual(expected);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function setWatermarkSetting(value: string): Promise<void> {
  await t.db
    .insert(siteParams)
    .values({ key: SITE_SETTING_KEYS.watermark, value, remark: '付费课件水印' })
    .onConflictDoUpdate({ target: siteParams.key, set: { value } });
}

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  // The cache keeps answers only while its change feed listens: as in a running server.
  await t.app.ready();
  const course = await testCourse(t.db, { name: '水印测试', code: 'watermark-test' });
  courseId = course.id;
  const add = (name: string, type: string, duration: number, freeAudition = false) => course.add({ name, type, duration, freeAudition });
  ware.video = await add('付费视频', 'VIDEO', 60);
  ware.audio = await add('付费音频', 'AUDIO', 60);
  ware.audition = await add('试听视频', 'VIDEO', 60, true);
  ware.ebook = await add('讲义', 'EBOOK', 0);
  // The config only names the media (no file is read): masters registered, none made.
  await registerMedia(t.db, [
    { name: 'lecture-video', dir: 'watermark-test-video', durationSeconds: 60 },
    { name: 'lesson-audio', dir: 'watermark-test-audio', durationSeconds: 60 },
  ]);
  owner = await owning();
  stranger = await loginAs(t.db, (await createUser(t.db)).id);
});
afterAll(() => t.close());

describe('the watermark in getCCConfig', () => {
  it('names the owner of a paid video or audio lesson by their masked mobile; a handout has none', async () => {
    expect(owner.mobile).toMatch(/^\d{11}$/);
    const masked = `${owner.mobile.slice(0, 3)}****${owner.mobile.slice(7)}`;
    const video = await config(ware.video, owner.token);
    expect(video.kind).toBe('hls');
    expect(video.watermark).toEqual({ mark: masked });
    expect(JSON.stringify(video)).not.toContain(owner.mobile);
    const audio = await config(ware.audio, owner.token);
    expect(audio.kind).toBe('audio');
    expect(audio.watermark).toEqual({ mark: masked });
    const ebook = await config(ware.ebook, owner.token);
    expect(ebook.kind).toBe('pdf');
    expect(ebook.watermark).toBeNull();
  });

  it('names no one on a free audition: not its owner, not a visitor, not a student who does not own the course', async () => {
    expect((await config(ware.audition, owner.token)).watermark).toBeNull();
    expect((await config(ware.audition)).watermark).toBeNull();
    expect((await config(ware.audition, stranger)).watermark).toBeNull();
    // A paid lesson is refused to them before any config is made.
    const refused = await call(t, 'ccConfig', { token: stranger, query: { courseId: String(courseId), coursewareId: String(ware.video) } });
    expect(refused.statusCode).toBe(403);
  });

  it('names an owner without a mobile by their id', async () => {
    const noMobile = await owning({ mobile: null });
    expect((await config(ware.video, noMobile.token)).watermark).toEqual({ mark: `学员 ${noMobile.id}` });
  });

  it('is turned off and on again by the site setting protect.watermark', async () => {
    const masked = `${owner.mobile.slice(0, 3)}****${owner.mobile.slice(7)}`;
    // Read once first, so the setting's absence (default on) is in the cache the change must empty.
    expect((await config(ware.video, owner.token)).watermark).toEqual({ mark: masked });
    try {
      await setWatermarkSetting('0');
      await eventuallyWatermark(null);
      expect((await config(ware.audio, owner.token)).watermark).toBeNull();
      await setWatermarkSetting('1');
      await eventuallyWatermark({ mark: masked });
    } finally {
      await t.db.delete(siteParams).where(eq(siteParams.key, SITE_SETTING_KEYS.watermark));
    }
    await eventuallyWatermark({ mark: masked });
  });
});
