/** The course detail page's calls on the seeded catalogue: details, catalogue levels, coursewares, auditions, teachers, list sorts. */
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditionCourseware, CatalogueNode, CourseDetails, CourseListItem, CoursewareItem, TeacherGroup } from '../../src/domain/catalog/contract';
import { CAMP_LATE_JOIN_DAYS, chinaDate } from '../../src/domain/catalog/camp';
import type { CourseSkuList } from '../../src/domain/commerce/contract';
import { DAY_MS } from '../../src/domain/commerce/limits';
import { PURCHASE_REFUSAL_TEXTS } from '../../src/domain/commerce/texts';
import type { Page } from '../../src/domain/shared/envelope';
import { catalogues, courses, courseSkus, coursewares, teachers } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { ShiftableClock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
const id: Record<string, number> = {};

const TITLES = {
  jj: '2027一级建造师《建设工程经济》精讲班',
  pack: '2027一级建造师全科精讲套餐（经济+管理+法规+实务）',
  calcAdd: '一建经济计算题专项突破（加购）',
  camp: '一建实务30天冲刺训练营',
  free: '2027一建备考规划直播回放',
};

/** Commerce's clock, which the detail page reads too. */
const clock = new ShiftableClock();

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  await seedDatabase(t.db);
  for (const row of await t.db.select({ id: courses.id, title: courses.title }).from(courses)) id[row.title] = row.id;
});
afterAll(() => t.close());

async function data<T>(res: { statusCode: number; body: string; json(): { data: T } }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const details = async (courseId: number | string) => call(t, 'courseDetails', { params: { id: courseId } });

describe('courseDetails', () => {
  it('answers a SYS course with fen prices, classes, teachers, lesson totals and its add-ons', async () => {
    const course = await data<CourseDetails>(await details(id[TITLES.jj]!));
    const [totals] = await t.db
      .select({ n: sql<number>`count(*)::int`, seconds: sql<number>`sum(${coursewares.durationSeconds})::int` })
      .from(coursewares)
      .where(eq(coursewares.courseId, id[TITLES.jj]!));
    expect(course).toMatchObject({
      id: id[TITLES.jj],
      type: 'SYS',
      title: TITLES.jj,
      subtitle: '新教材逐章精讲 · 计算题公式一次吃透',
      priceCents: 68000,
      originalPriceCents: 98000,
      validDays: 365,
      lessonCount: totals!.n,
      totalDuration: totals!.seconds,
      auditionCount: 2,
      category: { name: '建筑工程' },
      project: { name: '一级建造师' },
      subject: { name: '建设工程经济' },
      packCourses: [],
      extendsCourses: [],
      camp: null,
    });
    expect(course.intro).toContain('【课程介绍】');
    expect(course.teachers).toEqual([
      { id: expect.any(Number), name: '王晓峰', title: expect.stringContaining('一建经济'), avatar: expect.any(String), intro: expect.any(String) },
    ]);
    expect(course.addOns.map((c) => c.title)).toEqual([TITLES.calcAdd]);
    expect(course.addOns[0]).toMatchObject({ type: 'ADD', priceCents: 4900, onSale: true });
  });

  it('gives a PACK its courses in order and adds up their lessons', async () => {
    const pack = await data<CourseDetails>(await details(id[TITLES.pack]!));
    expect(pack.packCourses.map((c) => c.title)).toEqual([
      TITLES.jj,
      '2027一级建造师《建设工程项目管理》精讲班',
      '2027一级建造师《建设工程法规及相关知识》精讲班',
      '2027一级建造师《建筑工程管理与实务》精讲班',
    ]);
    expect(pack.lessonCount).toBe(pack.packCourses.reduce((sum, c) => sum + c.lessonCount, 0));
    expect(pack.totalDuration).toBe(pack.packCourses.reduce((sum, c) => sum + c.totalDuration, 0));
    expect(pack.auditionCount).toBe(8);
    expect(pack.teachers.map((teacher) => teacher.name)).toEqual(['王晓峰', '李慧敏', '陈建国', '赵立强']);
    expect(pack.addOns.map((c) => c.type)).toEqual(['ADD', 'ADD']);
  });

  it('names the courses an ADD course extends', async () => {
    const add = await data<CourseDetails>(await details(id[TITLES.calcAdd]!));
    expect(add.extendsCourses.map((c) => c.title).sort()).toEqual([TITLES.jj, TITLES.pack].sort());
    expect(add.packCourses).toEqual([]);
  });

  it('gives an EXP course its next open cohort and the dates of its stages from that start', async () => {
    const camp = (await data<CourseDetails>(await details(id[TITLES.camp]!))).camp!;
    const cohorts = await t.db
      .select({ startsAt: courseSkus.startsAt })
      .from(courseSkus)
      .where(eq(courseSkus.courseId, id[TITLES.camp]!))
      .orderBy(asc(courseSkus.startsAt));
    expect(cohorts.length).toBeGreaterThanOrEqual(2);
    expect(camp.startsAt).toBe(cohorts[0]!.startsAt!.getTime());
    expect(camp.enrolEndsAt).toBe(camp.startsAt! + CAMP_LATE_JOIN_DAYS * DAY_MS);
    expect(camp.startDate).toBe(chinaDate(camp.startsAt!));
    expect(camp.stages.map((s) => [s.name, s.startDay, s.days])).toEqual([
      ['第1周 技术篇突破', 0, 7],
      ['第2周 管理篇突破', 7, 7],
      ['第3周 安全与质量', 14, 7],
      ['第4周 冲刺模考', 21, 9],
    ]);
    expect(camp.stages[0]!.startDate).toBe(camp.startDate);
    expect(camp.stages.map((s) => [s.startDate, s.endDate])).toEqual(
      camp.stages.map((s) => [chinaDate(camp.startsAt! + s.startDay * DAY_MS), chinaDate(camp.startsAt! + (s.startDay + s.days - 1) * DAY_MS)]),
    );
    // The same stages, as commerce sells them (courseSkuList): one plan for both.
    const skuList = (await call(t, 'courseSkuList', { params: { id: id[TITLES.camp]! }, body: {} })).json().data as CourseSkuList;
    expect(skuList.stages).toEqual(camp.stages.map(({ startDate: _start, endDate: _end, ...plan }) => plan));
  });

  it('answers 404 in Chinese for an off-sale or unknown course, 400 for a bad id', async () => {
    const [off] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.status, 'OFF_SHELF')).limit(1);
    for (const courseId of [off!.id, 999_999]) {
      const res = await details(courseId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, msg: '课程不存在或已下架', data: null });
    }
    expect((await details('abc')).statusCode).toBe(400);
    expect((await details(0)).statusCode).toBe(400);
  });
});

