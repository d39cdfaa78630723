/** The resources page: free materials, e-books and their view count, the sealed download link, the sales advisor's QR code. */
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseType } from '../../src/domain/catalog/contract';
import type { EbookItem, EbookViewCount, FileDownloadInfo, ResourceItem, SalesQrcode } from '../../src/domain/catalog/resources';
import { CATALOG_TEXTS } from '../../src/domain/catalog/texts';
import { DAY_MS } from '../../src/domain/commerce/limits';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { Page } from '../../src/domain/shared/envelope';
import { newSealKey, openAnswer, sealedRequestText, type SealedAnswer } from '../../src/domain/shared/sealed';
import { signDownload } from '../../server/catalog/downloads';
import { grantCourse } from '../../server/commerce/entitlements';
import { classes, courses, ebooks, resources, salesAdvisors } from '../../server/db/schema';
import { seedDatabase } from '../../server/db/seed/index';
import { getSecrets } from '../../server/shared/secrets';
import { call, encryptPwd, freshIp } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

let t: TestApp;
let token: string;
let userId: number;
const project: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db);
  for (const row of await t.db.select().from(classes)) project[row.code] = row.id;
  const user = await createUser(t.db);
  userId = user.id;
  token = await loginAs(t.db, user.id);
});
afterAll(() => t.close());

