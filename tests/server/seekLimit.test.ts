/**
 * 禁止拖动未学内容 (issue 24, point 3) on the real database: the course's setting reaches the player
 * config with the server's furthest point watched; that point moves on only as far as the time
 * counted could carry the playhead (a record whose position jumped ahead does not move it, seeking
 * back never lowers it); once the lesson was watched to its end seeking is free. A free audition, a
 * visitor and a course without the setting get no limit.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDetails } from '../../src/domain/catalog/contract';
import type { CoursewareInfo, LearnedRecordResult, PlayerConfig } from '../../src/domain/learning/contract';
import { WALL_CLOCK_SLACK_SECONDS } from '../../src/domain/learning/limits';
import { MAX_PLAYBACK_RATE } from '../../src/domain/learning/recording';
import { grantCourse } from '../../server/commerce/entitlements';
import { coursewareProgress, mediaAssets } from '../../server/db/schema';
import { ShiftableClock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';
import { testCourse } from './learning-fixtures';

const clock = new ShiftableClock();
let t: TestApp;
let guardedCourse = 0;
let freeCourse = 0;
const ware = { lesson: 0, short: 0, audition: 0, other: 0 };
let seq = 0;

function data<T>(res: { json(): unknown }): T {
  return (res.json() as { data: T }).data;
}

async function config(token: string | undefined, courseId: number, coursewareId: number): Promise<PlayerConfig> {
  const res = await call(t, 'ccConfig', { ...(token ? { token } : {}), query: { courseId: String(courseId), coursewareId: String(coursewareId) } });
  expect(res.statusCode, res.body).toBe(200);
  return data<PlayerConfig>(res);
}

async function open(token: string, courseId: number, coursewareId: number): Promise<CoursewareInfo> {
  const res = await call(t, 'coursewareInfo', { token, body: { courseId, coursewareId } });
  expect(res.statusCode, res.body).toBe(200);
  return data<CoursewareInfo>(res);
}

/** `learnedTime` seconds of watching after as many seconds of wall clock, the playhead then at `progressBar`. */
async function watch(token: string, info: CoursewareInfo, learnedTime: number, progressBar: number): Promise<void> {
  clock.advance(learnedTime * 1000);
  const res = await call(t, 'addLearnedRecord', {
    token,
    body: {
      courseId: info.courseId,
      coursewareId: info.coursewareId,
      coursewareName: info.coursewareName,
      coursewareType: info.type,
      learnedTime,
      progressBar,
      stageId: info.stageId,
      recordId: `seek-${process.pid}-${++seq}`,
      watchTicket: info.watchTicket!,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(data<LearnedRecordResult>(res).counted).toBe(true);
}

async function furthestOf(coursewareId: number, userId: number): Promise<number> {
  const rows = await t.db
    .select({ furthest: coursewareProgress.furthest })
    .from(coursewareProgress)
    .where(and(eq(coursewareProgress.coursewareId, coursewareId), eq(coursewareProgress.userId, userId)));
  expect(rows).toHaveLength(1);
  return rows[0]!.furthest;
}

async function owner(...courseIds: number[]): Promise<{ token: string; id: number }> {
  const user = await createUser(t.db);
  for (const courseId of courseIds)
    await grantCourse(t.db, { userId: user.id, courseId, courseType: 'SYS', source: 'GIFT', start: clock.now(), validDays: 30 });
  return { token: await loginAs(t.db, user.id), id: user.id };
}

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  // A media row is all the config needs: it signs a link and reads no file.
  const [asset] = await t.db.insert(mediaAssets).values({ name: 'seek-test-video', kind: 'hls', dir: 'seek-test', durationSeconds: 600 }).returning();
  const project = { name: '拖动测试', code: 'seek-test' };
  const video = (name: string, duration: number, freeAudition = false) => ({ name, type: 'VIDEO', duration, freeAudition, mediaAssetId: asset!.id });
  const guarded = await testCourse(t.db, project, { noSkipAhead: true });
  guardedCourse = guarded.id;
  ware.lesson = await guarded.add(video('第1讲', 600));
  ware.short = await guarded.add(video('第2讲', 18));
  ware.audition = await guarded.add(video('试听', 600, true));
  const free = await testCourse(t.db, project);
  freeCourse = free.id;
  ware.other = await free.add(video('第1讲', 600));
});
afterAll(() => t.close());

describe('the player config under 禁止拖动未学内容', () => {
  it("carries the course's setting: a limit at the start of an untouched lesson, none on a course without it", async () => {
    const { token } = await owner(guardedCourse, freeCourse);
    expect((await config(token, guardedCourse, ware.lesson)).seekLimit).toEqual({ furthest: 0 });
    expect((await config(token, freeCourse, ware.other)).seekLimit).toBeNull();
  });

  it("says it on the course's page before buying", async () => {
    const details = async (courseId: number) => {
      const res = await call(t, 'courseDetails', { params: { id: String(courseId) } });
      expect(res.statusCode, res.body).toBe(200);
      return data<CourseDetails>(res);
    };
    expect((await details(guardedCourse)).noSkipAhead).toBe(true);
    expect((await details(freeCourse)).noSkipAhead).toBe(false);
  });

  it('gives a free audition no limit, to its owner or a visitor', async () => {
    const { token } = await owner(guardedCourse);
    expect((await config(token, guardedCourse, ware.audition)).seekLimit).toBeNull();
    expect((await config(undefined, guardedCourse, ware.audition)).seekLimit).toBeNull();
  });

  it('moves the furthest point on with the time watched, not with a position that jumped ahead, and never back', async () => {
    const student = await owner(guardedCourse);
    const info = await open(student.token, guardedCourse, ware.lesson);
    await watch(student.token, info, 15, 15);
    expect((await config(student.token, guardedCourse, ware.lesson)).seekLimit).toEqual({ furthest: 15 });

    // A page that let the student drag to 400 s and watch 10 s there: the point moves on only as far as 10 s at the fastest rate reach.
    await watch(student.token, info, 10, 410);
    const reach = 15 + 10 * MAX_PLAYBACK_RATE + WALL_CLOCK_SLACK_SECONDS;
    expect(await furthestOf(ware.lesson, student.id)).toBe(reach);
    expect((await config(student.token, guardedCourse, ware.lesson)).seekLimit).toEqual({ furthest: reach });

    // Watching again from the start keeps the point where it was.
    await watch(student.token, info, 15, 15);
    expect((await config(student.token, guardedCourse, ware.lesson)).seekLimit).toEqual({ furthest: reach });
  });

  it('lets seeking go free once the lesson was watched to its end', async () => {
    const { token } = await owner(guardedCourse);
    const info = await open(token, guardedCourse, ware.short);
    await watch(token, info, 15, 15);
    expect((await config(token, guardedCourse, ware.short)).seekLimit).toEqual({ furthest: 15 });
    await watch(token, info, 3, 18);
    expect((await config(token, guardedCourse, ware.short)).seekLimit).toBeNull();
  });

  it("keeps each student's point their own", async () => {
    const first = await owner(guardedCourse);
    const second = await owner(guardedCourse);
    await watch(first.token, await open(first.token, guardedCourse, ware.short), 15, 15);
    expect((await config(second.token, guardedCourse, ware.short)).seekLimit).toEqual({ furthest: 0 });
  });
});
