/**
 * The exam seal (src/domain/questionBank/examSeal.ts): while a student answers an exam, nothing
 * tells whether an answer to one of its questions is right.
 *
 * The oracle walk: two servers on two identical databases hold two identical students, each in
 * the middle of the same exam with the same history (an earlier practice handed in, a practice of
 * the same paper left open in another tab, a wrong book, favourites). Then every questionbank call
 * of the domain's call list is sent to both, with every request its input check allows over the
 * ids at hand (the papers, the section, the subject, the exam's questions, each student's records
 * but the exam), twice over. Student A's answers are the keys, student B's are wrong. If any
 * answer differs between the two, something told A that A was right: a verdict. A call added to
 * QUESTION_BANK_CALLS is walked the same way, from its input check, without changing this file.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_BANK_CALLS, type QuestionBankCallName } from '../../src/domain/questionBank/calls';
import type { AnswerEntry, RecordSaveResult } from '../../src/domain/questionBank/contract';
import { EXAM_SEAL_STATUS } from '../../src/domain/questionBank/examSeal';
import { QUESTION_BANK_INPUTS } from '../../src/domain/questionBank/inputs';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import { classes, paperQuestions, papers, questions, sectionQuestions, sections, userRecords } from '../../server/db/schema';
import type { Clock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, type TestApp } from './harness';

/** A clock that moves only when told: both servers see the same times. */
class StepClock implements Clock {
  constructor(private ms: number) {}
  now(): Date {
    return new Date(this.ms);
  }
  step(ms: number): void {
    this.ms += ms;
  }
}

/** Written into every explanation of the exam's questions: it must never show during the exam. */
const EXAM_SECRET = '考试题解析';

interface Fixture {
  project: number;
  subject: number;
  section: number;
  paper: number;
  /** Another paper sharing a question with `paper`. */
  overlapping: number;
  single: number;
  judge: number;
  multi: number;
  caseId: number;
  caseSingle: number;
  caseShort: number;
  spare: number;
}

interface Side {
  t: TestApp;
  clock: StepClock;
  token: string;
  userId: number;
  /** How this student answers the exam's objective questions: their keys, or wrong. */
  right: boolean;
  examId: number;
}

const START = Date.UTC(2026, 10, 25, 8, 0, 0);

async function seedBank(t: TestApp): Promise<Fixture> {
  const [project] = await t.db.insert(classes).values({ parentId: 1, name: '封存项目', code: 'seal-p', level: 2 }).returning();
  const [subject] = await t.db.insert(classes).values({ parentId: project!.id, name: '封存科目', code: 'seal-s', level: 3 }).returning();
  const subjectId = subject!.id;
  const insert = async (type: string, answer: string[], extra: Partial<typeof questions.$inferInsert> = {}): Promise<number> => {
    const options = ['SINGLE', 'MULTIPLE', 'JUDGE'].includes(type)
      ? ['A', 'B', 'C', 'D'].slice(0, type === 'JUDGE' ? 2 : 4).map((key) => ({ key, text: `选项${key}` }))
      : [];
    const [row] = await t.db
      .insert(questions)
      .values({ type, subjectId, stem: `题干 ${type}`, options, answer, analysis: `${EXAM_SECRET}-${type}`, ...extra })
      .returning({ id: questions.id });
    return row!.id;
  };
  const single = await insert('SINGLE', ['B']);
  const judge = await insert('JUDGE', ['A']);
  const multi = await insert('MULTIPLE', ['A', 'C']);
  const caseId = await insert('CASE', []);
  const caseSingle = await insert('SINGLE', ['C'], { parentId: caseId, sort: 1 });
  const caseShort = await insert('SHORT_ANSWER', ['案例参考答案'], { parentId: caseId, sort: 2 });
  const spare = await insert('SINGLE', ['D'], { analysis: '不在考试中的题目解析' });

  const [paper] = await t.db
    .insert(papers)
    .values({ name: '封存模拟卷', projectId: project!.id, subjectId, paperType: 'MOCK', durationMinutes: 60, totalScore: 12, passScore: 6, free: true })
    .returning();
  await t.db
    .insert(paperQuestions)
    .values([single, judge, multi, caseId].map((questionId, i) => ({ paperId: paper!.id, questionId, score: i === 3 ? 6 : 2, sort: i + 1 })));
  const [overlapping] = await t.db
    .insert(papers)
    .values({ name: '封存真题卷', projectId: project!.id, subjectId, paperType: 'REAL', durationMinutes: 30, totalScore: 4, passScore: 2, free: true })
    .returning();
  await t.db.insert(paperQuestions).values([
    { paperId: overlapping!.id, questionId: spare, score: 2, sort: 1 },
    { paperId: overlapping!.id, questionId: single, score: 2, sort: 2 },
  ]);
  const [section] = await t.db.insert(sections).values({ subjectId, name: '第一章', sort: 1 }).returning();
  await t.db.insert(sectionQuestions).values([single, caseId, spare].map((questionId, i) => ({ sectionId: section!.id, questionId, sort: i + 1 })));
  return {
    project: project!.id,
    subject: subjectId,
    section: section!.id,
    paper: paper!.id,
    overlapping: overlapping!.id,
    single,
    judge,
    multi,
    caseId,
    caseSingle,
    caseShort,
    spare,
  };
}

