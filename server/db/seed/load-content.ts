/** Loads the class tree, teachers and the question banks (questions, papers, sections). */
import { classes, paperQuestions, papers, questions, sectionQuestions, sections, teachers } from '../schema';
import { classTree } from './classes';
import { questionBanks } from './papers';
import { teacherDefs } from './teachers';
import type { ClassDef, QuestionDef, SectionDef, SeedDb } from './types';
import { check, insertInBatches, lookup, optionKey } from './util';

export interface ClassRef {
  id: number;
  name: string;
  level: number;
  parentCode: string | null;
}

/** Inserts the class tree level by level; returns code → class. */
export async function loadClasses(db: SeedDb): Promise<Map<string, ClassRef>> {
  const byCode = new Map<string, ClassRef>();
  let level: { def: ClassDef; parentCode: string | null; sort: number }[] = classTree.map((def, i) => ({ def, parentCode: null, sort: (i + 1) * 10 }));
  for (let depth = 1; level.length > 0; depth++) {
    const rows = level.map(({ def, parentCode, sort }) => {
      check(!byCode.has(def.code), `duplicate class code ${def.code}`);
      return { parentId: parentCode ? lookup(byCode, parentCode, 'class').id : 0, name: def.name, code: def.code, level: depth, sort };
    });
    const inserted = await db.insert(classes).values(rows).returning({ id: classes.id, code: classes.code });
    inserted.forEach((row, i) => {
      const item = level[i]!;
      check(row.code === item.def.code, 'class insert order');
      byCode.set(row.code, { id: row.id, name: item.def.name, level: depth, parentCode: item.parentCode });
    });
    level = level.flatMap(({ def }) => (def.children ?? []).map((child, i) => ({ def: child, parentCode: def.code, sort: (i + 1) * 10 })));
  }
  return byCode;
}

/** Inserts teachers; returns key → id. */
export async function loadTeachers(db: SeedDb, classMap: Map<string, ClassRef>): Promise<Map<string, number>> {
  const rows = teacherDefs.map((def, i) => ({
    name: def.name,
    title: def.title,
    avatar: `/new/demo/teachers/${def.key}.svg`,
    intro: def.intro,
    projectId: lookup(classMap, def.project, 'class').id,
    sort: (i + 1) * 10,
  }));
  const inserted = await db.insert(teachers).values(rows).returning({ id: teachers.id, name: teachers.name });
  const byKey = new Map<string, number>();
  inserted.forEach((row, i) => {
    const def = teacherDefs[i]!;
    check(row.name === def.name, 'teacher insert order');
    byKey.set(def.key, row.id);
  });
  return byKey;
}

function questionRow(q: QuestionDef, subjectId: number, parentId: number | null, sort: number) {
  if (q.type === 'SINGLE' || q.type === 'JUDGE') check(q.answer.length === 1, `${q.ref}: one key expected`);
  if (q.type === 'MULTIPLE') check(q.options.length === 5 && q.answer.length >= 2 && q.answer.length <= 4, `${q.ref}: 5 options, 2–4 keys`);
  if (q.type === 'SINGLE') check(q.options.length === 4, `${q.ref}: 4 options`);
  if (['SINGLE', 'MULTIPLE', 'INDEFINITE', 'JUDGE'].includes(q.type)) {
    const keys = q.options.map((_, i) => optionKey(i));
    check(
      q.answer.every((a) => keys.includes(a)),
      `${q.ref}: answer key not among the options`,
    );
  }
  if (q.type === 'FILL') check((q.stem.match(/____/g) ?? []).length === q.answer.length, `${q.ref}: one ____ per blank`);
  if (q.type === 'CASE') check((q.subs?.length ?? 0) > 0, `${q.ref}: CASE needs sub-questions`);
  return {
    type: q.type,
    subjectId,
    parentId,
    stem: q.stem,
    options: q.options.map((text, i) => ({ key: optionKey(i), text })),
    answer: q.answer,
    analysis: q.analysis,
    difficulty: q.difficulty,
    sort,
  };
}

export interface BankRefs {
  /** ref → question id (sub-questions included). */
  questionIds: Map<string, number>;
  /** paper key → paper id. */
  paperIds: Map<string, number>;
}

