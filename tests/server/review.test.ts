/**
 * 今日复习 on the server (issue 22, docs/questionBank.md "Review, mastery and smart practice"): cards
 * from missed answers and favourites, FSRS grading (each stored due date is what ts-fsrs computes
 * from the card's own log), the due count, mastery by the domain rule, the smart practice's choice,
 * the exam seal, and one student's cards out of another's reach. PGlite, and PostgreSQL under
 * scripts/with-postgres.sh.
 */
import { and, asc, eq } from 'drizzle-orm';
import { createEmptyCard, fsrs, type Card } from 'ts-fsrs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswerEntry, ChapterMasteryView, DailyStat, RecordSaveResult, ReviewDue } from '../../src/domain/questionBank/contract';
import { chapterMastery, masteryPercent, recentDays, REVIEW_SLOW_ANSWER_SECONDS } from '../../src/domain/questionBank/review';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import { classes, paperQuestions, papers, questionProgress, questions, reviewCards, reviewLogs, sectionQuestions, sections } from '../../server/db/schema';
import { REVIEW_FSRS_PARAMETERS } from '../../server/questionBank/review/scheduler';
import type { Clock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

class StepClock implements Clock {
  constructor(public ms: number) {}
  now(): Date {
    return new Date(this.ms);
  }
  step(ms: number): void {
    this.ms += ms;
  }
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** 10:00 in Beijing: the review day has 14 hours left. */
const START = Date.UTC(2026, 10, 26, 2, 0, 0);

interface Bank {
  project: number;
  subject: number;
  otherSubject: number;
  /** Chapter 1 (with a sub-section 1.1) and chapter 2. */
  chapter1: number;
  section11: number;
  chapter2: number;
  /** Chapter 1's singles (s1…s4 in 1, s5 in 1.1), the multiple, the case with two objective subs. */
  s: number[];
  multi: number;
  caseId: number;
  caseA: number;
  caseB: number;
  /** Chapter 2's singles. */
  t: number[];
  paper: number;
}

let app: TestApp;
let clock: StepClock;
let bank: Bank;
let version = 1;

function data<T>(res: { json(): unknown }): T {
  return (res.json() as { data: T }).data;
}

async function seed(t: TestApp): Promise<Bank> {
  const [project] = await t.db.insert(classes).values({ parentId: 1, name: '复习项目', code: 'rv-p', level: 2 }).returning();
  const [subject] = await t.db.insert(classes).values({ parentId: project!.id, name: '复习科目', code: 'rv-s', level: 3, sort: 1 }).returning();
  const [other] = await t.db.insert(classes).values({ parentId: project!.id, name: '另一科目', code: 'rv-o', level: 3, sort: 2 }).returning();
  const subjectId = subject!.id;
  const options = ['A', 'B', 'C', 'D'].map((key) => ({ key, text: `选项${key}` }));
  const insert = async (type: string, answer: string[], extra: Partial<typeof questions.$inferInsert> = {}) => {
    const [row] = await t.db
      .insert(questions)
      .values({ type, subjectId, stem: `题干${type}`, options: type === 'CASE' ? [] : options, answer, analysis: '解析', ...extra })
      .returning({ id: questions.id });
    return row!.id;
  };
  const s: number[] = [];
  for (let i = 0; i < 5; i += 1) s.push(await insert('SINGLE', ['A'], { sort: i }));
  const multi = await insert('MULTIPLE', ['A', 'C']);
  const caseId = await insert('CASE', []);
  const caseA = await insert('SINGLE', ['B'], { parentId: caseId, sort: 1 });
  const caseB = await insert('SINGLE', ['C'], { parentId: caseId, sort: 2 });
  await insert('SHORT_ANSWER', ['要点'], { parentId: caseId, sort: 3 });
  const tq: number[] = [];
  for (let i = 0; i < 12; i += 1) tq.push(await insert('SINGLE', ['D'], { sort: 10 + i }));
  await t.db.insert(questions).values({ type: 'SINGLE', subjectId: other!.id, stem: '他科', options, answer: ['A'], analysis: '' });

  const [chapter1] = await t.db.insert(sections).values({ subjectId, name: '第一章 总论', sort: 1 }).returning();
  const [section11] = await t.db.insert(sections).values({ subjectId, parentId: chapter1!.id, name: '1.1 概念', sort: 1 }).returning();
  const [chapter2] = await t.db.insert(sections).values({ subjectId, name: '第二章 实务', sort: 2 }).returning();
  await t.db
    .insert(sectionQuestions)
    .values([
      ...[s[0]!, s[1]!, s[2]!, s[3]!, multi, caseId].map((questionId, i) => ({ sectionId: chapter1!.id, questionId, sort: i })),
      { sectionId: section11!.id, questionId: s[4]!, sort: 0 },
      ...tq.map((questionId, i) => ({ sectionId: chapter2!.id, questionId, sort: i })),
    ]);
  const [paper] = await t.db
    .insert(papers)
    .values({ name: '复习模拟卷', projectId: project!.id, subjectId, paperType: 'MOCK', durationMinutes: 60, totalScore: 4, passScore: 2, free: true })
    .returning();
  await t.db.insert(paperQuestions).values([
    { paperId: paper!.id, questionId: s[0]!, score: 2, sort: 1 },
    { paperId: paper!.id, questionId: tq[0]!, score: 2, sort: 2 },
  ]);
  return {
    project: project!.id,
    subject: subjectId,
    otherSubject: other!.id,
    chapter1: chapter1!.id,
    section11: section11!.id,
    chapter2: chapter2!.id,
    s,
    multi,
    caseId,
    caseA,
    caseB,
    t: tq,
    paper: paper!.id,
  };
}

async function student(name: string) {
  const user = await createUser(app.db, { nickname: name });
  return { userId: user.id, token: await loginAs(app.db, user.id) };
}

const entry = (questionId: number, answer: string[], spentSeconds?: number): AnswerEntry => ({
  questionId,
  answer,
  flagged: false,
  version: (version += 1),
  ...(spentSeconds === undefined ? {} : { spentSeconds }),
});

async function save(token: string, body: object, status = 200) {
  const res = await call(app, 'qbRecordSave', { token, body });
  expect(res.statusCode, res.body).toBe(status);
  return res;
}

async function start(token: string, body: object): Promise<number> {
  return data<RecordSaveResult>(await save(token, { ...body, answers: [] })).recordId;
}

async function handIn(token: string, recordId: number) {
  const res = await call(app, 'qbHandScore', { token, body: { recordId } });
  expect(res.statusCode, res.body).toBe(200);
}

async function dueOf(token: string): Promise<ReviewDue[]> {
  const res = await call(app, 'qbReviewDueList', { token, body: { projectId: bank.project } });
  expect(res.statusCode, res.body).toBe(200);
  return data<ReviewDue[]>(res);
}

async function dueCount(token: string): Promise<number> {
  return (await dueOf(token)).find((row) => row.subjectId === bank.subject)?.dueCount ?? 0;
}

async function cardsOf(userId: number) {
  return app.db.select().from(reviewCards).where(eq(reviewCards.userId, userId)).orderBy(asc(reviewCards.questionId));
}

/** The card ts-fsrs computes from the stored log, replayed from the card's creation. */
async function replayed(userId: number, questionId: number, createdAt: Date): Promise<Card> {
  const logs = await app.db
    .select()
    .from(reviewLogs)
    .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.questionId, questionId)))
    .orderBy(asc(reviewLogs.id));
  const scheduler = fsrs(REVIEW_FSRS_PARAMETERS);
  let card = createEmptyCard(createdAt);
  for (const log of logs) card = scheduler.next(card, log.review, log.rating as 1 | 2 | 3).card;
  return card;
}

