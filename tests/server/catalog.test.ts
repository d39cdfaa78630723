/** Public reads: ad slots, the class tree, site params and the course list. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CALLS } from '../../src/domain/calls';
import type { ClassNode, CourseListItem } from '../../src/domain/catalog/contract';
import { buildPath } from '../../src/domain/shared/api';
import type { Page } from '../../src/domain/shared/envelope';
import { adItems, adSlots, catalogues, classes, courses, coursewares, siteParams, teachers } from '../../server/db/schema';
import { escapeLike } from '../../server/catalog/courses.queries';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const ids: Record<string, number> = {};

async function insertClass(code: string, name: string, level: number, parentCode: string | null, sort: number): Promise<number> {
  const [row] = await t.db
    .insert(classes)
    .values({ code, name, level, parentId: parentCode ? ids[parentCode]! : 0, sort })
    .returning({ id: classes.id });
  ids[code] = row!.id;
  return row!.id;
}

type CourseSeed = {
  title: string;
  type: string;
  price: number;
  sort: number;
  project: string;
  subject?: string;
  status?: string;
  teachers?: string[];
  lessons?: number;
};

beforeAll(async () => {
  t = await createTestApp();
  // Inserted out of order on purpose: sort decides, not insertion order.
  await insertClass('build', '建筑工程', 1, null, 2);
  await insertClass('finance', '财会金融', 1, null, 1);
  await insertClass('yijian', '一级建造师', 2, 'build', 1);
  await insertClass('erjian', '二级建造师', 2, 'build', 0);
  await insertClass('yijian-law', '法规', 3, 'yijian', 1);
  await insertClass('yijian-mgmt', '管理', 3, 'yijian', 0);
  await insertClass('cpa', '注册会计师', 2, 'finance', 0);

  const teacherRows = await t.db
    .insert(teachers)
    .values([
      { name: '王老师', title: '讲师', avatar: '/t/w.png', intro: '', sort: 0 },
      { name: '李老师', title: '讲师', avatar: '/t/l.png', intro: '', sort: 1 },
    ])
    .returning({ id: teachers.id, name: teachers.name });
  for (const row of teacherRows) ids[row.name] = row.id;

  await t.db.insert(adSlots).values([{ code: 'PC_HOME_BANNER', name: '首页轮播' }]);
  await t.db.insert(adItems).values([
    { slotCode: 'PC_HOME_BANNER', title: 'B', imageUrl: '/b.png', linkUrl: null, sort: 2 },
    { slotCode: 'PC_HOME_BANNER', title: 'A', imageUrl: '/a.png', linkUrl: '/new/course/detail/1', sort: 1 },
    { slotCode: 'PC_HOME_BANNER', title: 'off', imageUrl: '/x.png', sort: 0, enabled: false },
  ]);
  await t.db.insert(siteParams).values({ key: 'service_phone', value: '400-000-0000', remark: '客服电话' });

  const seeds: CourseSeed[] = [
    { title: '一建法规精讲班', type: 'SYS', price: 99900, sort: 1, project: 'yijian', subject: 'yijian-law', teachers: ['李老师', '王老师'], lessons: 3 },
    { title: '一建管理 100%_通关', type: 'PACK', price: 199900, sort: 2, project: 'yijian', subject: 'yijian-mgmt', teachers: ['王老师'], lessons: 1 },
    { title: '一建公开课', type: 'FREE', price: 0, sort: 3, project: 'yijian' },
    { title: '二建训练营', type: 'EXP', price: 0, sort: 4, project: 'erjian' },
    { title: '注会加购课', type: 'ADD', price: 500, sort: 0, project: 'cpa' },
    { title: '下架的一建课', type: 'SYS', price: 100, sort: 0, project: 'yijian', status: 'OFF_SHELF' },
  ];
  for (const seed of seeds) {
    const category = seed.project === 'cpa' ? 'finance' : 'build';
    const [row] = await t.db
      .insert(courses)
      .values({
        type: seed.type,
        title: seed.title,
        cover: `/c/${seed.sort}.png`,
        categoryId: ids[category]!,
        projectId: ids[seed.project]!,
        subjectId: seed.subject ? ids[seed.subject]! : null,
        priceCents: seed.price,
        originalPriceCents: seed.price ? seed.price + 10000 : null,
        status: seed.status ?? 'ON_SALE',
        intro: '',
        teacherIds: (seed.teachers ?? []).map((name) => ids[name]!),
        sort: seed.sort,
      })
      .returning({ id: courses.id });
    ids[seed.title] = row!.id;
    if (seed.lessons) {
      const [cat] = await t.db.insert(catalogues).values({ courseId: row!.id, name: '第一章' }).returning({ id: catalogues.id });
      await t.db
        .insert(coursewares)
        .values(Array.from({ length: seed.lessons }, (_, i) => ({ courseId: row!.id, catalogueId: cat!.id, name: `第${i + 1}讲`, type: 'VIDEO' })));
    }
  }
});
afterAll(() => t.close());

async function pageOf(body?: object): Promise<Page<CourseListItem>> {
  const res = await t.app.inject({ method: 'POST', url: API_CALLS.coursePageList.path, ...(body ? { payload: body } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Page<CourseListItem>;
}

describe('adItemsByCode', () => {
  it('answers the enabled items of the slot by sort', async () => {
    const res = await t.app.inject({ method: 'GET', url: buildPath(API_CALLS.adItemsByCode.path, { code: 'PC_HOME_BANNER' }) });
    const data = res.json().data;
    expect(data.map((item: { title: string }) => item.title)).toEqual(['A', 'B']);
    expect(data[0]).toEqual({ id: expect.any(Number), title: 'A', imageUrl: '/a.png', linkUrl: '/new/course/detail/1' });
  });

  it('answers [] for an unknown slot', async () => {
    const res = await t.app.inject({ method: 'GET', url: buildPath(API_CALLS.adItemsByCode.path, { code: 'NOPE' }) });
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: [] });
  });
});

describe('classes', () => {
  it('nests the whole tree, sorted by sort at every level, leaves without children', async () => {
    const res = await t.app.inject({ method: 'POST', url: API_CALLS.classTreeList.path, payload: {} });
    const tree = res.json().data as ClassNode[];
    const names = (nodes: ClassNode[] | undefined): unknown => nodes?.map((n) => (n.children ? { [n.name]: names(n.children) } : n.name));
    expect(names(tree)).toEqual([{ 财会金融: ['注册会计师'] }, { 建筑工程: ['二级建造师', { 一级建造师: ['管理', '法规'] }] }]);
    const yijian = tree[1]!.children![1]!;
    expect(yijian).toMatchObject({ id: ids.yijian, pId: ids.build, name: '一级建造师', code: 'yijian', level: 2 });
    expect(yijian.children![0]).toEqual({ id: ids['yijian-mgmt'], pId: ids.yijian, name: '管理', code: 'yijian-mgmt', level: 3 });
  });

  it('lists the direct children of an id, 0 for the roots', async () => {
    const list = async (id: number | string) =>
      (await t.app.inject({ method: 'GET', url: `${API_CALLS.classListByParentId.path.replace(':id', String(id))}` })).json();
    expect((await list(0)).data.map((n: ClassNode) => n.code)).toEqual(['finance', 'build']);
    expect((await list(ids.build!)).data.map((n: ClassNode) => n.code)).toEqual(['erjian', 'yijian']);
    expect((await list(ids['yijian-law']!)).data).toEqual([]);
    expect((await list(0)).data[0].children).toBeUndefined();
    expect(await list('abc')).toEqual({ code: 400, msg: '参数 id 必须是整数', data: null });
  });
});

describe('paramByKey', () => {
  it('answers {key, value} or null', async () => {
    const get = async (key: string) => (await t.app.inject({ method: 'GET', url: buildPath(API_CALLS.paramByKey.path, { key }) })).json();
    expect(await get('service_phone')).toEqual({ code: 200, msg: 'success', data: { key: 'service_phone', value: '400-000-0000' } });
    expect(await get('missing')).toEqual({ code: 200, msg: 'success', data: null });
  });
});

describe('coursePageList', () => {
  it('lists on-sale courses by sort with prices in fen like every amount, lesson counts, project names and teachers', async () => {
    const page = await pageOf({});
    expect(page).toMatchObject({ total: 5, current: 1, size: 12 });
    expect(page.records.map((c) => c.title)).toEqual(['注会加购课', '一建法规精讲班', '一建管理 100%_通关', '一建公开课', '二建训练营']);
    const law = page.records[1]!;
    expect(law).toEqual({
      id: ids['一建法规精讲班'],
      type: 'SYS',
      title: '一建法规精讲班',
      subtitle: null,
      cover: '/c/1.png',
      priceCents: 99900,
      originalPriceCents: 109900,
      salesCount: 0,
      lessonCount: 3,
      projectId: ids.yijian,
      projectName: '一级建造师',
      teachers: [
        { id: ids['李老师'], name: '李老师', avatar: '/t/l.png' },
        { id: ids['王老师'], name: '王老师', avatar: '/t/w.png' },
      ],
    });
    expect(typeof page.total).toBe('number');
    expect(page.records[0]!.priceCents).toBe(500);
    expect(page.records[3]).toMatchObject({ priceCents: 0, originalPriceCents: null, lessonCount: 0, teachers: [] });
  });

  it('pages with current and size', async () => {
    const first = await pageOf({ current: 1, size: 2 });
    const third = await pageOf({ current: '3', size: '2' });
    expect(first.records.map((c) => c.title)).toEqual(['注会加购课', '一建法规精讲班']);
    expect(third).toMatchObject({ total: 5, current: 3, size: 2 });
    expect(third.records.map((c) => c.title)).toEqual(['二建训练营']);
    // Past the end: no rows, still the right total.
    expect(await pageOf({ current: 9, size: 2 })).toEqual({ records: [], total: 5, current: 9, size: 2 });
    expect(await pageOf({ keyword: '没有这门课' })).toEqual({ records: [], total: 0, current: 1, size: 12 });
  });

  it('filters by type (one or several), class ids, keyword and price kind', async () => {
    const titles = async (body: object) => (await pageOf(body)).records.map((c) => c.title);
    expect(await titles({ type: 'SYS' })).toEqual(['一建法规精讲班']);
    expect(await titles({ type: ['FREE', 'EXP'] })).toEqual(['一建公开课', '二建训练营']);
    expect(await titles({ categoryId: ids.finance })).toEqual(['注会加购课']);
    expect(await titles({ projectId: ids.yijian })).toEqual(['一建法规精讲班', '一建管理 100%_通关', '一建公开课']);
    expect(await titles({ subjectId: ids['yijian-mgmt'] })).toEqual(['一建管理 100%_通关']);
    expect(await titles({ keyword: '法规' })).toEqual(['一建法规精讲班']);
    expect(await titles({ keyword: '%' })).toEqual(['一建管理 100%_通关']);
    expect(await titles({ keyword: '_' })).toEqual(['一建管理 100%_通关']);
    expect(await titles({ priceKind: 'FREE' })).toEqual(['一建公开课', '二建训练营']);
    expect(await titles({ priceKind: 'PRO' })).toEqual(['注会加购课', '一建法规精讲班', '一建管理 100%_通关']);
    expect(await titles({ projectId: ids.yijian, priceKind: 'PRO', type: ['PACK'] })).toEqual(['一建管理 100%_通关']);
    // The client's 'all' option: null or 0 means no filter.
    expect((await pageOf({ categoryId: null, projectId: 0, type: null, keyword: '  ', priceKind: null })).total).toBe(5);
  });

  it('rejects invalid input naming the field', async () => {
    const cases: [object, string][] = [
      [{ size: 'x' }, '参数 size 必须是整数'],
      [{ size: 51 }, '参数 size 不能大于 50'],
      [{ current: 0 }, '参数 current 不能小于 1'],
      [{ type: 'VIP' }, '参数 type[0] 取值无效'],
      [{ priceKind: 'CHEAP' }, '参数 priceKind 取值无效'],
      [{ projectId: 'abc' }, '参数 projectId 必须是整数'],
      [{ keyword: 'x'.repeat(51) }, '参数 keyword 长度不能超过 50 个字符'],
    ];
    for (const [payload, msg] of cases) {
      const res = await t.app.inject({ method: 'POST', url: API_CALLS.coursePageList.path, payload });
      expect(res.statusCode, msg).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg, data: null });
    }
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});
