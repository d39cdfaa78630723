/** The demo-data seed on a fresh, migrated in-memory PGlite. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFeedback } from '../../server/db/seed/feedback';
import { hashPassword, verifyPassword } from '../../server/accounts/password';
import { openDatabase, type DatabaseHandle, type Db } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import * as s from '../../server/db/schema';
import { demoUsers, SEED_VERSION_KEY, seedDatabase } from '../../server/db/seed/index';
import { COURSE_TYPES } from '../../src/domain/catalog/contract';
import { COURSEWARE_TYPES } from '../../src/domain/learning/rules';
import { QUESTION_TYPES } from '../../src/domain/questionBank/contract';

const TABLES: Record<string, PgTable> = {
  classes: s.classes,
  teachers: s.teachers,
  adSlots: s.adSlots,
  adItems: s.adItems,
  siteParams: s.siteParams,
  courses: s.courses,
  coursePackItems: s.coursePackItems,
  courseSkus: s.courseSkus,
  catalogues: s.catalogues,
  coursewares: s.coursewares,
  resources: s.resources,
  ebooks: s.ebooks,
  salesAdvisors: s.salesAdvisors,
  papers: s.papers,
  questions: s.questions,
  paperQuestions: s.paperQuestions,
  sections: s.sections,
  sectionQuestions: s.sectionQuestions,
  users: s.users,
  sessions: s.sessions,
  campStages: s.campStages,
  couponTemplates: s.couponTemplates,
  userCoupons: s.userCoupons,
  couponActivities: s.couponActivities,
  activityCourses: s.activityCourses,
  activityCoupons: s.activityCoupons,
  redeemCodes: s.redeemCodes,
  userProducts: s.userProducts,
  orders: s.orders,
  orderItems: s.orderItems,
  payments: s.payments,
};

async function countRows(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    out[name] = Number(row?.n ?? 0);
  }
  return out;
}

/** '/new/demo/x.svg' → public/demo/x.svg exists. */
function assetExists(url: string): boolean {
  expect(url.startsWith('/new/')).toBe(true);
  return existsSync(path.join(process.cwd(), 'public', url.slice('/new/'.length)));
}

