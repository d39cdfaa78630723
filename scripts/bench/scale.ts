/**
 * `npm run bench -- --scale` (issue 18): a school's peak on this machine. A throwaway PostgreSQL 15
 * with its durable defaults, the compiled server with WORKERS=2, 64 students with 64 requests in
 * flight: exam answer saves and learning records spread over all of them, then the course list and
 * a course's detail, then — alone, so the two never share the cores — a bare Fastify route in two
 * processes that serializes the same course list on each request. Prints the table the README keeps.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { CourseStudyProgress, CoursewareInfo } from '../../src/domain/learning/contract';
import { QUESTION_BANK_CALLS } from '../../src/domain/questionBank/calls';
import type { RecordSaveResult, RecordSheet } from '../../src/domain/questionBank/contract';
import { grantCourse } from '../../server/commerce/entitlements';
import { openDatabase, queryRows, type Db } from '../../server/db/client';
import { courses, papers, users } from '../../server/db/schema';
import { createSession } from '../../server/shared/session';
import { startPrivatePostgres } from '../lib/privatePostgres';
import { learnedRecordBody } from './learning';
import {
  BARE_ENDPOINT,
  DETAILS_ENDPOINT,
  freePort,
  HOST,
  loadEndpoint,
  PAGE_LIST_ENDPOINT,
  startServer,
  waitForHealth,
  type Endpoint,
  type EndpointResult,
} from './server';

export const SCALE_STUDENTS = 64;
export const SCALE_CONCURRENCY = 64;
/** Issue 18's targets for the two writes, and the reads' share of the bare route. */
export const WRITE_TARGET = { reqPerSec: 2000, p99ms: 50 };
export const READ_SHARE_TARGET = 0.9;