async function data<T>(res: { statusCode: number; body: string; json(): { data: T } }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('resourceFreePageList', () => {
  const page = async (body: object) => data<Page<ResourceItem>>(await call(t, 'resourceFreePageList', { body }));

  it('pages the free resources, newest first, with names and no URL', async () => {
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(resources)
      .where(eq(resources.free, true))) as [{ n: number }];
    const first = await page({});
    expect(first).toMatchObject({ total: n, current: 1, size: 10 });
    expect(first.records).toHaveLength(10);
    const item = first.records[0]!;
    expect(Object.keys(item).sort()).toEqual(['createdAt', 'downloadCount', 'fileType', 'id', 'project', 'size', 'subject', 'title']);
    expect(item.project.name).toBeTruthy();
    const dates = first.records.map((r) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const all = await page({ size: 50, current: 1 });
    const second = await page({ size: 50, current: 2 });
    expect(new Set([...all.records, ...second.records].map((r) => r.id)).size).toBe(n);
    expect(await page({ current: 99 })).toEqual({ records: [], total: n, current: 99, size: 10 });
  });

  it('filters by project, subject, file type and keyword', async () => {
    const byProject = await page({ projectId: project.cjkj, size: 50 });
    expect(byProject.records.every((r) => r.project.id === project.cjkj)).toBe(true);
    expect(byProject.total).toBeGreaterThan(0);
    const bySubject = await page({ subjectId: project['cjkj-jjf'], size: 50 });
    expect(bySubject.records.every((r) => r.subject?.id === project['cjkj-jjf'] && r.subject?.name === '经济法基础')).toBe(true);
    const xlsx = await page({ fileType: 'xlsx', size: 50 });
    expect(xlsx.total).toBeGreaterThan(0);
    expect(xlsx.records.every((r) => r.fileType === 'xlsx')).toBe(true);
    expect((await page({ keyword: '真题', size: 50 })).records.every((r) => r.title.includes('真题'))).toBe(true);
    expect((await page({ projectId: 0, subjectId: null, fileType: null, keyword: '' })).total).toBe((await page({})).total);
    expect((await call(t, 'resourceFreePageList', { body: { fileType: 'exe' } })).json()).toEqual({ code: 400, msg: '参数 fileType 取值无效', data: null });
  });
});

describe('e-books', () => {
  it('lists on-sale e-books with a readable PDF each', async () => {
    const list = await data<Page<EbookItem>>(await call(t, 'resourceInfoList', { body: { size: 50 } }));
    expect(list.total).toBe(10);
    const book = list.records[0]!;
    expect(book).toMatchObject({ title: '一建经济计算题速查手册', author: '王晓峰', project: { name: '一级建造师' }, subject: { name: '建设工程经济' } });
    const pdf = await t.app.inject({ method: 'GET', url: book.readUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ method: 'GET', url: '/static/ebooks/999999.pdf' })).statusCode).toBe(404);
    const jszg = await data<Page<EbookItem>>(await call(t, 'resourceInfoList', { body: { projectId: project.jszg } }));
    expect(jszg.records.map((b) => b.title)).toEqual(['综合素质作文素材精选', '教育心理学核心理论一本通']);
    expect((await data<Page<EbookItem>>(await call(t, 'resourceInfoList', { body: { keyword: '税率' } }))).total).toBe(1);
  });

  it('counts a view once per address and hour, atomically', async () => {
    const [book] = await t.db.select().from(ebooks).where(eq(ebooks.title, '初级会计分录100例'));
    const view = (ip: string) => call(t, 'ebookAddViewNum', { params: { id: book!.id }, ip });
    const ip = freshIp();
    expect(await data<EbookViewCount>(await view(ip))).toEqual({ viewCount: book!.viewCount + 1, counted: true });
    expect(await data<EbookViewCount>(await view(ip))).toEqual({ viewCount: book!.viewCount + 1, counted: false });
    expect(await data<EbookViewCount>(await view(freshIp()))).toEqual({ viewCount: book!.viewCount + 2, counted: true });
    const burst = freshIp();
    const answers = await Promise.all(Array.from({ length: 12 }, () => view(burst)));
    expect(answers.filter((res) => res.json().data.counted)).toHaveLength(1);
    const [after] = await t.db.select({ viewCount: ebooks.viewCount }).from(ebooks).where(eq(ebooks.id, book!.id));
    expect(after!.viewCount).toBe(book!.viewCount + 3);
  });

  it('refuses an unknown or off-sale e-book without counting, and a cross-site view', async () => {
    expect((await call(t, 'ebookAddViewNum', { params: { id: 999_999 } })).json()).toEqual({ code: 404, msg: '电子书不存在或已下架', data: null });
    const [book] = await t.db.select().from(ebooks).where(eq(ebooks.title, '执业药师药事法规考点手册'));
    await t.db.update(ebooks).set({ status: 'OFF_SHELF' }).where(eq(ebooks.id, book!.id));
    expect((await call(t, 'ebookAddViewNum', { params: { id: book!.id }, ip: freshIp() })).statusCode).toBe(404);
    await t.db.update(ebooks).set({ status: 'ON_SALE' }).where(eq(ebooks.id, book!.id));
    const cross = await call(t, 'ebookAddViewNum', { params: { id: book!.id }, ip: freshIp(), headers: { 'sec-fetch-site': 'cross-site' } });
    expect(cross.statusCode).toBe(403);
    const [after] = await t.db.select({ viewCount: ebooks.viewCount }).from(ebooks).where(eq(ebooks.id, book!.id));
    expect(after!.viewCount).toBe(book!.viewCount);
  });
});