async function expectCardsFollowTheirLogs(userId: number): Promise<void> {
  for (const row of await cardsOf(userId)) {
    const card = await replayed(userId, row.questionId, row.createdAt);
    expect(row.due.getTime(), `card ${row.questionId}`).toBe(card.due.getTime());
    expect(row.stability).toBeCloseTo(card.stability, 9);
    expect(row.difficulty).toBeCloseTo(card.difficulty, 9);
    expect(row.reps).toBe(card.reps);
    expect(row.state).toBe(card.state);
  }
}

beforeAll(async () => {
  clock = new StepClock(START);
  app = await createTestApp({ services: { clock } });
  bank = await seed(app);
}, 60_000);

afterAll(async () => {
  await app.close();
});

describe('cards from missed answers and favourites', () => {
  it('a practice makes a card of each wrong or 少选 answer, graded Again / Hard by FSRS, and due today', async () => {
    const a = await student('甲');
    const practice = await start(a.token, { source: 'SECTION', sourceId: bank.chapter1 });
    await save(a.token, {
      recordId: practice,
      answers: [entry(bank.s[0]!, ['B']), entry(bank.s[1]!, ['A']), entry(bank.multi, ['A'])],
    });
    const cards = await cardsOf(a.userId);
    expect(cards.map((c) => [c.questionId, c.origin])).toEqual([
      [bank.s[0], 'WRONG'],
      [bank.multi, 'WRONG'],
    ]);
    const logs = await app.db.select().from(reviewLogs).where(eq(reviewLogs.userId, a.userId)).orderBy(asc(reviewLogs.questionId));
    expect(logs.map((log) => [log.questionId, log.rating, log.recordId])).toEqual([
      [bank.s[0], 1, practice],
      [bank.multi, 2, practice],
    ]);
    await expectCardsFollowTheirLogs(a.userId);
    // Again: the 10-minute learning step; 少选 (Hard): 15 minutes. Both today.
    expect(cards[0]!.due.getTime()).toBe(START + 10 * MINUTE);
    expect(cards[1]!.due.getTime()).toBe(START + 15 * MINUTE);
    expect(await dueCount(a.token)).toBe(2);
    const row = (await dueOf(a.token)).find((r) => r.subjectId === bank.subject)!;
    expect(row).toMatchObject({ subjectName: '复习科目', projectId: bank.project, cardCount: 2, nextDueAt: null });
  });

  it('a favourite is a new card due now; unkeeping it removes it, but not the card of a question missed', async () => {
    const b = await student('乙');
    expect((await call(app, 'qbCollect', { token: b.token, body: { questionId: bank.s[2], collect: true } })).statusCode).toBe(200);
    expect((await call(app, 'qbCollect', { token: b.token, body: { questionId: bank.caseA, collect: true } })).statusCode).toBe(200);
    const cards = await cardsOf(b.userId);
    // A case's sub-question is kept as its case, as in the favourites list.
    expect(cards.map((c) => [c.questionId, c.origin, c.state, c.reps])).toEqual([
      [bank.s[2], 'FAVORITE', 0, 0],
      [bank.caseId, 'FAVORITE', 0, 0],
    ]);
    expect(cards[0]!.due.getTime()).toBe(clock.ms);
    expect(await dueCount(b.token)).toBe(2);

    const practice = await start(b.token, { source: 'SECTION', sourceId: bank.chapter1 });
    await save(b.token, { recordId: practice, answers: [entry(bank.s[2]!, ['C'])] });
    expect((await cardsOf(b.userId)).find((c) => c.questionId === bank.s[2])).toMatchObject({ origin: 'WRONG', reps: 1, lapses: 0 });
    for (const questionId of [bank.s[2]!, bank.caseA]) {
      expect((await call(app, 'qbCollect', { token: b.token, body: { questionId, collect: false } })).statusCode).toBe(200);
    }
    expect((await cardsOf(b.userId)).map((c) => c.questionId)).toEqual([bank.s[2]]);
    await expectCardsFollowTheirLogs(b.userId);
  });

  it('an answer is judged once: a re-sent or changed practice answer grades nothing again', async () => {
    const c = await student('丙');
    const practice = await start(c.token, { source: 'SECTION', sourceId: bank.chapter1 });
    await save(c.token, { recordId: practice, answers: [entry(bank.s[3]!, ['B'])] });
    await save(c.token, { recordId: practice, answers: [entry(bank.s[3]!, ['A'])] });
    await save(c.token, { recordId: practice, answers: [entry(bank.s[3]!, ['D'])] });
    await handIn(c.token, practice);
    const logs = await app.db.select().from(reviewLogs).where(eq(reviewLogs.userId, c.userId));
    expect(logs.map((log) => log.rating)).toEqual([1]);
    const [progress] = await app.db.select().from(questionProgress).where(eq(questionProgress.userId, c.userId));
    expect(progress).toMatchObject({ questionId: bank.s[3], rightCount: 0, wrongCount: 1, lastVerdict: 'WRONG' });
  });

  it('a case is one card, judged when its last objective sub-question is answered, with the worst grade', async () => {
    const d = await student('丁');
    const practice = await start(d.token, { source: 'SECTION', sourceId: bank.chapter1 });
    await save(d.token, { recordId: practice, answers: [entry(bank.caseA, ['B'])] });
    expect(await cardsOf(d.userId)).toEqual([]);
    await save(d.token, { recordId: practice, answers: [entry(bank.caseB, ['A'])] });
    const cards = await cardsOf(d.userId);
    expect(cards.map((c) => [c.questionId, c.reps])).toEqual([[bank.caseId, 1]]);
    const logs = await app.db.select().from(reviewLogs).where(eq(reviewLogs.userId, d.userId));
    expect(logs.map((log) => [log.questionId, log.rating])).toEqual([[bank.caseId, 1]]);
    await handIn(d.token, practice);
    expect(await app.db.select().from(reviewLogs).where(eq(reviewLogs.userId, d.userId))).toHaveLength(1);
  });

  it('an exam grades at its hand-in: a missed question gets a card, a slow right answer grades Hard', async () => {
    const e = await student('戊');
    const practice = await start(e.token, { source: 'SECTION', sourceId: bank.chapter2 });
    await save(e.token, { recordId: practice, answers: [entry(bank.t[0]!, ['A'])] });
    await handIn(e.token, practice);
    const exam = await start(e.token, { source: 'PAPER', sourceId: bank.paper, mode: 'EXAM' });
    await save(e.token, {
      recordId: exam,
      answers: [entry(bank.s[0]!, ['C'], 20), entry(bank.t[0]!, ['D'], REVIEW_SLOW_ANSWER_SECONDS + 1)],
    });
    // Nothing is judged while the exam is being answered.
    expect((await cardsOf(e.userId)).map((c) => c.questionId)).toEqual([bank.t[0]]);
    clock.step(MINUTE);
    await handIn(e.token, exam);
    const logs = await app.db.select().from(reviewLogs).where(eq(reviewLogs.userId, e.userId)).orderBy(asc(reviewLogs.id));
    expect(logs.map((log) => [log.questionId, log.rating, log.recordId])).toEqual([
      [bank.t[0], 1, practice],
      [bank.s[0], 1, exam],
      [bank.t[0], 2, exam],
    ]);
    await expectCardsFollowTheirLogs(e.userId);
  });
});

