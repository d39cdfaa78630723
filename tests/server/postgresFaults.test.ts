/**
 * Faults at a school's peak, on PostgreSQL (issue 18): two compiled server processes
 * (dist-server/main.mjs) on a PostgreSQL of this test's own, students saving answers and reading
 * the course list.
 * - PostgreSQL restarts under that load: no process exits, every failure is a 503 (never a 500),
 *   both are ready again within 2 s of the database being back, and every acknowledged answer is
 *   in the database afterwards.
 * - `kill -9` of one process under saves: the other keeps serving, and no acknowledged answer is lost.
 * Runs in the PostgreSQL step of `npm test` (TEST_DATABASE_URL set); PGlite has no server to restart.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_CALLS } from '../../src/domain/catalog/calls';
import { QUESTION_BANK_CALLS as QB } from '../../src/domain/questionBank/calls';
import type { QuestionView, RecordSaveResult } from '../../src/domain/questionBank/contract';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { papers, recordAnswers, users } from '../../server/db/schema';
import { createSession } from '../../server/shared/session';
import { usingPostgres } from './harness';
import { startPrivatePostgres, type PrivatePostgres } from '../../scripts/lib/privatePostgres';

const ROOT = path.join(__dirname, '../..');
const STUDENTS = 16;

interface ServerProcess {
  child: ChildProcess;
  base: string;
  out: () => string;
}

interface Student {
  token: string;
  server: ServerProcess;
  recordId: number;
  questions: { id: number; option: string }[];
}

interface Ack {
  recordId: number;
  questionId: number;
  version: number;
}

let pg: PrivatePostgres;
let handle: DatabaseHandle;
let tmp: string;
const servers: ServerProcess[] = [];

async function startServer(url: string): Promise<ServerProcess> {
  let out = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'dist-server/main.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      DATA_DIR: tmp,
      DIST_DIR: path.join(tmp, 'dist'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += String(d)));
  child.stderr!.on('data', (d) => (out += String(d)));
  const end = Date.now() + 5 * 60_000;
  for (;;) {
    const port = /localhost:(\d+)\/new\//.exec(out)?.[1];
    if (port) return { child, base: `http://127.0.0.1:${port}`, out: () => out };
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${out}`);
    if (Date.now() > end) throw new Error(`the server did not listen: ${out}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function post<T>(
  server: ServerProcess,
  def: { method: string; path: string },
  token: string | null,
  body?: unknown,
): Promise<{ status: number; data: T | null }> {
  try {
    const res = await fetch(server.base + def.path, {
      method: def.method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as { data: T };
    return { status: res.status, data: json.data };
  } catch {
    // No answer at all (a killed process): never acknowledged.
    return { status: 0, data: null };
  }
}

let version = 1;

/** Saves one answer after another for each student, and reads the course list, until `stop()`. */
function load(students: readonly Student[]) {
  const acks: Ack[] = [];
  const statuses = new Map<number, number>();
  let stopped = false;
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const loops = students.map(async (student, i) => {
    while (!stopped) {
      const question = student.questions[version % student.questions.length]!;
      const v = (version += 1);
      const res = await post<RecordSaveResult>(student.server, QB.qbRecordSave, student.token, {
        recordId: student.recordId,
        answers: [{ questionId: question.id, answer: [question.option], flagged: false, version: v }],
      });
      count(res.status);
      if (res.status === 200) acks.push({ recordId: student.recordId, questionId: question.id, version: v });
      if (i % 4 === 0) count((await post(student.server, CATALOG_CALLS.coursePageList, null, { current: 1, size: 10 })).status);
      if (res.status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  return {
    acks,
    statuses,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Every acknowledged answer is stored, at its version or a newer one. */
async function missing(acks: readonly Ack[]): Promise<Ack[]> {
  const rows = await handle.db
    .select({ recordId: recordAnswers.recordId, questionId: recordAnswers.questionId, version: recordAnswers.version })
    .from(recordAnswers);
  const stored = new Map(rows.map((row) => [`${row.recordId}:${row.questionId}`, Number(row.version)]));
  return acks.filter((ack) => (stored.get(`${ack.recordId}:${ack.questionId}`) ?? -1) < ack.version);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Only PostgreSQL has a server to restart; this runs in the PostgreSQL step of `npm test`.
const postgresOnly = usingPostgres ? describe : () => undefined;

postgresOnly('two server processes on PostgreSQL under load (compiled server)', () => {
  const students: Student[] = [];

  beforeAll(async () => {
    const built = spawnSync(process.execPath, ['scripts/build/server.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    tmp = mkdtempSync(path.join(os.tmpdir(), 'xt-faults-'));
    pg = await startPrivatePostgres();
    // The first process migrates and seeds; the second finds it done.
    servers.push(await startServer(pg.url));
    servers.push(await startServer(pg.url));
    handle = await openDatabase({ url: pg.url, max: 2 });
    const [paper] = await handle.db.select({ id: papers.id }).from(papers).where(eq(papers.free, true)).limit(1);
    for (let i = 0; i < STUDENTS; i += 1) {
      const [user] = await handle.db
        .insert(users)
        .values({ nickname: `压测学员${i}`, mobile: `1370000${String(i).padStart(4, '0')}` })
        .returning();
      const { token } = await createSession(handle.db, user!.id);
      const server = servers[i % 2]!;
      const questions = (await post<QuestionView[]>(server, { method: 'GET', path: QB.qbPaperQuestions.path.replace(':id', String(paper!.id)) }, token)).data!;
      const started = await post<RecordSaveResult>(server, QB.qbRecordSave, token, { source: 'PAPER', sourceId: paper!.id, mode: 'PRACTICE', answers: [] });
      expect(started.status).toBe(200);
      students.push({
        token,
        server,
        recordId: started.data!.recordId,
        questions: questions.filter((q) => q.type === 'SINGLE').map((q) => ({ id: q.id, option: q.options[0]!.key })),
      });
    }
  }, 10 * 60_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await handle?.close();
    pg?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('lives through a PostgreSQL restart: no exit, 503 meanwhile, ready within 2 s, every acknowledged answer kept', async () => {
    const run = load(students);
    await sleep(1500);
    await pg.restart();
    const backAt = Date.now();
    const readyAfter: number[] = [];
    for (const server of servers) {
      for (;;) {
        if ((await post(server, { method: 'GET', path: '/readyz' }, null)).status === 200) break;
        await sleep(20);
      }
      readyAfter.push(Date.now() - backAt);
    }
    await sleep(2000);
    await run.stop();
    expect(servers.map((server) => server.child.exitCode)).toEqual([null, null]);
    expect([...run.statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    for (const after of readyAfter) expect(after).toBeLessThanOrEqual(2000);
    expect(run.acks.length).toBeGreaterThan(50);
    expect(await missing(run.acks)).toEqual([]);
    // And the saves went on after the restart, on both.
    for (const server of servers) {
      const student = students.find((s) => s.server === server)!;
      const res = await post<RecordSaveResult>(server, QB.qbRecordSave, student.token, { recordId: student.recordId, answers: [] });
      expect(res.status).toBe(200);
    }
  }, 120_000);

  it('loses no acknowledged answer when one process is killed (kill -9) under saves; the other keeps serving', async () => {
    const run = load(students);
    await sleep(1000);
    servers[1]!.child.kill('SIGKILL');
    await sleep(1500);
    await run.stop();
    expect(servers[0]!.child.exitCode).toBeNull();
    expect(await missing(run.acks)).toEqual([]);
    const survivor = students.find((s) => s.server === servers[0])!;
    const [stored] = await handle.db
      .select({ n: sql<number>`count(*)::int` })
      .from(recordAnswers)
      .where(and(eq(recordAnswers.recordId, survivor.recordId)));
    expect(Number(stored!.n)).toBeGreaterThan(0);
    expect((await post(servers[0]!, QB.qbRecordSave, survivor.token, { recordId: survivor.recordId, answers: [] })).status).toBe(200);
  }, 120_000);
});