async function api<T>(port: number, def: { method: string; path: string }, token: string, body?: unknown, id?: number): Promise<T> {
  const res = await fetch(`http://${HOST}:${port}${def.path.replace(':id', String(id ?? ''))}`, {
    method: def.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${def.method} ${def.path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

interface Student {
  token: string;
  recordId: number;
  choices: { id: number; keys: string[] }[];
  info: CoursewareInfo;
}

/** The server with WORKERS=2 on `url`; resolves once /healthz answers and both workers had time to listen. */
async function startCluster(root: string, url: string, logFile: string): Promise<{ port: number; child: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-scale-'));
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [join(root, 'dist-server/main.mjs')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: url, WORKERS: '2' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  await waitForHealth(port, child, 300_000);
  await sleep(2000);
  return {
    port,
    child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(20_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** 64 students of their own: an exam of a free paper each, and a watch ticket for a lesson of the demo system course. */
async function prepareStudents(url: string, port: number): Promise<Student[]> {
  const handle = await openDatabase({ url, max: 4 });
  try {
    const [paper] = await handle.db.select({ id: papers.id }).from(papers).where(eq(papers.free, true)).orderBy(papers.id).limit(1);
    const [course] = await handle.db.select({ id: courses.id }).from(courses).where(eq(courses.type, 'SYS')).orderBy(courses.id).limit(1);
    if (!paper || !course) throw new Error('the demo data has no free paper or no system course');
    const students: Student[] = [];
    for (let i = 0; i < SCALE_STUDENTS; i += 1) {
      const [user] = await handle.db
        .insert(users)
        .values({ nickname: `峰值学员${i}`, mobile: `1360000${String(i).padStart(4, '0')}` })
        .onConflictDoNothing()
        .returning();
      if (!user) throw new Error('run the scale bench on a fresh database');
      await grantCourse(handle.db, { userId: user.id, courseId: course.id, courseType: 'SYS', source: 'GIFT', start: new Date(), validDays: 30 });
      const { token } = await createSession(handle.db, user.id);
      const started = await api<RecordSaveResult>(port, QUESTION_BANK_CALLS.qbRecordSave, token, {
        source: 'PAPER',
        sourceId: paper.id,
        mode: 'EXAM',
        answers: [],
      });
      const sheet = await api<RecordSheet>(port, QUESTION_BANK_CALLS.qbRecordQuestions, token, undefined, started.recordId);
      const choices = sheet.questions
        .flatMap((q) => (q.subs.length ? q.subs : [q]))
        .filter((q) => q.type === 'SINGLE' || q.type === 'JUDGE')
        .map((q) => ({ id: q.id, keys: q.options.map((o) => o.key) }));
      const outline = await api<CourseStudyProgress>(port, LEARNING_CALLS.studyPercentage, token, undefined, course.id);
      const ware = outline.coursewares.find((c) => c.type === 'VIDEO');
      if (!ware || choices.length === 0) throw new Error('the demo course has no video, or the paper no choice question');
      const info = await api<CoursewareInfo>(port, LEARNING_CALLS.coursewareInfo, token, { courseId: course.id, coursewareId: ware.coursewareId });
      students.push({ token, recordId: started.recordId, choices, info });
    }
    return students;
  } finally {
    await handle.close();
  }
}

/** Each request is the next student's: a save of one answer with a growing version. */
function saveEndpoint(students: readonly Student[]): Endpoint {
  let turn = 0;
  let version = Date.now();
  return {
    name: 'POST userRecord/save (64 students in an exam)',
    method: 'POST',
    path: QUESTION_BANK_CALLS.qbRecordSave.path,
    makeRequest: () => {
      const student = students[turn++ % students.length]!;
      const choice = student.choices[turn % student.choices.length]!;
      version += 1;
      return {
        headers: { authorization: `Bearer ${student.token}` },
        body: { recordId: student.recordId, answers: [{ questionId: choice.id, answer: [choice.keys[turn % choice.keys.length]!], flagged: false, version }] },
      };
    },
  };
}

/** Each request is the next student's learning record (0 s each: the wall-clock rule would refuse a real 15 s at this pace; the work is the same). */
function recordEndpoint(students: readonly Student[]): Endpoint {
  let turn = 0;
  const run = `${process.pid}-${Date.now()}`;
  return {
    name: 'POST userLearnedRecord/add (64 students)',
    method: 'POST',
    path: LEARNING_CALLS.addLearnedRecord.path,
    makeRequest: () => {
      const student = students[turn++ % students.length]!;
      return { headers: { authorization: `Bearer ${student.token}` }, body: learnedRecordBody(student.info, turn, `scale-${run}-${turn}`) };
    },
  };
}

export interface StatementCost {
  calls: number;
  /** Calls per request of the run. */
  perRequest: number;
  meanMs: number;
  totalMs: number;
  query: string;
}

export interface ScaleResult {
  date: string;
  rows: EndpointResult[];
  /** pg_stat_statements of each write run: what one request costs the database. */
  profiles: Record<string, StatementCost[]>;
}

/** The statements of the run since the last reset, costliest first. */
async function statementCosts(url: string, requests: number): Promise<StatementCost[]> {
  return withDb(url, async (db) => {
    const rows = await queryRows<{ calls: string | number; mean: number; total: number; query: string }>(
      db,
      sql`select calls, mean_exec_time as mean, total_exec_time as total, query from pg_stat_statements
          where query not ilike '%pg_stat_statements%' order by total_exec_time desc limit 12`,
    );
    return rows.map((row) => ({
      calls: Number(row.calls),
      perRequest: Math.round((Number(row.calls) / Math.max(1, requests)) * 100) / 100,
      meanMs: Math.round(row.mean * 1000) / 1000,
      totalMs: Math.round(row.total),
      query: row.query.replace(/\s+/g, ' ').slice(0, 110),
    }));
  });
}

async function withDb<T>(url: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ url, max: 1 });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

const resetStatements = (url: string) => withDb(url, (db) => db.execute(sql`select pg_stat_statements_reset()`));

export async function scaleBench(root: string, tmp: string, seconds: number): Promise<ScaleResult> {
  console.log(
    `\n== scale: PostgreSQL 15 (durable defaults), WORKERS=2 (compiled), ${SCALE_STUDENTS} students, ${SCALE_CONCURRENCY} in flight, ${seconds} s each`,
  );
  const built = spawnSync(process.execPath, ['scripts/build/server.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('compiling the server failed');
  const pg = await startPrivatePostgres({ statStatements: true });
  const rows: EndpointResult[] = [];
  const profiles: Record<string, StatementCost[]> = {};
  let listBody = '';
  try {
    const cluster = await startCluster(root, pg.url, join(tmp, 'bench-scale.log'));
    try {
      const students = await prepareStudents(pg.url, cluster.port);
      await withDb(pg.url, (db) => db.execute(sql`create extension if not exists pg_stat_statements`));
      const load = async (ep: Endpoint, profile = false) => {
        if (profile) await resetStatements(pg.url);
        const r = await loadEndpoint(cluster.port, ep, { seconds, concurrency: SCALE_CONCURRENCY, lean: true });
        rows.push(r);
        if (profile) profiles[r.name] = await statementCosts(pg.url, r.requests);
        const errs = Object.entries(r.errors);
        console.log(
          `  ${r.name}: ${r.reqPerSec} req/s, p50 ${r.p50ms} ms, p99 ${r.p99ms} ms${errs.length ? ` (non-2xx: ${errs.map(([s, n]) => `${s}×${n}`).join(', ')})` : ''}`,
        );
      };
      await load(saveEndpoint(students), true);
      await load(recordEndpoint(students), true);
      await load(PAGE_LIST_ENDPOINT);
      await load(DETAILS_ENDPOINT);
      listBody = await (
        await fetch(`http://${HOST}:${cluster.port}${PAGE_LIST_ENDPOINT.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      ).text();
    } finally {
      await cluster.stop();
    }
  } finally {
    pg.stop();
  }
  // The yardstick alone: two processes (as the server's two workers) serializing the same course list on each request.
  const bodyFile = join(tmp, 'bench-bare-body.json');
  writeFileSync(bodyFile, listBody);
  const bare = await startServer(root, join(tmp, 'bench-scale-bare.log'), 'scripts/bench/bare.ts', { BARE_BODY_FILE: bodyFile, BARE_WORKERS: '2' });
  try {
    const r = await loadEndpoint(bare.port, BARE_ENDPOINT, { seconds, concurrency: SCALE_CONCURRENCY, lean: true });
    rows.push({ ...r, name: `${r.name} (the same ${(Buffer.byteLength(listBody) / 1024).toFixed(1)} KB course list)` });
    console.log(`  ${rows.at(-1)!.name}: ${r.reqPerSec} req/s, p50 ${r.p50ms} ms, p99 ${r.p99ms} ms`);
  } finally {
    await bare.stop();
  }
  return { date: new Date().toISOString().slice(0, 10), rows, profiles };
}

/** The README's table: each row with its figures and, for the writes and reads, the target. */
export function scaleTable(result: ScaleResult): string {
  const bare = result.rows.at(-1)!;
  const lines = ['| endpoint | req/s | p50 ms | p99 ms | target |', '|---|---:|---:|---:|---|'];
  for (const [i, r] of result.rows.entries()) {
    const target =
      i < 2
        ? `≥ ${WRITE_TARGET.reqPerSec} req/s, p99 ≤ ${WRITE_TARGET.p99ms} ms`
        : i < result.rows.length - 1
          ? `≥ ${READ_SHARE_TARGET * 100}% of the bare route (${Math.round((r.reqPerSec / Math.max(1, bare.reqPerSec)) * 100)}%)`
          : 'the yardstick';
    lines.push(`| ${r.name} | ${r.reqPerSec} | ${r.p50ms} | ${r.p99ms} | ${target} |`);
  }
  return lines.join('\n');
}

/** Each write's statements per request, costliest first: where its time in the database goes. */
export function profileTable(result: ScaleResult): string {
  return Object.entries(result.profiles)
    .map(([name, costs]) =>
      [
        `${name}:`,
        '| calls / request | mean ms | total ms | statement |',
        '|---:|---:|---:|---|',
        ...costs.map((c) => `| ${c.perRequest} | ${c.meanMs} | ${c.totalMs} | \`${c.query.replace(/\|/g, '\\|')}\` |`),
      ].join('\n'),
    )
    .join('\n\n');
}