describe('the review', () => {
  it('reviews the due cards; right answers move them to later days; the clock brings them back', async () => {
    clock.step(DAY);
    const f = await student('己');
    const practice = await start(f.token, { source: 'SECTION', sourceId: bank.chapter2 });
    await save(f.token, { recordId: practice, answers: [0, 1, 2].map((i) => entry(bank.t[i]!, ['A'])) });
    await handIn(f.token, practice);
    expect(await dueCount(f.token)).toBe(3);

    clock.step(30 * MINUTE);
    const review = await start(f.token, { source: 'REVIEW', sourceId: bank.subject });
    const sheet = data<{ record: { name: string; questionCount: number; source: string }; questions: { id: number }[] }>(
      await call(app, 'qbRecordQuestions', { token: f.token, params: { id: review } }),
    );
    expect(sheet.record).toMatchObject({ name: '今日复习 · 复习科目', questionCount: 3, source: 'REVIEW' });
    expect(sheet.questions.map((q) => q.id)).toEqual([bank.t[0], bank.t[1], bank.t[2]]);
    const saved = data<RecordSaveResult>(await save(f.token, { recordId: review, answers: [0, 1, 2].map((i) => entry(bank.t[i]!, ['D'])) }));
    // Practice mode: the keys come back with the save.
    expect(saved.keys.map((k) => k.questionId).sort((x, y) => x - y)).toEqual([bank.t[0], bank.t[1], bank.t[2]]);
    expect(await dueCount(f.token)).toBe(0);
    const cards = await cardsOf(f.userId);
    const tomorrow = recentDays(clock.ms + DAY, 1)[0];
    for (const card of cards) expect(recentDays(card.due.getTime(), 1)[0]! >= tomorrow!).toBe(true);
    await expectCardsFollowTheirLogs(f.userId);
    const row = (await dueOf(f.token)).find((r) => r.subjectId === bank.subject)!;
    expect(row.nextDueAt).toBe(Math.min(...cards.map((c) => c.due.getTime())));
    await handIn(f.token, review);

    const refused = await save(f.token, { source: 'REVIEW', sourceId: bank.subject, answers: [] }, 400);
    expect(refused.json()).toMatchObject({ msg: QB_TEXTS.reviewNothingDue });

    clock.step(5 * DAY);
    expect(await dueCount(f.token)).toBe(3);
  });

  it('no review of a question an exam being answered holds: not counted, not reviewed', async () => {
    const g = await student('庚');
    const practice = await start(g.token, { source: 'SECTION', sourceId: bank.chapter1 });
    await save(g.token, { recordId: practice, answers: [entry(bank.s[0]!, ['B'])] });
    await handIn(g.token, practice);
    expect(await dueCount(g.token)).toBe(1);
    const exam = await start(g.token, { source: 'PAPER', sourceId: bank.paper, mode: 'EXAM' });
    expect(await dueCount(g.token)).toBe(0);
    const refused = await save(g.token, { source: 'REVIEW', sourceId: bank.subject, answers: [] }, 400);
    expect(refused.json()).toMatchObject({ msg: QB_TEXTS.reviewNothingDue });
    // A smart practice leaves the exam's questions out too.
    const smart = await start(g.token, { source: 'SMART', sourceId: bank.subject, size: 20 });
    const sheet = data<{ questions: { id: number }[] }>(await call(app, 'qbRecordQuestions', { token: g.token, params: { id: smart } }));
    expect(sheet.questions.map((q) => q.id)).not.toContain(bank.s[0]);
    expect(sheet.questions.map((q) => q.id)).not.toContain(bank.t[0]);
    await handIn(g.token, exam);
    expect(await dueCount(g.token)).toBe(1);
  });
});