/** The answers to the exam's questions: their keys, or wrong ones. */
function answersFor(f: Fixture, right: boolean, version: number): AnswerEntry[] {
  const entries: [number, string[], string[]][] = [
    [f.single, ['B'], ['A']],
    [f.judge, ['A'], ['B']],
    [f.multi, ['A', 'C'], ['A', 'B']],
    [f.caseSingle, ['C'], ['D']],
    [f.caseShort, ['我的作答'], ['我的作答']],
  ];
  return entries.map(([questionId, key, wrong]) => ({ questionId, answer: right ? key : wrong, flagged: false, version }));
}

function data<T>(res: { json(): unknown }): T {
  return (res.json() as { data: T }).data;
}

let fixture: Fixture;
let sides: [Side, Side];
/** The version of the walk's answers: the same on both sides, growing call by call. */
let walkVersion = 10;

/** Both students: the same history, then the same exam begun. */
async function prepare(right: boolean): Promise<Side> {
  const clock = new StepClock(START);
  const t = await createTestApp({ services: { clock } });
  const f = await seedBank(t);
  const user = await createUser(t.db, { nickname: '封存学员', mobile: '13800139999' });
  const token = await loginAs(t.db, user.id);
  const save = async (body: object) => {
    const res = await call(t, 'qbRecordSave', { token, body });
    expect(res.statusCode, res.body).toBe(200);
    clock.step(1000);
    return data<RecordSaveResult>(res);
  };
  // History, identical on both sides: a section practised and handed in (the case answered wrong
  // puts it in the wrong book), a favourite, and a practice of the paper left open in a tab.
  const section = await save({
    source: 'SECTION',
    sourceId: f.section,
    answers: [
      { questionId: f.single, answer: ['A'], flagged: false, version: 1 },
      { questionId: f.caseSingle, answer: ['A'], flagged: false, version: 1 },
    ],
  });
  expect((await call(t, 'qbHandScore', { token, body: { recordId: section.recordId } })).statusCode).toBe(200);
  expect((await call(t, 'qbCollect', { token, body: { questionId: f.judge, collect: true } })).statusCode).toBe(200);
  await save({ source: 'PAPER', sourceId: f.paper, mode: 'PRACTICE', answers: [] });
  const exam = await save({ source: 'PAPER', sourceId: f.paper, mode: 'EXAM', answers: [] });
  fixture = f;
  return { t, clock, token, userId: user.id, right, examId: exam.recordId };
}

beforeAll(async () => {
  sides = [await prepare(true), await prepare(false)];
}, 60_000);

afterAll(async () => {
  await Promise.all(sides.map((side) => side.t.close()));
});

// ---- requests from an input check --------------------------------------------------------------

type Json = Record<string, unknown>;
const ABSENT = Symbol('absent');