describe('fileDownloadUrl', () => {
  /** What the browser does (services/http/sealed.ts): a fresh key beside the body, RSA-encrypted with the published key. */
  async function sealed(body: unknown): Promise<{ payload: { sealed: string }; key: Uint8Array }> {
    const key = newSealKey();
    return { payload: { sealed: await encryptPwd(t, sealedRequestText(body, key)!) }, key };
  }

  async function resourceNamed(title: string) {
    const [row] = await t.db.select().from(resources).where(eq(resources.title, title));
    return row!;
  }

  async function askLink(resourceId: number, as = token): Promise<FileDownloadInfo> {
    const { payload, key } = await sealed({ resourceId });
    const answer = await data<SealedAnswer>(await call(t, 'fileDownloadUrl', { body: payload, token: as }));
    expect(Object.keys(answer).sort()).toEqual(['iv', 'sealed']);
    return openAnswer<FileDownloadInfo>(key, answer, LEARNING_CALLS.fileDownloadUrl.path);
  }

  it('answers a sealed, signed, short-lived link that downloads the file and counts it', async () => {
    const pdf = await resourceNamed('2027一建经济公式汇总.pdf');
    const askedFrom = Date.now();
    const info = await askLink(pdf.id);
    const answeredBy = Date.now();
    expect(info).toMatchObject({
      fileName: '2027一建经济公式汇总.pdf',
      size: pdf.sizeBytes,
      url: expect.stringMatching(/^\/static\/downloads\/\d+\?uid=\d+&exp=\d+&sig=/),
    });
    // Five minutes from when it was signed, within the request (to the second: the link carries Unix seconds).
    const expiresAt = Date.parse(info.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(askedFrom / 1000) * 1000 + 300_000);
    expect(expiresAt).toBeLessThanOrEqual(answeredBy + 300_000);
    const file = await t.app.inject({ method: 'GET', url: info.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('2027一建经济公式汇总.pdf')}`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [after] = await t.db.select({ n: resources.downloadCount }).from(resources).where(eq(resources.id, pdf.id));
    expect(after!.n).toBe(pdf.downloadCount + 1);

    const docx = await askLink((await resourceNamed('2027一建法规重点法条汇编.docx')).id);
    const word = await t.app.inject({ method: 'GET', url: docx.url });
    expect(word.headers['content-type']).toContain('wordprocessingml');
    expect(word.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(word.rawPayload.toString('utf8')).toContain('2027一建法规重点法条汇编.docx');
  });

  it('refuses a forged, altered or expired link', async () => {
    const pdf = await resourceNamed('一建经济复利系数表.xlsx');
    const info = await askLink(pdf.id);
    const url = new URL(info.url, 'http://x');
    const variants = [
      info.url.replace(/sig=[^&]+/, 'sig=AAAA'),
      `${url.pathname.replace(String(pdf.id), String(pdf.id + 1))}${url.search}`,
      info.url.replace(/uid=\d+/, `uid=${userId + 1}`),
      info.url.replace(/exp=(\d+)/, (_m, exp: string) => `exp=${Number(exp) + 3600}`),
      url.pathname,
    ];
    const { hmacKey } = await getSecrets(t.db);
    variants.push(signDownload(hmacKey, pdf.id, userId, new Date(Date.now() - 301_000)).url);
    for (const bad of variants) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ code: 403, msg: '下载链接已失效，请重新获取', data: null });
    }
  });

  it('opens a paid resource to a student with live access to a paid course of its project, and to no one else', async () => {
    const paid = await resourceNamed('2027一建经济计算题50道精选（含解析）.pdf');
    expect(paid.free).toBe(false);
    const courseOf = async (title: string) => (await t.db.select().from(courses).where(eq(courses.title, title)))[0]!;
    const economics = await courseOf('2027一级建造师《建设工程经济》精讲班');
    const planning = await courseOf('2027一建备考规划直播回放');
    const otherProject = (
      await t.db
        .select()
        .from(courses)
        .where(and(ne(courses.projectId, paid.projectId), ne(courses.type, 'FREE')))
        .limit(1)
    )[0]!;
    expect([economics.projectId, planning.projectId, planning.type]).toEqual([paid.projectId, paid.projectId, 'FREE']);
    const now = new Date();
    const student = async (grant?: { course: typeof economics; start: Date; days: number }) => {
      const user = await createUser(t.db);
      if (grant) {
        const { course, start, days } = grant;
        await grantCourse(t.db, { userId: user.id, courseId: course.id, courseType: course.type as CourseType, source: 'GIFT', start, validDays: days });
      }
      return loginAs(t.db, user.id);
    };
    const refusedFor = [
      await student(),
      await student({ course: planning, start: now, days: 365 }),
      await student({ course: otherProject, start: now, days: 365 }),
      await student({ course: economics, start: new Date(now.getTime() - 400 * DAY_MS), days: 365 }),
    ];
    for (const as of refusedFor) {
      const res = await call(t, 'fileDownloadUrl', { body: (await sealed({ resourceId: paid.id })).payload, token: as });
      expect(res.json()).toEqual({ code: 403, msg: CATALOG_TEXTS.resourceNotFree, data: null });
    }
    const [untouched] = await t.db.select({ n: resources.downloadCount }).from(resources).where(eq(resources.id, paid.id));
    expect(untouched!.n).toBe(paid.downloadCount);

    const info = await askLink(paid.id, await student({ course: economics, start: now, days: 365 }));
    expect(info.fileName).toBe('2027一建经济计算题50道精选（含解析）.pdf');
    const file = await t.app.inject({ method: 'GET', url: info.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [counted] = await t.db.select({ n: resources.downloadCount }).from(resources).where(eq(resources.id, paid.id));
    expect(counted!.n).toBe(paid.downloadCount + 1);
  });

  it('needs a login, a sealed request that opens, a known resource the user may have; errors count nothing', async () => {
    const paid = await resourceNamed('2027一建经济计算题50道精选（含解析）.pdf');
    const before = await t.db.select({ id: resources.id, n: resources.downloadCount }).from(resources);
    const { payload } = await sealed({ resourceId: paid.id });
    expect((await call(t, 'fileDownloadUrl', { body: payload })).statusCode).toBe(401);
    const refused = await call(t, 'fileDownloadUrl', { body: payload, token });
    expect(refused.json()).toEqual({ code: 403, msg: '该资料为课程学员专享，请购买相关课程后在学习中心下载', data: null });
    expect((await call(t, 'fileDownloadUrl', { body: (await sealed({ resourceId: 999_999 })).payload, token })).statusCode).toBe(404);
    for (const body of [{ resourceId: 'x' }, { resourceId: -1 }, {}, null]) {
      expect((await call(t, 'fileDownloadUrl', { body: (await sealed(body)).payload, token })).json().msg).toBe('参数 resourceId 必须是正整数');
    }
    const notOurs = { sealed: Buffer.from('x'.repeat(256)).toString('base64') };
    expect((await call(t, 'fileDownloadUrl', { body: notOurs, token })).json()).toEqual({ code: 400, msg: '请求已失效，请刷新页面后重试', data: null });
    // Sealed with our key but not in the sealed format (a bare password field, say).
    const bare = { sealed: await encryptPwd(t, JSON.stringify({ resourceId: paid.id })) };
    expect((await call(t, 'fileDownloadUrl', { body: bare, token })).statusCode).toBe(400);
    expect(await t.db.select({ id: resources.id, n: resources.downloadCount }).from(resources)).toEqual(before);
  });
});

describe('salesQrcode', () => {
  it("answers the project's advisor, else the general one, with a QR code image", async () => {
    const yijian = await data<SalesQrcode>(await call(t, 'salesQrcode', { body: { projectId: project.yjjz } }));
    expect(yijian).toMatchObject({
      name: '陈老师',
      wechatId: 'xuetu-yijian01',
      projectId: project.yjjz,
      qrcodeUrl: expect.stringMatching(/^\/static\/qrcode\?text=/),
    });
    const svg = await t.app.inject({ method: 'GET', url: yijian.qrcodeUrl });
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain('<svg');
    const general = await data<SalesQrcode>(await call(t, 'salesQrcode', { body: {} }));
    expect(general).toMatchObject({ name: '小途老师', projectId: null });
    expect(await data<SalesQrcode>(await call(t, 'salesQrcode', { body: { projectId: 999_999 } }))).toEqual(general);
    // A disabled advisor gives way to the general one (the cached answer is dropped with the change).
    await t.db.update(salesAdvisors).set({ enabled: false }).where(eq(salesAdvisors.wechatId, 'xuetu-yijian01'));
    await expect.poll(async () => (await call(t, 'salesQrcode', { body: { projectId: project.yjjz } })).json().data.name).toBe('小途老师');
  });
});