describe('catalogueList and coursewaresList', () => {
  const level = async (courseId: number, body?: object) => call(t, 'catalogueList', { params: { id: courseId }, ...(body ? { body } : {}) });

  it('loads the tree one level at a time with subtree totals', async () => {
    const top = await data<CatalogueNode[]>(await level(id[TITLES.jj]!));
    expect(top.length).toBeGreaterThan(1);
    expect(top.every((node) => node.parentId === 0 && node.hasChildren && node.stageId === null)).toBe(true);
    const [total] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(coursewares)
      .where(eq(coursewares.courseId, id[TITLES.jj]!));
    expect(top.reduce((sum, node) => sum + node.coursewareCount, 0)).toBe(total!.n);
    expect(top.reduce((sum, node) => sum + node.auditionCount, 0)).toBe(2);
    expect(await data<CatalogueNode[]>(await level(id[TITLES.jj]!, { parentId: 0 }))).toEqual(top);
    expect(await data<CatalogueNode[]>(await level(id[TITLES.jj]!, { parentId: null }))).toEqual(top);

    const children = await data<CatalogueNode[]>(await level(id[TITLES.jj]!, { parentId: top[0]!.id }));
    expect(children.length).toBeGreaterThan(0);
    expect(children.every((node) => node.parentId === top[0]!.id && !node.hasChildren)).toBe(true);
    expect(children.reduce((sum, node) => sum + node.coursewareCount, 0)).toBe(top[0]!.coursewareCount);
    expect(children.reduce((sum, node) => sum + node.duration, 0)).toBe(top[0]!.duration);
    // A leaf has no level below it.
    expect(await data<CatalogueNode[]>(await level(id[TITLES.jj]!, { parentId: children[0]!.id }))).toEqual([]);
  });

  it('ties a camp chapter to its stage; a PACK has no tree of its own', async () => {
    const camp = await data<CourseDetails>(await details(id[TITLES.camp]!));
    const top = await data<CatalogueNode[]>(await level(id[TITLES.camp]!));
    expect(top.map((node) => node.stageId)).toEqual(camp.camp!.stages.map((stage) => stage.id));
    expect(await data<CatalogueNode[]>(await level(id[TITLES.pack]!))).toEqual([]);
  });

  it("refuses another course's node and an unknown course", async () => {
    const [foreign] = await t.db.select({ id: catalogues.id }).from(catalogues).where(eq(catalogues.courseId, id[TITLES.camp]!)).limit(1);
    const res = await level(id[TITLES.jj]!, { parentId: foreign!.id });
    expect(res.json()).toEqual({ code: 404, msg: '目录不存在', data: null });
    expect((await level(999_999)).json()).toEqual({ code: 404, msg: '课程不存在或已下架', data: null });
  });

  it('lists the coursewares of a node with media for auditions only, leaving out ignored types', async () => {
    const top = await data<CatalogueNode[]>(await level(id[TITLES.jj]!));
    const sections = await data<CatalogueNode[]>(await level(id[TITLES.jj]!, { parentId: top[0]!.id }));
    const wares = await data<CoursewareItem[]>(await call(t, 'coursewaresList', { body: { catalogueId: sections[0]!.id } }));
    expect(wares.length).toBe(sections[0]!.coursewareCount);
    expect(wares[0]).toMatchObject({ coursewareName: expect.any(String), type: 'VIDEO', freeAudition: true, mediaUrl: '/new/demo/media/audition.mp4' });
    const all = await t.db
      .select()
      .from(coursewares)
      .where(and(eq(coursewares.courseId, id[TITLES.jj]!)));
    const lastSection = (await Promise.all(top.map(async (ch) => data<CatalogueNode[]>(await level(id[TITLES.jj]!, { parentId: ch.id }))))).flat();
    for (const section of lastSection) {
      const listed = await data<CoursewareItem[]>(await call(t, 'coursewaresList', { body: { catalogueId: section.id } }));
      for (const ware of listed) {
        const row = all.find((w) => w.id === ware.coursewareId)!;
        expect(ware.mediaUrl, ware.coursewareName).toBe(row.freeAudition ? row.mediaUrl : null);
        if (ware.type === 'PAPER') expect(ware.paperId).toBe(row.paperId);
      }
      const withoutPapers = await data<CoursewareItem[]>(await call(t, 'coursewaresList', { body: { catalogueId: section.id, ignoreType: 'PAPER' } }));
      expect(withoutPapers).toEqual(listed.filter((w) => w.type !== 'PAPER'));
      const onlyMedia = await data<CoursewareItem[]>(await call(t, 'coursewaresList', { body: { catalogueId: section.id, ignoreType: ['PAPER', 'EBOOK'] } }));
      expect(onlyMedia).toEqual(listed.filter((w) => w.type !== 'PAPER' && w.type !== 'EBOOK'));
    }
    expect(lastSection.some((s) => s.coursewareCount > 0)).toBe(true);
    expect((await call(t, 'coursewaresList', { body: { catalogueId: 999_999 } })).json()).toEqual({ code: 404, msg: '目录不存在', data: null });
    expect((await call(t, 'coursewaresList', { body: { catalogueId: sections[0]!.id, ignoreType: 'MOVIE' } })).statusCode).toBe(400);
  });
});