describe('mastery and smart practice', () => {
  it('mastery per chapter follows the domain rule (right at least once, weighted by stability)', async () => {
    const h = await student('辛');
    const practice = await start(h.token, { source: 'SECTION', sourceId: bank.chapter1 });
    // s0 wrong (a card, never right), s1 right (no card: whole), s4 (in 1.1) wrong then right in a review.
    await save(h.token, { recordId: practice, answers: [entry(bank.s[0]!, ['B']), entry(bank.s[1]!, ['A']), entry(bank.s[4]!, ['B'])] });
    await handIn(h.token, practice);
    clock.step(20 * MINUTE);
    const review = await start(h.token, { source: 'REVIEW', sourceId: bank.subject });
    await save(h.token, { recordId: review, answers: [entry(bank.s[4]!, ['A'])] });
    await handIn(h.token, review);

    const res = await call(app, 'qbReviewMastery', { token: h.token, params: { id: bank.subject } });
    expect(res.statusCode, res.body).toBe(200);
    const mastery = data<ChapterMasteryView[]>(res);
    const s4 = (await cardsOf(h.userId)).find((c) => c.questionId === bank.s[4])!;
    // Chapter 1 holds s0–s4, the multiple and the case (1.1's s4 included): 7 questions.
    const expected = masteryPercent(
      chapterMastery(
        [
          { everRight: false, stability: 1 },
          { everRight: true, stability: null },
          { everRight: true, stability: s4.stability },
        ],
        7,
      ),
    );
    expect(mastery).toEqual([
      { sectionId: bank.chapter1, name: '第一章 总论', questionCount: 7, rightCount: 2, percent: expected },
      { sectionId: bank.chapter2, name: '第二章 实务', questionCount: 12, rightCount: 0, percent: 0 },
    ]);
    expect(expected).toBe(Math.floor(((1 + s4.stability / 30) / 7) * 100));
  });

  it('a smart practice takes the due cards first, then the weakest chapter’s questions not yet right', async () => {
    const k = await student('壬');
    // Chapter 2 done well (most right), chapter 1 left: chapter 1 is the weakest.
    const chapter2 = await start(k.token, { source: 'SECTION', sourceId: bank.chapter2 });
    await save(k.token, { recordId: chapter2, answers: bank.t.map((id, i) => entry(id, [i < 2 ? 'A' : 'D'])) });
    await handIn(k.token, chapter2);
    const chapter1 = await start(k.token, { source: 'SECTION', sourceId: bank.chapter1 });
    await save(k.token, { recordId: chapter1, answers: [entry(bank.s[0]!, ['A'])] });
    await handIn(k.token, chapter1);

    const smart = await start(k.token, { source: 'SMART', sourceId: bank.subject, size: 10 });
    const sheet = data<{ record: { name: string; source: string }; questions: { id: number }[] }>(
      await call(app, 'qbRecordQuestions', { token: k.token, params: { id: smart } }),
    );
    expect(sheet.record).toMatchObject({ name: '智能练习 · 复习科目', source: 'SMART' });
    // Due: t0, t1 (missed). Then chapter 1 in tree order without s0 (right): s1–s3, multi, case, then 1.1's s4.
    // Chapter 2's questions right (t2…) are never taken; its missed ones are already in.
    expect(sheet.questions.map((q) => q.id)).toEqual([bank.t[0], bank.t[1], bank.s[1], bank.s[2], bank.s[3], bank.multi, bank.caseId, bank.s[4]]);

    const bad = await save(k.token, { source: 'SMART', sourceId: bank.otherSubject, answers: [] }, 400);
    expect(bad.json()).toMatchObject({ msg: QB_TEXTS.smartSizeInvalid });
    expect((await save(k.token, { source: 'SMART', sourceId: bank.subject, size: 15, answers: [] }, 400)).statusCode).toBe(400);
    const empty = await save(k.token, { source: 'SMART', sourceId: bank.otherSubject, size: 10, answers: [] }, 400);
    expect(empty.json()).toMatchObject({ msg: QB_TEXTS.emptySource });
  });

  it('the last 30 days: objective answers and right ones per China day, oldest first', async () => {
    const m = await student('癸');
    const practice = await start(m.token, { source: 'SECTION', sourceId: bank.chapter2 });
    await save(m.token, { recordId: practice, answers: [entry(bank.t[0]!, ['D']), entry(bank.t[1]!, ['A'])] });
    clock.step(DAY);
    await save(m.token, { recordId: practice, answers: [entry(bank.t[2]!, ['D'])] });
    const res = await call(app, 'qbReviewDailyStats', { token: m.token, body: { subjectId: bank.subject } });
    expect(res.statusCode, res.body).toBe(200);
    const days = data<DailyStat[]>(res);
    expect(days).toHaveLength(30);
    expect(days.map((d) => d.day)).toEqual(recentDays(clock.ms, 30));
    expect(days.at(-2)).toMatchObject({ answered: 2, correct: 1 });
    expect(days.at(-1)).toMatchObject({ answered: 1, correct: 1 });
    expect(days.slice(0, -2).every((d) => d.answered === 0 && d.correct === 0)).toBe(true);
  });
});