/** Inserts every bank's questions (then CASE sub-questions), papers with their questions, and 章节练习 sections. */
export async function loadQuestionBanks(db: SeedDb, classMap: Map<string, ClassRef>): Promise<BankRefs> {
  const questionIds = new Map<string, number>();
  const topLevel = new Set<string>();
  const tops: { q: QuestionDef; row: ReturnType<typeof questionRow> }[] = [];
  for (const bank of questionBanks) {
    const subjectId = lookup(classMap, bank.subject, 'class').id;
    bank.questions.forEach((q, i) => {
      check(!topLevel.has(q.ref), `duplicate question ref ${q.ref}`);
      topLevel.add(q.ref);
      tops.push({ q, row: questionRow(q, subjectId, null, i + 1) });
    });
  }
  const insertedTops = await insertInBatches(tops, (batch) =>
    db
      .insert(questions)
      .values(batch.map((t) => t.row))
      .returning({ id: questions.id }),
  );
  insertedTops.forEach((row, i) => questionIds.set(tops[i]!.q.ref, row.id));

  const subs = tops.flatMap(({ q, row }) =>
    (q.subs ?? []).map((s, i) => ({ ref: s.ref, row: questionRow(s, row.subjectId, lookup(questionIds, q.ref, 'question'), i + 1) })),
  );
  if (subs.length > 0) {
    const insertedSubs = await insertInBatches(subs, (batch) =>
      db
        .insert(questions)
        .values(batch.map((s) => s.row))
        .returning({ id: questions.id }),
    );
    insertedSubs.forEach((row, i) => questionIds.set(subs[i]!.ref, row.id));
  }

  // Papers and their questions. Only top-level questions are linked; a CASE's score covers its sub-questions.
  const paperDefs = questionBanks.flatMap((bank) => bank.papers.map((paper) => ({ bank, paper })));
  const paperRows = paperDefs.map(({ bank, paper }, i) => {
    const subject = lookup(classMap, bank.subject, 'class');
    const sum = paper.parts.reduce((acc, part) => acc + part.score * part.refs.length, 0);
    check(sum === paper.totalScore, `${paper.key}: totalScore ${paper.totalScore} but its questions add up to ${sum}`);
    check(paper.passScore <= paper.totalScore, `${paper.key}: passScore above totalScore`);
    return {
      name: paper.name,
      projectId: lookup(classMap, subject.parentCode ?? '', 'class').id,
      subjectId: subject.id,
      paperType: paper.paperType,
      year: paper.year ?? null,
      durationMinutes: paper.durationMinutes,
      totalScore: paper.totalScore,
      passScore: paper.passScore,
      free: paper.free,
      sort: (i + 1) * 10,
    };
  });
  const insertedPapers = await db.insert(papers).values(paperRows).returning({ id: papers.id });
  const paperIds = new Map<string, number>();
  insertedPapers.forEach((row, i) => {
    const key = paperDefs[i]!.paper.key;
    check(!paperIds.has(key), `duplicate paper key ${key}`);
    paperIds.set(key, row.id);
  });
  const pqRows = paperDefs.flatMap(({ paper }) => {
    const paperId = lookup(paperIds, paper.key, 'paper');
    const refs = paper.parts.flatMap((part) => part.refs.map((ref) => ({ ref, score: part.score })));
    check(new Set(refs.map((r) => r.ref)).size === refs.length, `${paper.key}: a question appears twice`);
    return refs.map(({ ref, score }, i) => {
      check(topLevel.has(ref), `${paper.key}: ${ref} is not a top-level question`);
      return { paperId, questionId: lookup(questionIds, ref, 'question'), score, sort: i + 1 };
    });
  });
  await insertInBatches(pqRows, (batch) => db.insert(paperQuestions).values(batch).returning({ paperId: paperQuestions.paperId }));

  await loadSections(db, classMap, questionIds);
  return { questionIds, paperIds };
}

/** Section trees of every bank, inserted level by level, then the section → question links. */
async function loadSections(db: SeedDb, classMap: Map<string, ClassRef>, questionIds: Map<string, number>): Promise<void> {
  let level: { def: SectionDef; subjectId: number; parentId: number; sort: number }[] = questionBanks.flatMap((bank) => {
    const subjectId = lookup(classMap, bank.subject, 'class').id;
    return bank.sections.map((def, i) => ({ def, subjectId, parentId: 0, sort: i + 1 }));
  });
  const links: { sectionId: number; questionId: number; sort: number }[] = [];
  while (level.length > 0) {
    const inserted = await db
      .insert(sections)
      .values(level.map(({ def, subjectId, parentId, sort }) => ({ subjectId, parentId, name: def.name, sort })))
      .returning({ id: sections.id });
    const next: typeof level = [];
    inserted.forEach((row, i) => {
      const item = level[i]!;
      (item.def.refs ?? []).forEach((ref, j) => links.push({ sectionId: row.id, questionId: lookup(questionIds, ref, 'question'), sort: j + 1 }));
      (item.def.children ?? []).forEach((child, j) => next.push({ def: child, subjectId: item.subjectId, parentId: row.id, sort: j + 1 }));
    });
    level = next;
  }
  await insertInBatches(links, (batch) => db.insert(sectionQuestions).values(batch).returning({ sectionId: sectionQuestions.sectionId }));
}
