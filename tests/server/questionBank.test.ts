/**
 * The question bank on the real database: exam keys never leave before hand-in, records are the
 * owner's alone, saves keep the newest answer, the deadline is the server's, every type is
 * scored (partial credit included), self-marking, practice with the wrong book and favourites.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnswerEntry,
  PaperReport,
  RecordAnalysis,
  RecordReport,
  RecordSaveResult,
  RecordSheet,
  RecordSummary,
} from '../../src/domain/questionBank/contract';
import { EXAM_SEAL_STATUS } from '../../src/domain/questionBank/examSeal';
import { DEADLINE_GRACE_SECONDS } from '../../src/domain/questionBank/limits';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import { classes, paperQuestions, papers, questions, userRecords } from '../../server/db/schema';
import { settleExpired } from '../../server/questionBank/records.queries';
import { ShiftableClock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, secondServer, type TestApp } from './harness';

const clock = new ShiftableClock();
let t: TestApp;
let alice: string;
let bob: string;
const q: Record<string, number> = {};
let examPaper = 0;
let paidPaper = 0;
let subjectId = 0;
let scoredRecord = 0;

const ANALYSIS = (ref: string) => `解析-${ref}-只在交卷后可见`;

async function question(ref: string, type: string, answer: string[], extra: Partial<typeof questions.$inferInsert> = {}): Promise<number> {
  const options = ['SINGLE', 'MULTIPLE', 'INDEFINITE', 'JUDGE'].includes(type)
    ? ['A', 'B', 'C', 'D', 'E'].slice(0, type === 'JUDGE' ? 2 : type === 'SINGLE' ? 4 : 5).map((key) => ({ key, text: `选项${key}` }))
    : [];
  const [row] = await t.db
    .insert(questions)
    .values({ type, subjectId, stem: `题干 ${ref}`, options, answer, analysis: ANALYSIS(ref), ...extra })
    .returning({ id: questions.id });
  q[ref] = row!.id;
  return row!.id;
}

function data<T>(res: { json(): unknown }): T {
  return (res.json() as { data: T }).data;
}

const entry = (ref: string, answer: string[], version: number, flagged = false): AnswerEntry => ({ questionId: q[ref]!, answer, flagged, version });

async function start(token: string, paperId: number, mode: 'EXAM' | 'PRACTICE', answers: AnswerEntry[] = []): Promise<RecordSaveResult> {
  const res = await call(t, 'qbRecordSave', { token, body: { source: 'PAPER', sourceId: paperId, mode, answers } });
  expect(res.statusCode, res.body).toBe(200);
  return data<RecordSaveResult>(res);
}

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  const [project] = await t.db.insert(classes).values({ parentId: 1, name: '测试项目', code: 'qb-test', level: 2 }).returning();
  const [subject] = await t.db.insert(classes).values({ parentId: project!.id, name: '测试科目', code: 'qb-test-s', level: 3 }).returning();
  subjectId = subject!.id;
  await question('single', 'SINGLE', ['B']);
  await question('multi', 'MULTIPLE', ['A', 'C', 'D']);
  await question('indef', 'INDEFINITE', ['B', 'E']);
  await question('judge', 'JUDGE', ['A']);
  await question('fill', 'FILL', ['现金流量', '10%'], { stem: '____ 与 ____' });
  await question('short', 'SHORT_ANSWER', ['参考答案要点']);
  const caseId = await question('case', 'CASE', []);
  await question('case-1', 'SINGLE', ['C'], { parentId: caseId, sort: 1 });
  await question('case-2', 'SHORT_ANSWER', ['案例参考答案'], { parentId: caseId, sort: 2 });

  const [exam] = await t.db
    .insert(papers)
    .values({ name: '测试模拟卷', projectId: project!.id, subjectId, paperType: 'MOCK', durationMinutes: 30, totalScore: 30, passScore: 18, free: true })
    .returning();
  examPaper = exam!.id;
  const scores: [string, number][] = [
    ['single', 2],
    ['multi', 4],
    ['indef', 4],
    ['judge', 2],
    ['fill', 4],
    ['short', 6],
    ['case', 8],
  ];
  await t.db.insert(paperQuestions).values(scores.map(([ref, score], i) => ({ paperId: examPaper, questionId: q[ref]!, score, sort: i + 1 })));
  const [paid] = await t.db
    .insert(papers)
    .values({ name: '付费卷', projectId: project!.id, subjectId, paperType: 'REAL', durationMinutes: 60, totalScore: 2, passScore: 1, free: false })
    .returning();
  paidPaper = paid!.id;
  await t.db.insert(paperQuestions).values({ paperId: paidPaper, questionId: q.single!, score: 2, sort: 1 });

  alice = await loginAs(t.db, (await createUser(t.db)).id);
  bob = await loginAs(t.db, (await createUser(t.db)).id);
});

afterAll(async () => {
  await t.close();
});

describe('exam mode', () => {
  it('sends no key or explanation before the hand-in, and every key after it', async () => {
    const started = await start(alice, examPaper, 'EXAM', [entry('single', ['A'], 1)]);
    expect(started.keys).toEqual([]);
    expect(started.deadlineAt).toBe(started.serverNow + 30 * 60_000);
    const sheetRes = await call(t, 'qbRecordQuestions', { token: alice, params: { id: started.recordId } });
    const sheet = data<RecordSheet>(sheetRes);
    expect(sheet.keys).toEqual([]);
    expect(sheetRes.body).not.toContain('解析-');
    expect(sheetRes.body).not.toContain('参考答案');
    const paperRes = await call(t, 'qbPaperQuestions', { token: alice, params: { id: examPaper } });
    expect(paperRes.statusCode).toBe(200);
    expect(paperRes.body).not.toContain('解析-');
    // The case's sub-questions share its 8 points.
    const caseView = sheet.questions.find((view) => view.type === 'CASE')!;
    expect(caseView.subs.map((sub) => sub.scoreTenths)).toEqual([40, 40]);

    // No written answer to mark: scored at once (single wrong, the rest unanswered).
    const handed = await call(t, 'qbHandScore', { token: alice, body: { recordId: started.recordId } });
    expect(data<RecordSummary>(handed)).toMatchObject({ state: 'DONE', scoreTenths: 0 });
    const after = data<RecordSheet>(await call(t, 'qbRecordQuestions', { token: alice, params: { id: started.recordId } }));
    expect(after.keys.find((key) => key.questionId === q.single)?.analysis).toBe(ANALYSIS('single'));
  });

  it('a second start continues the record being answered', async () => {
    const first = await start(bob, examPaper, 'EXAM');
    const second = await start(bob, examPaper, 'EXAM');
    expect(second.recordId).toBe(first.recordId);
    await call(t, 'qbHandScore', { token: bob, body: { recordId: first.recordId } });
  });

  it('scores every type on the server, partial credit included, then takes the self-marks', async () => {
    const started = await start(alice, examPaper, 'EXAM');
    const answers = [
      entry('single', ['B'], 10), // 2 of 2
      entry('multi', ['A', 'C'], 10), // 少选: half of 4 = 2
      entry('indef', ['B', 'C'], 10), // 错选: 0
      entry('judge', ['A'], 10), // 2
      entry('fill', ['现金流量 ', '１０%'], 10), // both blanks, full-width and spaces ignored: 4
      entry('short', ['我的答案'], 10),
      entry('case-1', ['C'], 10), // 4 of the case's 8
      entry('case-2', ['案例作答'], 10),
    ];
    const handed = data<RecordSummary>(await call(t, 'qbHandScore', { token: alice, body: { recordId: started.recordId, answers } }));
    expect(handed.state).toBe('MARKING');
    expect(handed.scoreTenths).toBeNull();

    const bad = await call(t, 'qbHandScore', { token: alice, body: { recordId: started.recordId, marks: [{ questionId: q.short, scoreTenths: 61 }] } });
    expect(bad.statusCode).toBe(400);
    const missing = await call(t, 'qbHandScore', { token: alice, body: { recordId: started.recordId, marks: [{ questionId: q.short, scoreTenths: 45 }] } });
    expect(missing.json()).toMatchObject({ msg: QB_TEXTS.marksMissing });

    const marked = await call(t, 'qbHandScore', {
      token: alice,
      body: {
        recordId: started.recordId,
        marks: [
          { questionId: q.short, scoreTenths: 45 },
          { questionId: q['case-2'], scoreTenths: 25 },
        ],
      },
    });
    const done = data<RecordSummary>(marked);
    expect(done.state).toBe('DONE');
    // Objective 2 + 2 + 0 + 2 + 4 + 4 = 14 points, written 4.5 + 2.5 = 7.
    expect(done.scoreTenths).toBe(140 + 70);
    scoredRecord = started.recordId;
  });

  it('reports the hand-in: transcript by type, the analysis beside the keys, the paper statistics', async () => {
    const report = data<RecordReport>(await call(t, 'qbRecordReport', { token: alice, params: { id: scoredRecord } }));
    expect(report).toMatchObject({ paperId: examPaper, passScoreTenths: 180, passed: true, correctCount: 4, wrongCount: 2, unansweredCount: 0, toMark: 0 });
    expect(report.byType.find((line) => line.label === '多项选择题')).toEqual({ label: '多项选择题', count: 1, correct: 0, scoreTenths: 20, fullTenths: 40 });
    expect(report.byType.find((line) => line.label === '案例分析题')).toMatchObject({ count: 2, scoreTenths: 40 + 25, fullTenths: 80 });

    const analysis = data<RecordAnalysis>(await call(t, 'qbRecordAnalysis', { token: alice, params: { id: scoredRecord } }));
    const verdicts = Object.fromEntries(analysis.items.map((item) => [item.question.id, item.verdict]));
    expect(verdicts).toMatchObject({ [q.single!]: 'CORRECT', [q.multi!]: 'PARTIAL', [q.indef!]: 'WRONG', [q.fill!]: 'CORRECT', [q.short!]: 'SUBJECTIVE' });
    const sub = analysis.items.find((item) => item.question.id === q['case-1'])!;
    expect(sub).toMatchObject({ caseStem: '题干 case', key: { answer: ['C'], analysis: ANALYSIS('case-1') } });
    expect(sub.correctRate).toBe(100);

    const stats = data<PaperReport>(await call(t, 'qbPaperReport', { token: alice, params: { id: examPaper } }));
    expect(stats.myBestTenths).toBe(210);
    expect(stats.highestTenths).toBe(210);
    expect(stats.distribution[7]).toBeGreaterThanOrEqual(1);

    const doing = await start(alice, examPaper, 'EXAM');
    const early = await call(t, 'qbRecordAnalysis', { token: alice, params: { id: doing.recordId } });
    expect(early.json()).toMatchObject({ code: 400, msg: QB_TEXTS.notHandedIn });
    expect((await call(t, 'qbRecordReport', { token: bob, params: { id: scoredRecord } })).json()).toMatchObject({ code: 404 });
    await call(t, 'qbHandScore', { token: alice, body: { recordId: doing.recordId } });
  });

  it('keeps the newest answer when an older save arrives later (two tabs)', async () => {
    const started = await start(alice, examPaper, 'EXAM');
    await call(t, 'qbRecordSave', { token: alice, body: { recordId: started.recordId, answers: [entry('single', ['C'], 1_800_000_002_000)] } });
    const late = data<RecordSaveResult>(
      await call(t, 'qbRecordSave', {
        token: alice,
        body: { recordId: started.recordId, answers: [entry('single', ['A'], 1_800_000_001_000), entry('judge', ['B'], 1_800_000_001_000)] },
      }),
    );
    expect(late.stale).toEqual([{ questionId: q.single, answer: ['C'], flagged: false, version: 1_800_000_002_000 }]);
    const sheet = data<RecordSheet>(await call(t, 'qbRecordQuestions', { token: alice, params: { id: started.recordId } }));
    expect(sheet.answers.find((a) => a.questionId === q.single)).toMatchObject({ answer: ['C'], version: 1_800_000_002_000 });
    expect(sheet.answers.find((a) => a.questionId === q.judge)).toMatchObject({ answer: ['B'] });
    // The same save retried is not stale.
    const retried = data<RecordSaveResult>(
      await call(t, 'qbRecordSave', { token: alice, body: { recordId: started.recordId, answers: [entry('single', ['C'], 1_800_000_002_000)] } }),
    );
    expect(retried.stale).toEqual([]);
    await call(t, 'qbHandScore', { token: alice, body: { recordId: started.recordId } });
  });

  it('keeps one record and the newest answer when starts and saves race, across two servers', async () => {
    const student = await loginAs(t.db, (await createUser(t.db)).id);
    const other = await secondServer(t);
    try {
      const servers = [t, other];
      const starts = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((i) =>
          call(servers[i % 2]!, 'qbRecordSave', { token: student, body: { source: 'PAPER', sourceId: examPaper, mode: 'EXAM', answers: [] } }),
        ),
      );
      const ids = new Set(starts.map((res) => data<RecordSaveResult>(res).recordId));
      expect(ids.size).toBe(1);
      const recordId = [...ids][0]!;
      const versions = [7, 3, 10, 1, 8, 5, 2, 9, 4, 6];
      await Promise.all(
        versions.map((v, i) =>
          call(servers[i % 2]!, 'qbRecordSave', { token: student, body: { recordId, answers: [entry('multi', v % 2 ? ['A'] : ['A', 'C'], v)] } }),
        ),
      );
      const sheet = data<RecordSheet>(await call(t, 'qbRecordQuestions', { token: student, params: { id: recordId } }));
      expect(sheet.answers.find((a) => a.questionId === q.multi)).toMatchObject({ version: 10, answer: ['A', 'C'] });
    } finally {
      await other.close();
    }
  });

  it('scores every acknowledged save when a hand-in races them on two servers, and refuses the ones after it', async () => {
    const student = await loginAs(t.db, (await createUser(t.db)).id);
    const other = await secondServer(t);
    try {
      const servers = [t, other];
      const { recordId } = await start(student, examPaper, 'EXAM');
      const refs = ['single', 'multi', 'indef', 'judge', 'fill', 'case-1'] as const;
      const answerOf: Record<(typeof refs)[number], string[]> = {
        single: ['B'],
        multi: ['A', 'C', 'D'],
        indef: ['B'],
        judge: ['A'],
        fill: ['现金流量', '10%'],
        'case-1': ['C'],
      };
      const saves = refs.map((ref, i) =>
        call(servers[i % 2]!, 'qbRecordSave', { token: student, body: { recordId, answers: [entry(ref, answerOf[ref], 20 + i)] } }),
      );
      const handIn = call(servers[1]!, 'qbHandScore', { token: student, body: { recordId } });
      const answered = await Promise.all(saves);
      expect((await handIn).statusCode).toBe(200);
      const [row] = await t.db.select().from(userRecords).where(eq(userRecords.id, recordId));
      const sheet = data<RecordSheet>(await call(t, 'qbRecordQuestions', { token: student, params: { id: recordId } }));
      for (const [i, res] of answered.entries()) {
        expect([200, 409], res.body).toContain(res.statusCode);
        const stored = sheet.answers.find((a) => a.questionId === q[refs[i]!]);
        // Acknowledged: stored, and counted in the hand-in's score. Refused: not there.
        if (res.statusCode === 200) expect(stored?.version, refs[i]).toBe(20 + i);
        else expect(stored, refs[i]).toBeUndefined();
      }
      const acknowledged = answered.map((res, i) => (res.statusCode === 200 ? refs[i]! : null)).filter((ref) => ref !== null);
      // Every acknowledged objective answer here is right: the score is theirs, not less.
      const marks: Record<string, number> = { single: 20, multi: 40, indef: 20, judge: 20, fill: 40, 'case-1': 40 };
      expect(row!.objectiveTenths).toBe(acknowledged.reduce((sum, ref) => sum + marks[ref]!, 0));
    } finally {
      await other.close();
    }
  });

  it('refuses answers that are not options of the question or not in the record', async () => {
    const started = await start(alice, examPaper, 'EXAM');
    const notOption = await call(t, 'qbRecordSave', { token: alice, body: { recordId: started.recordId, answers: [entry('single', ['Z'], 5)] } });
    expect(notOption.json()).toMatchObject({ code: 400, msg: QB_TEXTS.answerShape });
    const foreign = await call(t, 'qbRecordSave', {
      token: alice,
      body: { recordId: started.recordId, answers: [{ questionId: q.case!, answer: ['A'], flagged: false, version: 5 }] },
    });
    expect(foreign.json()).toMatchObject({ code: 400, msg: QB_TEXTS.questionNotInRecord });
    await call(t, 'qbHandScore', { token: alice, body: { recordId: started.recordId } });
  });

  it('refuses a save after the deadline and hands the record in; the sweep hands in an abandoned one', async () => {
    const student = await loginAs(t.db, (await createUser(t.db)).id);
    const started = await start(student, examPaper, 'EXAM', [entry('single', ['B'], 1)]);
    const other = await loginAs(t.db, (await createUser(t.db)).id);
    const abandoned = await start(other, examPaper, 'EXAM', [entry('judge', ['A'], 1)]);

    // 5 s inside the grace, counted from the deadline itself (not from when the record started).
    clock.advance(started.deadlineAt! + (DEADLINE_GRACE_SECONDS - 5) * 1000 - clock.now().getTime());
    const inGrace = await call(t, 'qbRecordSave', { token: student, body: { recordId: started.recordId, answers: [entry('judge', ['A'], 2)] } });
    expect(inGrace.statusCode).toBe(200);

    clock.advance(10_000);
    const late = await call(t, 'qbRecordSave', { token: student, body: { recordId: started.recordId, answers: [entry('multi', ['A'], 3)] } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 409, msg: QB_TEXTS.deadlinePassed });
    const [row] = await t.db.select().from(userRecords).where(eq(userRecords.id, started.recordId));
    expect(row).toMatchObject({ handedInBy: 'SERVER', objectiveTenths: 40 });
    expect(row!.state).not.toBe('DOING');

    // A hand-in sent after the deadline (the tab slept through it) is answered with the record as handed in.
    const third = await loginAs(t.db, (await createUser(t.db)).id);
    const sleeper = await start(third, examPaper, 'EXAM', [entry('single', ['B'], 1)]);
    clock.advance(31 * 60_000);
    const lateHandIn = await call(t, 'qbHandScore', { token: third, body: { recordId: sleeper.recordId, answers: [entry('judge', ['A'], 2)] } });
    expect(data<RecordSummary>(lateHandIn)).toMatchObject({ state: 'DONE', scoreTenths: 20, answeredCount: 1 });

    expect(await settleExpired(t.db, clock.now())).toBeGreaterThanOrEqual(1);
    const [gone] = await t.db.select().from(userRecords).where(eq(userRecords.id, abandoned.recordId));
    expect(gone).toMatchObject({ state: 'DONE', handedInBy: 'SERVER', scoreTenths: 20 });
  });
});

describe('ownership', () => {
  it("refuses another user's record everywhere", async () => {
    const started = await start(alice, examPaper, 'PRACTICE');
    for (const res of [
      await call(t, 'qbRecordQuestions', { token: bob, params: { id: started.recordId } }),
      await call(t, 'qbRecordSave', { token: bob, body: { recordId: started.recordId, answers: [entry('single', ['B'], 9)] } }),
      await call(t, 'qbHandScore', { token: bob, body: { recordId: started.recordId } }),
    ]) {
      expect(res.json()).toMatchObject({ code: 404, msg: QB_TEXTS.recordNotFound });
    }
    expect(data<{ deleted: number }>(await call(t, 'qbRecordDelete', { token: bob, body: { ids: [started.recordId] } })).deleted).toBe(0);
    expect(data<{ deleted: number }>(await call(t, 'qbRecordDelete', { token: alice, body: { ids: [started.recordId] } })).deleted).toBe(1);
  });

  it("lists each paper with the user's own attempts, best score and open record", async () => {
    const list = data<{ records: { id: number; attempts: number; bestScoreTenths: number | null; doingRecordId: number | null }[] }>(
      await call(t, 'qbPaperPageList', { token: alice, body: { subjectId } }),
    );
    const exam = list.records.find((p) => p.id === examPaper)!;
    const paid = list.records.find((p) => p.id === paidPaper)!;
    expect(exam.attempts).toBeGreaterThanOrEqual(3);
    expect(exam.bestScoreTenths).toBe(210);
    expect(paid).toMatchObject({ attempts: 0, bestScoreTenths: null, doingRecordId: null });
    const visitor = data<{ records: { id: number; attempts: number }[] }>(await call(t, 'qbPaperPageList', { body: { subjectId } }));
    expect(visitor.records.find((p) => p.id === examPaper)?.attempts).toBe(0);
  });

  it('opens a paid paper only to students of a paid course of its project', async () => {
    const res = await call(t, 'qbRecordSave', { token: alice, body: { source: 'PAPER', sourceId: paidPaper, mode: 'EXAM', answers: [] } });
    expect(res.json()).toMatchObject({ code: 403, msg: QB_TEXTS.paperLocked });
    const list = await call(t, 'qbPaperPageList', { body: { subjectId } });
    expect(data<{ records: { id: number; locked: boolean }[] }>(list).records.find((p) => p.id === paidPaper)?.locked).toBe(true);
  });
});

describe('practice, the wrong book and favourites', () => {
  it('judges each answer at once, books a wrong one, and clears it when the book is practised right', async () => {
    const student = await loginAs(t.db, (await createUser(t.db)).id);
    const started = await start(student, examPaper, 'PRACTICE', [entry('single', ['A'], 1)]);
    expect(started.deadlineAt).toBeNull();
    expect(started.keys).toEqual([{ questionId: q.single, answer: ['B'], analysis: ANALYSIS('single') }]);
    await call(t, 'qbHandScore', { token: student, body: { recordId: started.recordId } });

    const book = await call(t, 'qbUserQuestions', { token: student, body: { kind: 'WRONG' } });
    expect(data<unknown[]>(book)).toEqual([{ subjectId, subjectName: '测试科目', count: 1 }]);

    const redo = await call(t, 'qbRecordSave', {
      token: student,
      body: { source: 'WRONG', sourceId: subjectId, mode: 'PRACTICE', answers: [entry('single', ['B'], 2)] },
    });
    expect(redo.statusCode).toBe(200);
    expect(data<unknown[]>(await call(t, 'qbUserQuestions', { token: student, body: { kind: 'WRONG' } }))).toEqual([]);
    const exam = await call(t, 'qbRecordSave', { token: student, body: { source: 'WRONG', sourceId: subjectId, mode: 'EXAM', answers: [] } });
    expect(exam.json()).toMatchObject({ code: 400, msg: QB_TEXTS.modeNotAllowed });
  });

  it('keeps favourites per user', async () => {
    await call(t, 'qbCollect', { token: alice, body: { questionId: q.multi, collect: true } });
    expect(data<number[]>(await call(t, 'qbCollectStatusList', { token: alice, body: { questionIds: [q.multi, q.single] } }))).toEqual([q.multi]);
    expect(data<number[]>(await call(t, 'qbCollectStatusList', { token: bob, body: { questionIds: [q.multi] } }))).toEqual([]);
    const list = data<{ records: { question: { id: number }; key: { answer: string[] } }[] }>(
      await call(t, 'qbUserQuestionList', { token: alice, body: { kind: 'FAVORITE', subjectId } }),
    );
    expect(list.records.map((r) => [r.question.id, r.key.answer])).toEqual([[q.multi, ['A', 'C', 'D']]]);
    await call(t, 'qbUserQuestionsDelete', { token: alice, params: { type: 'FAVORITE', subjectId } });
    expect(data<number[]>(await call(t, 'qbCollectStatusList', { token: alice, body: { questionIds: [q.multi] } }))).toEqual([]);
  });

  it('keeps the key of a question favourited during an exam off the favourites until the hand-in', async () => {
    const student = await loginAs(t.db, (await createUser(t.db)).id);
    const exam = await start(student, examPaper, 'EXAM');
    await call(t, 'qbCollect', { token: student, body: { questionId: q.indef, collect: true } });
    await call(t, 'qbCollect', { token: student, body: { questionId: q['case-1'], collect: true } });
    const during = await call(t, 'qbUserQuestionList', { token: student, body: { kind: 'FAVORITE', subjectId } });
    expect(data<{ records: unknown[] }>(during).records).toEqual([]);
    expect(during.body).not.toContain('解析-');
    const practice = await call(t, 'qbRecordSave', { token: student, body: { source: 'FAVORITE', sourceId: subjectId, mode: 'PRACTICE', answers: [] } });
    expect(practice.json()).toMatchObject({ code: 400, msg: QB_TEXTS.emptySource });

    await call(t, 'qbHandScore', { token: student, body: { recordId: exam.recordId } });
    const after = data<{ records: { question: { id: number } }[] }>(
      await call(t, 'qbUserQuestionList', { token: student, body: { kind: 'FAVORITE', subjectId } }),
    );
    // A sub-question is kept as its case: the case is favourited and practised as a whole.
    expect(after.records.map((r) => r.question.id).sort()).toEqual([q.indef, q.case].sort());
  });

  it('seals a practice of the same paper while the exam runs, with the reason, and opens it after the hand-in', async () => {
    const student = await loginAs(t.db, (await createUser(t.db)).id);
    // A practice opened first (another tab), then the exam.
    const practice = await start(student, examPaper, 'PRACTICE');
    const exam = await start(student, examPaper, 'EXAM');
    const sealed = { code: EXAM_SEAL_STATUS, msg: QB_TEXTS.examSealed };
    expect(
      (await call(t, 'qbRecordSave', { token: student, body: { recordId: practice.recordId, answers: [entry('single', ['A'], 5)] } })).json(),
    ).toMatchObject(sealed);
    expect((await call(t, 'qbRecordQuestions', { token: student, params: { id: practice.recordId } })).json()).toMatchObject(sealed);
    expect((await call(t, 'qbHandScore', { token: student, body: { recordId: practice.recordId } })).json()).toMatchObject(sealed);
    const again = await call(t, 'qbRecordSave', { token: student, body: { source: 'PAPER', sourceId: examPaper, mode: 'PRACTICE', answers: [] } });
    expect(again.statusCode).toBe(EXAM_SEAL_STATUS);

    await call(t, 'qbHandScore', { token: student, body: { recordId: exam.recordId } });
    const later = await call(t, 'qbRecordSave', { token: student, body: { recordId: practice.recordId, answers: [entry('single', ['A'], 6)] } });
    expect(data<RecordSaveResult>(later).keys.map((key) => key.questionId)).toEqual([q.single]);
  });

  it("withholds an earlier attempt's report and analysis while the paper is answered again", async () => {
    const student = await loginAs(t.db, (await createUser(t.db)).id);
    // The first attempt gets the single choice wrong: its verdict alone would give the key away.
    const first = await start(student, examPaper, 'EXAM', [entry('single', ['A'], 1), entry('judge', ['A'], 1)]);
    await call(t, 'qbHandScore', { token: student, body: { recordId: first.recordId } });
    const analysis = () => call(t, 'qbRecordAnalysis', { token: student, params: { id: first.recordId } });
    const single = (res: { json(): unknown }) => data<RecordAnalysis>(res).items.find((item) => item.question.id === q.single)!;
    expect(single(await analysis())).toMatchObject({ verdict: 'WRONG', answer: ['A'] });

    const second = await start(student, examPaper, 'EXAM');
    const results = { code: EXAM_SEAL_STATUS, msg: QB_TEXTS.examSealedResults };
    const during = await analysis();
    expect(during.json()).toMatchObject(results);
    expect(during.body).not.toContain('解析-');
    expect((await call(t, 'qbRecordReport', { token: student, params: { id: first.recordId } })).json()).toMatchObject(results);

    await call(t, 'qbHandScore', { token: student, body: { recordId: second.recordId } });
    expect(single(await analysis())).toMatchObject({ verdict: 'WRONG', key: { answer: ['B'] } });
  });

  it('books a case answered wrong as a whole, and its wrong-book practice is answered, handed in and analysed', async () => {
    const student = await loginAs(t.db, (await createUser(t.db)).id);
    const exam = await start(student, examPaper, 'EXAM', [entry('case-1', ['A'], 1), entry('case-2', ['我的分析'], 1)]);
    await call(t, 'qbHandScore', { token: student, body: { recordId: exam.recordId } });
    const book = data<{ records: { question: { id: number; subs: { id: number }[] } }[] }>(
      await call(t, 'qbUserQuestionList', { token: student, body: { kind: 'WRONG', subjectId } }),
    );
    expect(book.records.map((r) => r.question.id)).toEqual([q.case]);
    expect(book.records[0]!.question.subs.map((sub) => sub.id)).toEqual([q['case-1'], q['case-2']]);

    const practice = await call(t, 'qbRecordSave', {
      token: student,
      body: { source: 'WRONG', sourceId: subjectId, mode: 'PRACTICE', answers: [entry('case-1', ['C'], 2)] },
    });
    expect(practice.statusCode, practice.body).toBe(200);
    const saved = data<RecordSaveResult>(practice);
    expect(saved.keys).toEqual([{ questionId: q['case-1'], answer: ['C'], analysis: ANALYSIS('case-1') }]);
    const second = await call(t, 'qbRecordSave', { token: student, body: { recordId: saved.recordId, answers: [entry('case-2', ['要点'], 3)] } });
    expect(second.statusCode, second.body).toBe(200);
    // Every objective sub-question right: the case leaves the book.
    expect(data<unknown[]>(await call(t, 'qbUserQuestions', { token: student, body: { kind: 'WRONG' } }))).toEqual([]);

    const handed = await call(t, 'qbHandScore', { token: student, body: { recordId: saved.recordId } });
    expect(handed.statusCode, handed.body).toBe(200);
    const analysed = data<RecordAnalysis>(await call(t, 'qbRecordAnalysis', { token: student, params: { id: saved.recordId } }));
    expect(analysed.items.map((item) => [item.question.id, item.verdict])).toEqual([
      [q['case-1'], 'CORRECT'],
      [q['case-2'], 'SUBJECTIVE'],
    ]);
    expect(analysed.items[0]!.caseStem).toBe('题干 case');
  });

  it('keeps a favourited sub-question as its case', async () => {
    const student = await loginAs(t.db, (await createUser(t.db)).id);
    await call(t, 'qbCollect', { token: student, body: { questionId: q['case-2'], collect: true } });
    expect(data<number[]>(await call(t, 'qbCollectStatusList', { token: student, body: { questionIds: [q.case, q['case-1'], q.single] } }))).toEqual([
      q.case,
      q['case-1'],
    ]);
    const practice = await call(t, 'qbRecordSave', {
      token: student,
      body: { source: 'FAVORITE', sourceId: subjectId, mode: 'PRACTICE', answers: [entry('case-1', ['B'], 1)] },
    });
    expect(practice.statusCode, practice.body).toBe(200);
    await call(t, 'qbCollect', { token: student, body: { questionId: q['case-1'], collect: false } });
    expect(data<number[]>(await call(t, 'qbCollectStatusList', { token: student, body: { questionIds: [q.case] } }))).toEqual([]);
  });
});
