/**
 * 今日复习 at a heavy student's size (issue 22): one student with REVIEW_BENCH_CARDS review cards
 * (DUE_TODAY due, the rest over the next 90 days), answers to most of a 6,000-question
 * subject, and the two calls a student makes at every visit of the question bank: the due counts
 * (review/getDueList), the chapters' mastery (review/getMastery) and the start of a 50-question smart
 * practice (userRecord/save, source SMART: the DUE_TODAY due cards, then the weakest chapters'
 * questions not yet right, which reads every chapter, answer and card of the subject). Each is sent one at a time through
 * the whole server (routing, input check, session, queries), in process; a smart practice is
 * deleted after each start (not timed), so every start chooses anew. On a fresh PGlite and on a
 * throwaway PostgreSQL 15. Target: p99 under REVIEW_P99_TARGET_MS for both calls on both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { QUESTION_BANK_CALLS } from '../../src/domain/questionBank/calls';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { migrateDatabase } from '../../server/db/migrate';
import { classes, questionProgress, questions, reviewCards, sectionQuestions, sections, userRecords, users } from '../../server/db/schema';
import { createSession } from '../../server/shared/session';
import { startPrivatePostgres } from '../lib/privatePostgres';

export const REVIEW_BENCH_CARDS = 5000;
export const REVIEW_P99_TARGET_MS = 50;
const CHAPTERS = 20;
const QUESTIONS_PER_CHAPTER = 300;
const DUE_LIST_REQUESTS = 400;
const SMART_REQUESTS = 200;
const DAY_MS = 86_400_000;
/** Cards due today: fewer than a smart practice takes, so it goes on to the weakest chapters. */
const DUE_TODAY = 20;

export interface ReviewBenchRow {
  database: 'PGlite' | 'PostgreSQL';
  call: string;
  requests: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
}

function percentile(sorted: readonly number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 10) / 10;
}

/** A subject of CHAPTERS × QUESTIONS_PER_CHAPTER singles, and a student who answered 80% of them and holds the cards. */
async function seed(handle: DatabaseHandle, now: number): Promise<{ userId: number; subjectId: number }> {
  const db = handle.db;
  const [project] = await db.insert(classes).values({ parentId: 0, name: '复习压测项目', code: 'bench-rv-p', level: 2 }).returning();
  const [subject] = await db.insert(classes).values({ parentId: project!.id, name: '复习压测科目', code: 'bench-rv-s', level: 3 }).returning();
  const subjectId = subject!.id;
  const options = ['A', 'B', 'C', 'D'].map((key) => ({ key, text: `选项${key}` }));
  const ids: number[] = [];
  for (let chapter = 0; chapter < CHAPTERS; chapter += 1) {
    const [section] = await db
      .insert(sections)
      .values({ subjectId, name: `第${chapter + 1}章`, sort: chapter })
      .returning();
    const rows = await db
      .insert(questions)
      .values(
        Array.from({ length: QUESTIONS_PER_CHAPTER }, (_, i) => ({
          type: 'SINGLE',
          subjectId,
          stem: `题${chapter}-${i}`,
          options,
          answer: ['A'],
          analysis: '解析',
          sort: i,
        })),
      )
      .returning({ id: questions.id });
    ids.push(...rows.map((row) => row.id));
    await db.insert(sectionQuestions).values(rows.map((row, i) => ({ sectionId: section!.id, questionId: row.id, sort: i })));
  }
  const [user] = await db.insert(users).values({ nickname: '压测学员', mobile: '13900000001' }).returning();
  const userId = user!.id;
  const answered = ids.slice(0, Math.floor(ids.length * 0.8));
  for (let i = 0; i < answered.length; i += 1000) {
    await db.insert(questionProgress).values(
      answered.slice(i, i + 1000).map((questionId, j) => {
        const right = (i + j) % 3 !== 0;
        return {
          userId,
          questionId,
          subjectId,
          rightCount: right ? 1 : 0,
          wrongCount: right ? 0 : 1,
          lastVerdict: right ? 'CORRECT' : 'WRONG',
          lastAnsweredAt: new Date(now),
        };
      }),
    );
  }
  const carded = answered.slice(0, REVIEW_BENCH_CARDS);
  for (let i = 0; i < carded.length; i += 1000) {
    await db.insert(reviewCards).values(
      carded.slice(i, i + 1000).map((questionId, j) => ({
        userId,
        questionId,
        subjectId,
        origin: 'WRONG',
        // DUE_TODAY cards are due; the rest over the next 90 days: a smart practice of 50 then reads the chapters too.
        due: new Date(i + j < DUE_TODAY ? now - DAY_MS : now + (1 + (((i + j) * 7919) % 90)) * DAY_MS),
        stability: 1 + ((i + j) % 40),
        difficulty: 5,
        elapsedDays: 1,
        scheduledDays: 3,
        learningSteps: 0,
        reps: 2,
        lapses: 1,
        state: 2,
        lastReview: new Date(now - DAY_MS),
      })),
    );
  }
  await db.execute(sql`analyze`);
  return { userId, subjectId };
}