describe('auditions', () => {
  it('plays the first audition of a course without login, in catalogue order', async () => {
    const first = await data<AuditionCourseware>(await call(t, 'firstAudition', { params: { id: id[TITLES.jj]! } }));
    const list = await data<AuditionCourseware[]>(await call(t, 'auditionList', { params: { id: id[TITLES.jj]! } }));
    expect(list).toHaveLength(2);
    expect(first).toEqual(list[0]);
    expect(first).toMatchObject({ courseId: id[TITLES.jj], type: 'VIDEO', mediaUrl: '/new/demo/media/audition.mp4' });
    const top = await data<CatalogueNode[]>(await call(t, 'catalogueList', { params: { id: id[TITLES.jj]! } }));
    const sections = await data<CatalogueNode[]>(await call(t, 'catalogueList', { params: { id: id[TITLES.jj]! }, body: { parentId: top[0]!.id } }));
    const wares = await data<CoursewareItem[]>(await call(t, 'coursewaresList', { body: { catalogueId: sections[0]!.id } }));
    expect(first.coursewareId).toBe(wares[0]!.coursewareId);
  });

  it("takes a pack's auditions from its courses in pack order, and a free course's from all its coursewares", async () => {
    const packList = await data<AuditionCourseware[]>(await call(t, 'auditionList', { params: { id: id[TITLES.pack]! } }));
    expect(packList).toHaveLength(8);
    expect(packList[0]!.courseId).toBe(id[TITLES.jj]);
    expect((await data<AuditionCourseware>(await call(t, 'firstAudition', { params: { id: id[TITLES.pack]! } }))).courseId).toBe(id[TITLES.jj]);
    const free = await data<AuditionCourseware[]>(await call(t, 'auditionList', { params: { id: id[TITLES.free]! } }));
    const [n] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(coursewares)
      .where(eq(coursewares.courseId, id[TITLES.free]!));
    expect(free).toHaveLength(n!.n);
  });

  it('answers null for a course without auditions and 404 for an off-sale one', async () => {
    await t.db.update(coursewares).set({ freeAudition: false }).where(eq(coursewares.courseId, id[TITLES.calcAdd]!));
    expect((await call(t, 'firstAudition', { params: { id: id[TITLES.calcAdd]! } })).json()).toEqual({ code: 200, msg: 'success', data: null });
    const [off] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.status, 'OFF_SHELF')).limit(1);
    expect((await call(t, 'firstAudition', { params: { id: off!.id } })).statusCode).toBe(404);
    expect((await call(t, 'auditionList', { params: { id: off!.id } })).statusCode).toBe(404);
  });
});