/** The values to try for one field of an input check, by its label (ids) or its kind. */
function candidates(name: string, schema: Json, records: readonly number[], side: Side): unknown[] {
  const f = fixture;
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (Array.isArray(schema.enum)) return schema.enum.filter((value) => value !== null);
  if (types.includes('array')) {
    const items = schema.items as Json;
    const props = (items.properties ?? {}) as Json;
    if ('answer' in props) return [answersFor(f, side.right, walkVersion)];
    if ('scoreTenths' in props) return [[{ questionId: f.caseShort, scoreTenths: 10 }]];
    return [candidates(name, items, records, side)];
  }
  if (types.includes('boolean')) return [true, false];
  if (types.includes('string')) return ['这道题的答案是什么'];
  if (types.includes('integer')) {
    const label = typeof schema.label === 'string' ? schema.label : '';
    const byLabel: Record<string, number[]> = {
      试卷ID: [f.paper, f.overlapping],
      章节ID: [f.section],
      科目ID: [f.subject],
      题目ID: [f.single, f.caseId, f.caseSingle, f.spare],
      来源ID: [f.paper, f.section, f.subject],
      记录ID: [...records],
    };
    if (label in byLabel) return byLabel[label]!;
    if (name === 'projectId') return [f.project];
    if (name === 'subjectId') return [f.subject];
    if (name === 'tab') return [1, 2, 3];
    if (typeof schema.default === 'number') return [schema.default];
    if (typeof schema.minimum === 'number') return [schema.minimum];
  }
  throw new Error(`no candidates for the field ${name} (${JSON.stringify(schema)}): give it a label of the walk's ids`);
}

/** Every combination of the fields' candidates (an optional field also absent). */
function combinations(schema: TSchema | undefined, records: readonly number[], side: Side): Json[] {
  if (!schema) return [{}];
  const json = schema as unknown as Json;
  const props = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  let out: Json[] = [{}];
  for (const [name, field] of Object.entries(props)) {
    const values: unknown[] = [...candidates(name, field, records, side), ...(required.has(name) ? [] : [ABSENT])];
    out = out.flatMap((partial) => values.map((value) => (value === ABSENT ? partial : { ...partial, [name]: value })));
  }
  return out;
}

/** Timestamps differ between the two servers by how long a request takes; nothing else may. */
function normalized(body: string): unknown {
  return JSON.parse(body, (_key, value: unknown) => (typeof value === 'number' && value > 1e12 ? 'T' : value));
}

async function recordIds(side: Side): Promise<number[]> {
  const rows = await side.t.db
    .select({ id: userRecords.id })
    .from(userRecords)
    .where(and(eq(userRecords.userId, side.userId), ne(userRecords.id, side.examId)))
    .orderBy(asc(userRecords.id));
  return rows.map((row) => row.id);
}