describe('seedDatabase', () => {
  let handle: DatabaseHandle;
  let db: Db;
  let firstCounts: Record<string, number>;

  beforeAll(async () => {
    handle = await openDatabase({});
    await migrateDatabase(handle);
    db = handle.db;
    const started = performance.now();
    expect(await seedDatabase(db)).toEqual({ seeded: true });
    const ms = performance.now() - started;
    console.info(`seed loaded in ${Math.round(ms)} ms`);
    firstCounts = await countRows(db);
    console.info('seed counts', firstCounts);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('fills every content table and writes the marker', async () => {
    for (const [name, n] of Object.entries(firstCounts)) if (name !== 'sessions') expect(n, name).toBeGreaterThan(0);
    const marker = await db.select().from(s.siteParams).where(eq(s.siteParams.key, SEED_VERSION_KEY));
    expect(marker).toHaveLength(1);
    expect(firstCounts.questions).toBeGreaterThanOrEqual(120);
    for (const key of ['site.contact', 'site.icp', 'site.company', 'app.download', 'customer.service', 'qb.exam.notice', 'course.purchase.notice']) {
      const [param] = await db.select().from(s.siteParams).where(eq(s.siteParams.key, key));
      expect(param?.value, key).toBeTruthy();
    }
    const [app] = await db.select().from(s.siteParams).where(eq(s.siteParams.key, 'app.download'));
    expect(JSON.parse(app!.value)).toMatchObject({ version: expect.any(String), features: expect.any(Array) });
  });

  it('builds a three-level class tree', async () => {
    const rows = await db.select().from(s.classes);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(new Set(rows.map((r) => r.level))).toEqual(new Set([1, 2, 3]));
    for (const row of rows) {
      if (row.level === 1) expect(row.parentId).toBe(0);
      else expect(byId.get(row.parentId)?.level).toBe(row.level - 1);
    }
    expect(rows.find((r) => r.name === '一级建造师')?.level).toBe(2);
  });

  it('has every course type, question type and courseware type', async () => {
    const courseTypes = await db.selectDistinct({ t: s.courses.type }).from(s.courses);
    expect(courseTypes.map((r) => r.t).sort()).toEqual([...COURSE_TYPES].sort());
    const questionTypes = await db.selectDistinct({ t: s.questions.type }).from(s.questions);
    expect(questionTypes.map((r) => r.t).sort()).toEqual([...QUESTION_TYPES].sort());
    const wareTypes = await db.selectDistinct({ t: s.coursewares.type }).from(s.coursewares);
    for (const t of wareTypes) expect(COURSEWARE_TYPES).toContain(t.t);
    for (const t of ['VIDEO', 'AUDIO', 'EBOOK', 'PAPER']) expect(wareTypes.map((r) => r.t)).toContain(t);
  });

  it('gives each REAL paper at least 15 questions whose scores add up to the total', async () => {
    const reals = await db.select().from(s.papers).where(eq(s.papers.paperType, 'REAL'));
    expect(reals.length).toBeGreaterThanOrEqual(4);
    for (const paper of reals) {
      const [agg] = await db
        .select({ n: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${s.paperQuestions.score}), 0)::int` })
        .from(s.paperQuestions)
        .where(eq(s.paperQuestions.paperId, paper.id));
      expect(agg!.n, paper.name).toBeGreaterThanOrEqual(15);
      expect(agg!.total, paper.name).toBe(paper.totalScore);
    }
    const all = await db.select().from(s.papers);
    expect(new Set(all.map((p) => p.paperType))).toEqual(new Set(['REAL', 'MOCK', 'DAILY', 'CHAPTER']));
  });

  it('gives CASE questions sub-questions and well-formed answers everywhere', async () => {
    const rows = await db.select().from(s.questions);
    const cases = rows.filter((q) => q.type === 'CASE');
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      const subs = rows.filter((q) => q.parentId === c.id);
      expect(subs.length, c.stem.slice(0, 20)).toBeGreaterThan(0);
      for (const sub of subs) expect(['SINGLE', 'MULTIPLE', 'SHORT_ANSWER']).toContain(sub.type);
    }
    for (const q of rows) {
      expect(q.analysis.length, `analysis of ${q.id}`).toBeGreaterThan(0);
      const keys = q.options.map((o) => o.key);
      if (q.type === 'SINGLE') expect(keys).toEqual(['A', 'B', 'C', 'D']);
      if (q.type === 'MULTIPLE') expect(keys).toEqual(['A', 'B', 'C', 'D', 'E']);
      if (q.type === 'JUDGE')
        expect(q.options).toEqual([
          { key: 'A', text: '正确' },
          { key: 'B', text: '错误' },
        ]);
      if (['SINGLE', 'MULTIPLE', 'INDEFINITE', 'JUDGE'].includes(q.type)) for (const a of q.answer) expect(keys).toContain(a);
      if (q.type === 'FILL') expect(q.stem.split('____').length - 1).toBe(q.answer.length);
    }
    // Sub-questions are reached through their CASE, never linked to a paper directly.
    const linkedSubs = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.paperQuestions)
      .innerJoin(s.questions, eq(s.questions.id, s.paperQuestions.questionId))
      .where(isNotNull(s.questions.parentId));
    expect(linkedSubs[0]!.n).toBe(0);
  });

  it('gives courses catalogues, coursewares, SKUs, auditions and existing artwork', async () => {
    const courses = await db.select().from(s.courses);
    const wares = await db.select().from(s.coursewares);
    const cats = await db.select().from(s.catalogues);
    const skus = await db.select().from(s.courseSkus);
    const paperIds = new Set((await db.select({ id: s.papers.id }).from(s.papers)).map((p) => p.id));
    const teacherIds = new Set((await db.select({ id: s.teachers.id }).from(s.teachers)).map((t) => t.id));
    expect(courses.filter((c) => c.status === 'OFF_SHELF').length).toBeGreaterThanOrEqual(1);
    for (const c of courses) {
      expect(assetExists(c.cover), c.cover).toBe(true);
      expect(c.intro).toContain('【适合人群】');
      for (const id of c.teacherIds) expect(teacherIds.has(id)).toBe(true);
      const own = wares.filter((w) => w.courseId === c.id);
      if (c.type === 'PACK') {
        expect(own).toHaveLength(0);
        const items = await db.select().from(s.coursePackItems).where(eq(s.coursePackItems.packId, c.id));
        expect(items.length, c.title).toBeGreaterThan(1);
      } else {
        expect(cats.filter((k) => k.courseId === c.id && k.parentId === 0).length, c.title).toBeGreaterThan(0);
        expect(own.length, c.title).toBeGreaterThan(0);
        expect(
          own.some((w) => w.freeAudition),
          c.title,
        ).toBe(true);
      }
      if (c.type === 'FREE') expect(c.priceCents).toBe(0);
      else expect(Math.min(...skus.filter((k) => k.courseId === c.id).map((k) => k.priceCents)), c.title).toBe(c.priceCents);
    }
    for (const w of wares) {
      if (w.type === 'PAPER') expect(paperIds.has(w.paperId ?? -1)).toBe(true);
      if (w.type === 'VIDEO') expect(w.durationSeconds).toBeGreaterThanOrEqual(600);
      const cat = cats.find((k) => k.id === w.catalogueId);
      expect(cat?.courseId).toBe(w.courseId);
      expect(cat?.parentId).not.toBe(0);
    }
    const addOns = courses.filter((c) => c.type === 'ADD');
    const addLinks = await db
      .select()
      .from(s.coursePackItems)
      .where(
        inArray(
          s.coursePackItems.courseId,
          addOns.map((c) => c.id),
        ),
      );
    expect(new Set(addLinks.map((l) => l.courseId))).toEqual(new Set(addOns.map((c) => c.id)));
    for (const t of await db.select().from(s.teachers)) expect(assetExists(t.avatar), t.avatar).toBe(true);
  });

  it('opens every camp in cohorts (SKUs) starting on upcoming Mondays, with back-to-back stages its chapters belong to', async () => {
    const camps = await db.select().from(s.courses).where(eq(s.courses.type, 'EXP'));
    expect(camps.length).toBeGreaterThanOrEqual(2);
    for (const camp of camps) {
      const cohorts = await db.select().from(s.courseSkus).where(eq(s.courseSkus.courseId, camp.id));
      expect(cohorts.length, camp.title).toBeGreaterThanOrEqual(2);
      for (const cohort of cohorts) {
        expect(cohort.startsAt!.getTime(), cohort.name).toBeGreaterThan(Date.now());
        // 09:00 Beijing time (01:00 UTC) on a Monday.
        expect([cohort.startsAt!.getUTCDay(), cohort.startsAt!.getUTCHours(), cohort.startsAt!.getUTCMinutes()], cohort.name).toEqual([1, 1, 0]);
      }
      const stages = await db.select().from(s.campStages).where(eq(s.campStages.courseId, camp.id)).orderBy(asc(s.campStages.sort));
      expect(stages.length, camp.title).toBeGreaterThanOrEqual(3);
      expect(stages[0]!.startDay).toBe(0);
      for (let i = 1; i < stages.length; i++) expect(stages[i]!.startDay, `${camp.title} stage ${i}`).toBe(stages[i - 1]!.startDay + stages[i - 1]!.days);
      expect(stages.every((stage) => stage.intro.length > 0 && stage.days > 0)).toBe(true);
      const chapters = await db
        .select()
        .from(s.catalogues)
        .where(and(eq(s.catalogues.courseId, camp.id), eq(s.catalogues.parentId, 0)))
        .orderBy(asc(s.catalogues.sort));
      expect(chapters.map((c) => c.stageId)).toEqual(stages.map((stage) => stage.id));
    }
  });

  it('gives playable media to videos, live replays and audio, and a paper or nothing to the rest', async () => {
    const wares = await db.select().from(s.coursewares);
    for (const w of wares) {
      if (w.type === 'VIDEO' || w.type === 'LIVE') expect(w.mediaUrl, w.name).toBe('/new/demo/media/audition.mp4');
      else if (w.type === 'AUDIO') expect(w.mediaUrl, w.name).toBe('/new/demo/media/audition.m4a');
      else expect(w.mediaUrl, w.name).toBeNull();
    }
    for (const url of new Set(wares.map((w) => w.mediaUrl).filter((u): u is string => u !== null))) expect(assetExists(url), url).toBe(true);
    const auditions = wares.filter((w) => w.freeAudition && w.mediaUrl);
    expect(auditions.length).toBeGreaterThan(10);
  });

  it('has e-books and an advisor for every project plus a general one, with existing artwork', async () => {
    const books = await db.select().from(s.ebooks);
    const projects = await db.select().from(s.classes).where(eq(s.classes.level, 2));
    for (const book of books) {
      expect(assetExists(book.cover), book.cover).toBe(true);
      expect(projects.map((p) => p.id)).toContain(book.projectId);
      expect(book.viewCount).toBeGreaterThan(0);
    }
    expect(new Set(books.map((b) => b.projectId)).size).toBe(projects.length);
    const advisors = await db.select().from(s.salesAdvisors);
    expect(advisors.filter((a) => a.projectId === null)).toHaveLength(1);
    for (const project of projects)
      expect(
        advisors.some((a) => a.projectId === project.id),
        project.name,
      ).toBe(true);
    for (const advisor of advisors) {
      expect(assetExists(advisor.avatar), advisor.avatar).toBe(true);
      expect(advisor.qrcodeText).toContain(advisor.wechatId);
    }
  });

  it('points ads at existing courses and existing images', async () => {
    const items = await db.select().from(s.adItems).orderBy(asc(s.adItems.slotCode), asc(s.adItems.sort));
    const courseIds = new Set((await db.select({ id: s.courses.id }).from(s.courses)).map((c) => c.id));
    const banners = items.filter((i) => i.slotCode === 'PC_HOME_BANNER');
    expect(banners).toHaveLength(4);
    for (const item of items) {
      expect(assetExists(item.imageUrl), item.imageUrl).toBe(true);
      const m = /^\/course\/detail\/(\d+)$/.exec(item.linkUrl ?? '');
      if (item.slotCode === 'PC_HOME_BANNER') expect(m, item.title).not.toBeNull();
      if (m) expect(courseIds.has(Number(m[1])), item.linkUrl ?? '').toBe(true);
    }
    const slots = new Set(items.map((i) => i.slotCode));
    for (const code of ['PC_HOME_BANNER', 'PC_HOME_SIDE', 'PC_LOGIN_BG', 'PC_COURSE_LIST_TOP']) expect(slots.has(code)).toBe(true);
    for (const gender of ['male', 'female', 'unknown']) expect(assetExists(`/new/avatars/${gender}.svg`)).toBe(true);
  });

  it('creates demo users whose passwords verify', async () => {
    for (const demo of demoUsers) {
      const [user] = await db.select().from(s.users).where(eq(s.users.mobile, demo.mobile));
      expect(user).toBeDefined();
      expect(user!.passwordHash).not.toContain(demo.password);
      expect(await verifyPassword(demo.password, user!.passwordHash)).toBe(true);
      expect(await verifyPassword('wrong-password', user!.passwordHash)).toBe(false);
      expect(user!.gender).toBe(demo.gender);
      const [project] = await db.select().from(s.classes).where(eq(s.classes.id, user!.projectId!));
      expect(project?.level).toBe(2);
      expect(user!.projectName).toBe(project?.name);
    }
    const [student] = await db.select().from(s.users).where(eq(s.users.mobile, '13800138000'));
    expect(student).toMatchObject({ nickname: '学途同学', gender: 'MALE', projectName: '一级建造师' });
  });

  it('sells with printed material, coupons, an activity and redeem codes', async () => {
    const skus = await db.select().from(s.courseSkus);
    expect(skus.filter((k) => k.shipsMaterial).length).toBeGreaterThanOrEqual(3);
    const templates = await db.select().from(s.couponTemplates);
    expect(new Set(templates.map((t) => t.kind))).toEqual(new Set(['FIXED', 'PERCENT']));
    expect(templates.some((t) => t.thresholdCents > 0) && templates.some((t) => t.thresholdCents === 0)).toBe(true);
    expect(templates.some((t) => t.courseIds !== null) && templates.some((t) => t.totalQuantity !== null)).toBe(true);
    const [activity] = await db.select().from(s.couponActivities);
    expect(activity!.startsAt.getTime()).toBeLessThan(Date.now());
    expect(activity!.endsAt.getTime()).toBeGreaterThan(Date.now());
    const [demoCode] = await db.select().from(s.redeemCodes).where(eq(s.redeemCodes.code, 'XT27JJ01DEMO'));
    expect(demoCode).toMatchObject({ usedAt: null });
    expect(demoCode!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('gives the demo student courses, coupons and an order history priced by the rules', async () => {
    const [student] = await db.select().from(s.users).where(eq(s.users.mobile, '13800138000'));
    const owned = await db.select().from(s.userProducts).where(eq(s.userProducts.userId, student!.id));
    expect(owned.map((p) => `${p.courseType}:${p.source}`).sort()).toEqual(['ADD:ORDER', 'FREE:FREE', 'SYS:ORDER']);
    for (const p of owned) expect(p.validUntil.getTime()).toBeGreaterThan(Date.now());
    const history = await db.select().from(s.orders).where(eq(s.orders.userId, student!.id));
    expect(history.map((o) => o.status).sort()).toEqual(['CANCELLED', 'PAID', 'PAID', 'PENDING']);
    // The unpaid one is long past its 30 minutes: it reads as closed.
    expect(history.find((o) => o.status === 'PENDING')!.expiresAt.getTime()).toBeLessThan(Date.now());
    for (const order of history) {
      const items = await db.select().from(s.orderItems).where(eq(s.orderItems.orderId, order.id));
      expect(order.totalCents).toBe(items.reduce((sum, i) => sum + i.priceCents, 0));
      expect(order.payCents).toBe(order.totalCents - order.discountCents);
      if (order.status === 'PAID') {
        const [payment] = await db.select().from(s.payments).where(eq(s.payments.orderId, order.id));
        expect(payment).toMatchObject({ status: 'PAID', amountCents: order.payCents });
      }
    }
    const coupons = await db.select().from(s.userCoupons).where(eq(s.userCoupons.userId, student!.id));
    const used = coupons.filter((c) => c.usedAt);
    expect(used).toHaveLength(1);
    expect(history.find((o) => o.id === used[0]!.usedOrderId)).toMatchObject({ status: 'PAID', discountCents: 5000 });
    expect(coupons.filter((c) => !c.usedAt && c.validUntil.getTime() > Date.now()).length).toBeGreaterThanOrEqual(3);
    expect(coupons.filter((c) => !c.usedAt && c.validUntil.getTime() <= Date.now())).toHaveLength(1);
    const [other] = await db.select().from(s.users).where(eq(s.users.mobile, '13900139000'));
    const theirs = await db.select().from(s.userProducts).where(eq(s.userProducts.userId, other!.id));
    expect(theirs.filter((p) => p.viaPackId !== null)).toHaveLength(2);
  });

  it('gives the demo student one answered feedback', async () => {
    const [student] = await db.select().from(s.users).where(eq(s.users.mobile, demoFeedback.mobile));
    const rows = await db.select().from(s.feedbacks).where(eq(s.feedbacks.userId, student!.id));
    expect(rows).toEqual([expect.objectContaining({ status: 'REPLIED', content: demoFeedback.content, reply: demoFeedback.reply, images: [] })]);
    expect(rows[0]!.repliedAt!.getTime()).toBeGreaterThan(rows[0]!.createdAt.getTime());
  });

  it('does nothing on a second call', async () => {
    expect(await seedDatabase(db)).toEqual({ seeded: false });
    expect(await countRows(db)).toEqual(firstCounts);
  });

  it('reset reloads the same data, keeps other users and drops demo sessions', async () => {
    const [other] = await db
      .insert(s.users)
      .values({ mobile: '13700137000', nickname: '其他同学', passwordHash: await hashPassword('other123') })
      .returning();
    const [student] = await db.select().from(s.users).where(eq(s.users.mobile, '13800138000'));
    await db.insert(s.sessions).values([
      { tokenHash: 'a'.repeat(64), userId: student!.id, expiresAt: new Date(Date.now() + 3_600_000) },
      { tokenHash: 'b'.repeat(64), userId: other!.id, expiresAt: new Date(Date.now() + 3_600_000) },
    ]);
    const packBefore = await db.select({ id: s.courses.id, title: s.courses.title }).from(s.courses).orderBy(asc(s.courses.id));

    const started = performance.now();
    expect(await seedDatabase(db, { reset: true })).toEqual({ seeded: true });
    console.info(`seed reset in ${Math.round(performance.now() - started)} ms`);

    const after = await countRows(db);
    expect(after).toEqual({ ...firstCounts, users: firstCounts.users! + 1, sessions: 1 });
    const remaining = await db.select().from(s.sessions);
    expect(remaining.map((r) => r.userId)).toEqual([other!.id]);
    // Ids restart, so the reloaded content keeps its ids.
    expect(await db.select({ id: s.courses.id, title: s.courses.title }).from(s.courses).orderBy(asc(s.courses.id))).toEqual(packBefore);
    const [again] = await db.select().from(s.users).where(eq(s.users.mobile, '13800138000'));
    expect(await verifyPassword('xuetu123', again!.passwordHash)).toBe(true);
    expect(await seedDatabase(db)).toEqual({ seeded: false });
  });
});