async function measure(handle: DatabaseHandle, database: ReviewBenchRow['database']): Promise<ReviewBenchRow[]> {
  const now = Date.now();
  const { userId, subjectId } = await seed(handle, now);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'xt-bench-review-'));
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'production' }, tmp), dataDir: path.join(tmp, 'data'), distDir: path.join(tmp, 'dist') };
  const app = buildApp({ db: handle.db, dbKind: handle.kind, config });
  try {
    await app.ready();
    const { token } = await createSession(handle.db, userId, { ip: '127.0.0.1', userAgent: 'bench' });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const timed = async (call: { method: string; path: string }, body: object): Promise<{ ms: number; data: { recordId?: number } }> => {
      const started = performance.now();
      const res = await app.inject({ method: call.method as 'POST', url: call.path, headers, ...(call.method === 'GET' ? {} : { payload: body }) });
      const ms = performance.now() - started;
      const envelope = res.json<{ code: number; msg: string; data: { recordId?: number } }>();
      if (envelope.code !== 200) throw new Error(`${call.path}: ${envelope.code} ${envelope.msg}`);
      return { ms, data: envelope.data };
    };
    const row = (name: string, times: number[]): ReviewBenchRow => {
      const sorted = [...times].sort((a, b) => a - b);
      return { database, call: name, requests: times.length, p50ms: percentile(sorted, 50), p95ms: percentile(sorted, 95), p99ms: percentile(sorted, 99) };
    };
    const dueTimes: number[] = [];
    for (let i = 0; i < DUE_LIST_REQUESTS + 20; i += 1) {
      const { ms } = await timed(QUESTION_BANK_CALLS.qbReviewDueList, { projectId: null });
      if (i >= 20) dueTimes.push(ms);
    }
    const masteryTimes: number[] = [];
    const mastery = { method: QUESTION_BANK_CALLS.qbReviewMastery.method, path: QUESTION_BANK_CALLS.qbReviewMastery.path.replace(':id', String(subjectId)) };
    for (let i = 0; i < DUE_LIST_REQUESTS + 20; i += 1) {
      const { ms } = await timed(mastery, {});
      if (i >= 20) masteryTimes.push(ms);
    }
    const smartTimes: number[] = [];
    for (let i = 0; i < SMART_REQUESTS + 10; i += 1) {
      const { ms, data } = await timed(QUESTION_BANK_CALLS.qbRecordSave, { source: 'SMART', sourceId: subjectId, size: 50, answers: [] });
      if (i >= 10) smartTimes.push(ms);
      await handle.db.delete(userRecords).where(sql`${userRecords.id} = ${data.recordId!}`);
    }
    return [row('POST review/getDueList', dueTimes), row('GET review/getMastery', masteryTimes), row('POST userRecord/save (智能练习, 50)', smartTimes)];
  } finally {
    await app.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

export async function reviewBench(): Promise<ReviewBenchRow[]> {
  console.log(
    `\n== review: a student with ${REVIEW_BENCH_CARDS} cards on a ${CHAPTERS * QUESTIONS_PER_CHAPTER}-question subject, one request at a time, in process; target p99 < ${REVIEW_P99_TARGET_MS} ms`,
  );
  const rows: ReviewBenchRow[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xt-bench-review-pglite-'));
  const pglite = await openDatabase({ dataDir: dir });
  try {
    await migrateDatabase(pglite);
    rows.push(...(await measure(pglite, 'PGlite')));
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const pg = await startPrivatePostgres();
  try {
    const handle = await openDatabase({ url: pg.url, max: 4 });
    try {
      await migrateDatabase(handle);
      rows.push(...(await measure(handle, 'PostgreSQL')));
    } finally {
      await handle.close();
    }
  } finally {
    pg.stop();
  }
  for (const r of rows) {
    console.log(
      `  ${r.database}, ${r.call}: ${r.requests} requests, p50 ${r.p50ms} ms, p95 ${r.p95ms} ms, p99 ${r.p99ms} ms${r.p99ms < REVIEW_P99_TARGET_MS ? '' : '  ABOVE TARGET'}`,
    );
  }
  return rows;
}
