/**
 * Learning records and progress (issue 11, point 5) on the real database: tickets, the wall-clock
 * rule, replays, who may record, and that each user reads only their own progress.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { CourseType } from '../../src/domain/catalog/contract';
import type { CourseStudyProgress, CoursewareInfo, LastLearnedRecord, LearnedRecordResult, MyCourseList } from '../../src/domain/learning/contract';
import { LEARNING_TEXTS } from '../../src/domain/learning/texts';
import { grantCourse } from '../../server/commerce/entitlements';
import { catalogues, classes, coursePackItems, courses, coursewares } from '../../server/db/schema';
import { ShiftableClock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, secondServer, type TestApp } from './harness';

const clock = new ShiftableClock();
let t: TestApp;
let projectId = 0;
let seq = 0;

function data<T>(res: { json(): unknown }): T {
  return (res.json() as { data: T }).data;
}

async function course(type: CourseType, title: string, wares: { type: string; duration: number }[] = [{ type: 'VIDEO', duration: 600 }]) {
  seq += 1;
  const [row] = await t.db
    .insert(courses)
    .values({ type, title, cover: `/c/${seq}.png`, categoryId: projectId, projectId, priceCents: 100, intro: '', sort: seq })
    .returning({ id: courses.id });
  const [chapter] = await t.db.insert(catalogues).values({ courseId: row!.id, name: '第一章', sort: 1 }).returning({ id: catalogues.id });
  const [section] = await t.db
    .insert(catalogues)
    .values({ courseId: row!.id, parentId: chapter!.id, name: '第一节', sort: 1 })
    .returning({ id: catalogues.id });
  const ids: number[] = [];
  for (const [i, ware] of wares.entries()) {
    const [w] = await t.db
      .insert(coursewares)
      .values({ courseId: row!.id, catalogueId: section!.id, name: `${title}第${i + 1}讲`, type: ware.type, durationSeconds: ware.duration, sort: i + 1 })
      .returning({ id: coursewares.id });
    ids.push(w!.id);
  }
  return { id: row!.id, wares: ids };
}

async function student(...owned: { id: number; type: CourseType }[]): Promise<string> {
  const user = await createUser(t.db);
  for (const c of owned) await grantCourse(t.db, { userId: user.id, courseId: c.id, courseType: c.type, source: 'GIFT', start: clock.now(), validDays: 30 });
  return loginAs(t.db, user.id);
}

async function open(token: string | undefined, courseId: number, coursewareId: number): Promise<CoursewareInfo> {
  const res = await call(t, 'coursewareInfo', { ...(token ? { token } : {}), body: { courseId, coursewareId } });
  expect(res.statusCode, res.body).toBe(200);
  return data<CoursewareInfo>(res);
}

let recordSeq = 0;
function record(
  token: string,
  info: CoursewareInfo,
  learnedTime: number | undefined,
  progressBar: number,
  recordId = `rec-${process.pid}-${++recordSeq}`,
  server: TestApp = t,
) {
  return call(server, 'addLearnedRecord', {
    token,
    body: {
      courseId: info.courseId,
      coursewareId: info.coursewareId,
      coursewareName: info.coursewareName,
      coursewareType: info.type,
      ...(learnedTime === undefined ? {} : { learnedTime }),
      progressBar,
      stageId: info.stageId,
      recordId,
      watchTicket: info.watchTicket ?? 'no-ticket-no-ticket',
    },
  });
}

let sys: { id: number; wares: number[] };

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  const [project] = await t.db.insert(classes).values({ parentId: 0, name: '学习测试', code: 'learn-test', level: 1 }).returning();
  projectId = project!.id;
  sys = await course('SYS', '系统课', [
    { type: 'VIDEO', duration: 600 },
    { type: 'VIDEO', duration: 300 },
    { type: 'PAPER', duration: 0 },
  ]);
});
afterAll(() => t.close());

describe('userLearnedRecord/add', () => {
  it('counts real time, answers the progress, and refuses time faster than the wall clock', async () => {
    const token = await student({ id: sys.id, type: 'SYS' });
    const info = await open(token, sys.id, sys.wares[0]!);
    expect(info).toMatchObject({ recordable: true, owned: true, nextCoursewareId: sys.wares[1], prevCoursewareId: null });
    expect(info.watchTicket).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    clock.advance(15_000);
    const first = await record(token, info, 15, 15);
    expect(first.statusCode, first.body).toBe(200);
    expect(data<LearnedRecordResult>(first)).toEqual({
      coursewareId: sys.wares[0],
      counted: true,
      studyPercentageInfo: { learnedTotalTime: 15, studyPercentage: 2, progressBar: 15 },
    });

    // 15 s more of wall clock cannot carry 60 s of watching.
    clock.advance(15_000);
    const forged = await record(token, info, 60, 75);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().msg).toBe(LEARNING_TEXTS.tooMuchTime);
    const honest = await record(token, info, 15, 30);
    expect(data<LearnedRecordResult>(honest).studyPercentageInfo.learnedTotalTime).toBe(30);
  });

  it('counts a replayed record once', async () => {
    const token = await student({ id: sys.id, type: 'SYS' });
    const info = await open(token, sys.id, sys.wares[1]!);
    clock.advance(20_000);
    const once = await record(token, info, 10, 10, 'replayed-record-1');
    const again = await record(token, info, 10, 10, 'replayed-record-1');
    expect(data<LearnedRecordResult>(once).counted).toBe(true);
    expect(again.statusCode).toBe(200);
    expect(data<LearnedRecordResult>(again)).toMatchObject({ counted: false, studyPercentageInfo: { learnedTotalTime: 10 } });
  });

  it('takes 5 seconds when the learned time is absent, and caps the percentage at 100', async () => {
    const token = await student({ id: sys.id, type: 'SYS' });
    const info = await open(token, sys.id, sys.wares[1]!);
    clock.advance(400_000);
    expect(data<LearnedRecordResult>(await record(token, info, undefined, 5)).studyPercentageInfo.learnedTotalTime).toBe(5);
    const full = await record(token, info, 360, 9999);
    expect(data<LearnedRecordResult>(full).studyPercentageInfo).toEqual({ learnedTotalTime: 365, studyPercentage: 100, progressBar: 300 });
  });

  it('does not let two tabs count at once', async () => {
    const token = await student({ id: sys.id, type: 'SYS' });
    const tabA = await open(token, sys.id, sys.wares[0]!);
    const tabB = await open(token, sys.id, sys.wares[1]!);
    clock.advance(30_000);
    expect((await record(token, tabA, 30, 30)).statusCode).toBe(200);
    const second = await record(token, tabB, 30, 30);
    expect(second.statusCode).toBe(400);
    expect(second.json().msg).toBe(LEARNING_TEXTS.tooMuchTime);
  });

  it('counts one of two tabs recording at the same moment on two servers', async () => {
    const other = await secondServer(t, { clock });
    onTestFinished(() => other.close());
    const token = await student({ id: sys.id, type: 'SYS' });
    const tabA = await open(token, sys.id, sys.wares[0]!);
    clock.advance(10_000);
    // The other server shares the clock: it counts a record of its own.
    expect((await record(token, tabA, 10, 10, undefined, other)).statusCode).toBe(200);
    const tabB = await open(token, sys.id, sys.wares[1]!);
    clock.advance(30_000);
    const both = await Promise.all([record(token, tabA, 30, 40), record(token, tabB, 30, 30, undefined, other)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('judges a late record by when its ticket opened: after an outage, past a day, past the ticket’s life', async () => {
    const token = await student({ id: sys.id, type: 'SYS' });
    const early = await open(token, sys.id, sys.wares[0]!);
    clock.advance(100_000);
    const later = await open(token, sys.id, sys.wares[1]!);
    clock.advance(10_000);
    expect((await record(token, later, 10, 10)).statusCode).toBe(200);
    // The early ticket's 100 s, kept through an outage, arrive after the later one's: they fit before it opened.
    const late = await record(token, early, 100, 100);
    expect(data<LearnedRecordResult>(late)).toMatchObject({ counted: true, studyPercentageInfo: { learnedTotalTime: 100 } });
    // 116 s credited since the early ticket opened 110 s ago is beyond the 5 s of slack.
    const beyond = await record(token, early, 6, 106);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().msg).toBe(LEARNING_TEXTS.tooMuchTime);
    // A ticket older than a day is bounded by its own window.
    clock.advance(36 * 3600_000);
    expect(data<LearnedRecordResult>(await record(token, early, 500, 600)).studyPercentageInfo.learnedTotalTime).toBe(600);
    // A ticket past its life takes nothing more.
    clock.advance(7 * 24 * 3600_000);
    const expired = await record(token, early, 15, 600);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msg).toBe(LEARNING_TEXTS.ticketInvalid);
  });

  it('records nothing for a visitor, a non-owner, an expired owner, EXP/FREE/ADD courses or a paper', async () => {
    const visitor = await open(undefined, sys.id, sys.wares[0]!);
    expect(visitor).toMatchObject({ owned: false, recordable: false, watchTicket: null, studyPercentageInfo: { learnedTotalTime: 0 } });

    const stranger = await student();
    const notOwned = await open(stranger, sys.id, sys.wares[0]!);
    expect(notOwned.watchTicket).toBeNull();
    const refused = await record(stranger, { ...notOwned, watchTicket: 'forged-ticket-forged-ticket' }, 5, 5);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe(LEARNING_TEXTS.notOwned);

    for (const type of ['EXP', 'FREE', 'ADD'] as const) {
      const other = await course(type, `不记录的${type}`);
      const token = await student({ id: other.id, type });
      const info = await open(token, other.id, other.wares[0]!);
      expect(info, type).toMatchObject({ owned: true, recordable: false, watchTicket: null });
      expect((await record(token, { ...info, watchTicket: 'forged-ticket-forged-ticket' }, 5, 5)).statusCode, type).toBe(403);
    }

    const owner = await student({ id: sys.id, type: 'SYS' });
    expect((await open(owner, sys.id, sys.wares[2]!)).recordable).toBe(false);

    const lapsing = await student({ id: sys.id, type: 'SYS' });
    const info = await open(lapsing, sys.id, sys.wares[0]!);
    clock.advance(31 * 24 * 3600 * 1000);
    expect((await record(lapsing, info, 5, 5)).statusCode).toBe(403);
  });

  it("refuses another user's ticket and a ticket of another courseware", async () => {
    const alice = await student({ id: sys.id, type: 'SYS' });
    const bob = await student({ id: sys.id, type: 'SYS' });
    const ticket = await open(alice, sys.id, sys.wares[0]!);
    clock.advance(10_000);
    const stolen = await record(bob, ticket, 5, 5);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().msg).toBe(LEARNING_TEXTS.ticketInvalid);
    const moved = await record(alice, { ...ticket, coursewareId: sys.wares[1]! }, 5, 5);
    expect(moved.statusCode).toBe(400);
  });
});

describe('progress reads', () => {
  it("gives each user only their own progress and last record, and the course's percentage", async () => {
    const alice = await student({ id: sys.id, type: 'SYS' });
    const bob = await student({ id: sys.id, type: 'SYS' });
    const info = await open(alice, sys.id, sys.wares[0]!);
    clock.advance(60_000);
    await record(alice, info, 60, 120);

    const mine = data<CourseStudyProgress>(await call(t, 'studyPercentage', { token: alice, params: { id: sys.id } }));
    expect(mine).toMatchObject({ courseId: sys.id, learnedTotalTime: 60, totalDuration: 900, studyPercentage: 6 });
    expect(mine.coursewares.find((c) => c.coursewareId === sys.wares[0])?.studyPercentageInfo).toEqual({
      learnedTotalTime: 60,
      studyPercentage: 10,
      progressBar: 120,
    });
    expect(mine.coursewares.map((c) => [c.coursewareId, c.chapter, c.section, c.type])).toEqual([
      [sys.wares[0], '第一章', '第一节', 'VIDEO'],
      [sys.wares[1], '第一章', '第一节', 'VIDEO'],
      [sys.wares[2], '第一章', '第一节', 'PAPER'],
    ]);
    const last = data<LastLearnedRecord>(await call(t, 'lastLearnedRecord', { token: alice, body: { courseId: sys.id } }));
    expect(last).toMatchObject({ courseId: sys.id, coursewareId: sys.wares[0], progressBar: 120 });

    const theirs = data<CourseStudyProgress>(await call(t, 'studyPercentage', { token: bob, params: { id: sys.id } }));
    expect(theirs.learnedTotalTime).toBe(0);
    expect(data(await call(t, 'lastLearnedRecord', { token: bob, body: { courseId: sys.id } }))).toBeNull();
    expect((await open(bob, sys.id, sys.wares[0]!)).studyPercentageInfo.learnedTotalTime).toBe(0);
    expect((await call(t, 'studyPercentage', { params: { id: sys.id } })).statusCode).toBe(401);
  });

  it('lists my courses by tab, a pack with its courses nested, expired last', async () => {
    const inPack = await course('SYS', '包内课');
    const pack = await course('PACK', '课程包', []);
    await t.db.insert(coursePackItems).values({ packId: pack.id, courseId: inPack.id, sort: 1 });
    const free = await course('FREE', '公开课');
    const user = await createUser(t.db);
    const token = await loginAs(t.db, user.id);
    const start = clock.now();
    await grantCourse(t.db, { userId: user.id, courseId: pack.id, courseType: 'PACK', source: 'GIFT', start, validDays: 30 });
    await grantCourse(t.db, { userId: user.id, courseId: inPack.id, courseType: 'SYS', source: 'GIFT', start, validDays: 30, viaPackId: pack.id });
    await grantCourse(t.db, {
      userId: user.id,
      courseId: sys.id,
      courseType: 'SYS',
      source: 'GIFT',
      start: new Date(start.getTime() - 40 * 86_400_000),
      validDays: 30,
    });
    await grantCourse(t.db, { userId: user.id, courseId: free.id, courseType: 'FREE', source: 'FREE', start, validDays: 30 });

    const list = data<MyCourseList>(await call(t, 'myCourseList', { token, query: { tab: 'sys' } }));
    expect(list.records.map((c) => c.courseId)).toEqual([pack.id, sys.id]);
    expect(list.records[0]!.packCourses).toEqual([{ courseId: inPack.id, courseType: 'SYS', title: '包内课', studyPercentage: 0 }]);
    expect(list.records[1]).toMatchObject({ expired: true, lessonCount: 3, totalDuration: 900 });
    // The player opened with the pack plays (and records) its courses' coursewares.
    const inside = await open(token, pack.id, inPack.wares[0]!);
    expect(inside).toMatchObject({ courseId: inPack.id, courseType: 'SYS', owned: true, recordable: true });
    const packOutline = data<CourseStudyProgress>(await call(t, 'studyPercentage', { token, params: { id: pack.id } }));
    expect(packOutline.coursewares.map((c) => c.coursewareId)).toEqual(inPack.wares);
    const freeTab = data<MyCourseList>(await call(t, 'myCourseList', { token, query: { tab: 'free' } }));
    expect(freeTab.records.map((c) => c.courseId)).toEqual([free.id]);
    expect(data<MyCourseList>(await call(t, 'myCourseList', { token, query: { tab: 'add' } })).total).toBe(0);
  });
});