describe('the exam seal: no verdict of an exam question while the exam runs', () => {
  it('answers every questionbank call, with every request over the ids at hand, the same whether the student answered right or wrong', async () => {
    const [a, b] = sides;
    const differences: string[] = [];
    const leaks: string[] = [];
    let sent = 0;
    const names = Object.keys(QUESTION_BANK_CALLS).sort() as QuestionBankCallName[];
    // Calls that delete go last, in the last round, so the others meet every record first.
    const deletes = (name: QuestionBankCallName) => QUESTION_BANK_CALLS[name].method === 'DELETE';
    const rounds = [names.filter((name) => !deletes(name)), [...names.filter((name) => !deletes(name)), ...names.filter(deletes)]];
    for (const round of rounds) {
      for (const name of round) {
        walkVersion += 1;
        const input = QUESTION_BANK_INPUTS[name] as { body?: TSchema; params?: TSchema; querystring?: TSchema };
        const records = await recordIds(a);
        expect(await recordIds(b)).toEqual(records);
        const requestsOf = (side: Side) => {
          const params = combinations(input.params, records, side);
          const bodies = combinations(input.body, records, side);
          const queries = combinations(input.querystring, records, side);
          return params.flatMap((p) => bodies.flatMap((body) => queries.map((query) => ({ p, body, query }))));
        };
        const [forA, forB] = [requestsOf(a), requestsOf(b)];
        expect(forA.length, name).toBe(forB.length);
        expect(forA.length, `${name}: too many requests to walk`).toBeLessThan(2000);
        for (let i = 0; i < forA.length; i += 1) {
          const [resA, resB] = await Promise.all(
            [
              [a, forA[i]!],
              [b, forB[i]!],
            ].map(([side, req]) => {
              const { t, token } = side as Side;
              const { p, body, query } = req as { p: Json; body: Json; query: Json };
              return call(t, name, {
                token,
                params: p as Record<string, number>,
                ...(input.body ? { body } : {}),
                ...(input.querystring ? { query: query as Record<string, string> } : {}),
              });
            }),
          );
          sent += 1;
          a.clock.step(1000);
          b.clock.step(1000);
          const label = `${name} ${JSON.stringify({ ...forA[i]!.p, ...forB[i]!.body })}`;
          const seen = { status: resA!.statusCode, body: normalized(resA!.body) };
          if (JSON.stringify(seen) !== JSON.stringify({ status: resB!.statusCode, body: normalized(resB!.body) }))
            differences.push(`${label}\n  right: ${resA!.statusCode} ${resA!.body.slice(0, 300)}\n  wrong: ${resB!.statusCode} ${resB!.body.slice(0, 300)}`);
          for (const res of [resA!, resB!]) if (res.body.includes(EXAM_SECRET)) leaks.push(`${label}: ${res.body.slice(0, 300)}`);
          expect(res5xx(resA!.statusCode, resB!.statusCode), label).toBe(false);
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(leaks).toEqual([]);
    expect(differences).toEqual([]);
  }, 240_000);

  it('tells the student why a practice of the exam questions waits, and opens it after the hand-in', async () => {
    const a = await prepare(true);
    const f = fixture;
    for (const body of [
      { source: 'PAPER', sourceId: f.paper, mode: 'PRACTICE' },
      { source: 'SECTION', sourceId: f.section, mode: 'PRACTICE' },
      { source: 'PAPER', sourceId: f.overlapping, mode: 'EXAM' },
    ]) {
      const res = await call(a.t, 'qbRecordSave', { token: a.token, body: { ...body, answers: [] } });
      expect(res.statusCode, JSON.stringify(body)).toBe(EXAM_SEAL_STATUS);
      expect(res.json()).toMatchObject({ code: EXAM_SEAL_STATUS, msg: QB_TEXTS.examSealed });
    }
    // Continuing the exam itself is not refused.
    const again = await call(a.t, 'qbRecordSave', { token: a.token, body: { source: 'PAPER', sourceId: f.paper, mode: 'EXAM', answers: [] } });
    expect(data<RecordSaveResult>(again).recordId).toBe(a.examId);
    // The practice opened before the exam: its report waits too.
    const handedIn = (await recordIds(a))[0]!;
    const report = await call(a.t, 'qbRecordReport', { token: a.token, params: { id: handedIn } });
    expect(report.json()).toMatchObject({ code: EXAM_SEAL_STATUS, msg: QB_TEXTS.examSealedResults });

    expect((await call(a.t, 'qbHandScore', { token: a.token, body: { recordId: a.examId } })).statusCode).toBe(200);
    const practice = await call(a.t, 'qbRecordSave', {
      token: a.token,
      body: { source: 'PAPER', sourceId: f.paper, mode: 'PRACTICE', answers: answersFor(f, true, 99) },
    });
    expect(practice.statusCode, practice.body).toBe(200);
    expect(data<RecordSaveResult>(practice).keys.map((key) => key.questionId)).toContain(f.single);
    expect((await call(a.t, 'qbRecordReport', { token: a.token, params: { id: handedIn } })).statusCode).toBe(200);
    await a.t.close();
  });
});

function res5xx(...statuses: number[]): boolean {
  return statuses.some((status) => status >= 500);
}