describe('teacherList', () => {
  it('groups teachers by project, or answers one project', async () => {
    const groups = await data<TeacherGroup[]>(await call(t, 'teacherList'));
    const all = await t.db.select().from(teachers).orderBy(asc(teachers.sort));
    expect(groups.flatMap((g) => g.teachers).length).toBe(all.length);
    for (const group of groups) for (const teacher of group.teachers) expect(all.find((row) => row.id === teacher.id)!.projectId).toBe(group.project.id);
    const yijian = groups.find((g) => g.project.name === '一级建造师')!;
    expect(yijian.teachers.map((teacher) => teacher.name)).toEqual(['王晓峰', '李慧敏', '陈建国', '赵立强']);
    const one = await data<TeacherGroup[]>(await call(t, 'teacherList', { query: { projectId: String(yijian.project.id) } }));
    expect(one).toEqual([yijian]);
    expect(await data<TeacherGroup[]>(await call(t, 'teacherList', { query: { projectId: '0' } }))).toEqual(groups);
  });
});

describe('coursePageList sort', () => {
  const page = async (sort?: string) => data<Page<CourseListItem>>(await call(t, 'coursePageList', { body: { size: 50, ...(sort ? { sort } : {}) } }));

  it('orders by the operators’ sort by default, then newest, sales and price', async () => {
    const rows = await t.db.select().from(courses).where(eq(courses.status, 'ON_SALE'));
    const ids = (list: Page<CourseListItem>) => list.records.map((c) => c.id);
    const by = (compare: (a: (typeof rows)[number], b: (typeof rows)[number]) => number) => [...rows].sort(compare).map((r) => r.id);
    expect(ids(await page())).toEqual(by((a, b) => a.sort - b.sort || a.id - b.id));
    expect(ids(await page('DEFAULT'))).toEqual(ids(await page()));
    expect(ids(await page('NEWEST'))).toEqual(by((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id));
    expect(ids(await page('SALES'))).toEqual(by((a, b) => b.salesCount - a.salesCount || a.id - b.id));
    expect(ids(await page('PRICE_ASC'))).toEqual(by((a, b) => a.priceCents - b.priceCents || a.sort - b.sort || a.id - b.id));
    expect(ids(await page('PRICE_DESC'))).toEqual(by((a, b) => b.priceCents - a.priceCents || a.sort - b.sort || a.id - b.id));
    const bad = await call(t, 'coursePageList', { body: { sort: 'RANDOM' } });
    expect(bad.json()).toEqual({ code: 400, msg: '参数 sort 取值无效', data: null });
  });
});

// Last: it moves the clock of this file's server forward.
describe('a camp as time passes', () => {
  it('shows the next cohort once the shown one closes, though its details were cached', async () => {
    const before = (await data<CourseDetails>(await details(id[TITLES.camp]!))).camp!;
    expect((await data<CourseDetails>(await details(id[TITLES.camp]!))).camp).toEqual(before);
    clock.advance(before.enrolEndsAt! - clock.now().getTime());
    const after = (await data<CourseDetails>(await details(id[TITLES.camp]!))).camp!;
    expect(after.startsAt).toBeGreaterThan(before.startsAt!);
    expect(after.stages[0]!.startDate).toBe(chinaDate(after.startsAt!));
    // Commerce refuses the closed cohort at the same moment.
    const skuList = (await call(t, 'courseSkuList', { params: { id: id[TITLES.camp]! }, body: {} })).json().data as CourseSkuList;
    const closedSku = skuList.skus.find((sku) => sku.startsAt === before.startsAt)!;
    const user = await createUser(t.db);
    const res = await call(t, 'orderPreview', { body: { courseId: id[TITLES.camp]!, skuId: closedSku.id }, token: await loginAs(t.db, user.id) });
    expect(res.json()).toMatchObject({ code: 400, msg: PURCHASE_REFUSAL_TEXTS.CAMP_CLOSED });
  });
});