describe('one student’s cards', () => {
  it('another student can neither see nor grade them', async () => {
    const a = await student('子');
    const b = await student('丑');
    const practice = await start(a.token, { source: 'SECTION', sourceId: bank.chapter2 });
    await save(a.token, { recordId: practice, answers: [entry(bank.t[5]!, ['A'])] });
    await handIn(a.token, practice);
    const review = await start(a.token, { source: 'REVIEW', sourceId: bank.subject });
    const before = await cardsOf(a.userId);

    expect(await dueOf(b.token)).toEqual([]);
    expect(data<DailyStat[]>(await call(app, 'qbReviewDailyStats', { token: b.token, body: {} })).every((d) => d.answered === 0)).toBe(true);
    const mastery = data<ChapterMasteryView[]>(await call(app, 'qbReviewMastery', { token: b.token, params: { id: bank.subject } }));
    expect(mastery.every((c) => c.rightCount === 0 && c.percent === 0)).toBe(true);
    expect((await save(b.token, { source: 'REVIEW', sourceId: bank.subject, answers: [] }, 400)).json()).toMatchObject({ msg: QB_TEXTS.reviewNothingDue });
    // A's review record: not B's to open, save into or hand in.
    expect((await call(app, 'qbRecordQuestions', { token: b.token, params: { id: review } })).statusCode).toBe(404);
    await save(b.token, { recordId: review, answers: [entry(bank.t[5]!, ['D'])] }, 404);
    expect((await call(app, 'qbHandScore', { token: b.token, body: { recordId: review } })).statusCode).toBe(404);
    // B's own answer to the same question makes B's card, not a grade of A's.
    const own = await start(b.token, { source: 'SECTION', sourceId: bank.chapter2 });
    await save(b.token, { recordId: own, answers: [entry(bank.t[5]!, ['B'])] });
    expect(await cardsOf(a.userId)).toEqual(before);
    expect((await cardsOf(b.userId)).map((c) => c.questionId)).toEqual([bank.t[5]]);
    // Without a session nothing answers.
    expect((await call(app, 'qbReviewDueList', { body: {} })).statusCode).toBe(401);
  });
});
