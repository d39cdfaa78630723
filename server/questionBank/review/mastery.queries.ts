/**
 * Mastery per chapter (src/domain/questionBank/review.ts chapterMastery) and the choice of a smart
 * practice (智能练习): the due cards first, then the questions of the weakest chapters the student
 * has not got right yet (never answered, or missed the last time). Scoped by the session's user.
 *
 * A subject holds thousands of questions and a busy student thousands of answers and cards
 * (bench: 5,000): the database gathers them per chapter — how many questions, and of those right
 * at least once the stability of each one's card (null: no card) — and the rule weighs them here.
 */
import { sql } from 'drizzle-orm';
import type { ChapterMasteryView } from '../../../src/domain/questionBank/contract';
import { chapterMastery, masteryPercent } from '../../../src/domain/questionBank/review';
import { queryRows, type Db } from '../../db/client';
import { questionProgress, reviewCards, sectionQuestions, sections } from '../../db/schema';
import { dueQuestionIds } from './cards.queries';

/** The subject's chapters (top-level sections) and each section under one, with its path in tree order. */
const chapterTree = (subjectId: number) => sql`
  with recursive tree(id, chapter, path) as (
    select id, id, array[sort, id] from ${sections} where subject_id = ${subjectId} and parent_id = 0
    union all
    select s.id, tree.chapter, tree.path || array[s.sort, s.id] from ${sections} s join tree on s.parent_id = tree.id
  )`;

interface ChapterFigures {
  sectionId: number;
  name: string;
  questionCount: number;
  /** The stability of each question answered right at least once: its card's, or null without a card. */
  rightStabilities: (number | null)[];
}

async function chapterFigures(db: Db, userId: number, subjectId: number): Promise<ChapterFigures[]> {
  const rows = await queryRows<{ chapter: number; name: string; questions: number; right: (number | null)[] | null }>(
    db,
    sql`${chapterTree(subjectId)},
    chapter_questions as (
      select distinct tree.chapter, sq.question_id from tree join ${sectionQuestions} sq on sq.section_id = tree.id
    ),
    figures as (
      select cq.chapter, count(*)::int as questions, array_agg(c.stability) filter (where p.right_count > 0) as "right"
      from chapter_questions cq
      left join ${questionProgress} p on p.user_id = ${userId} and p.question_id = cq.question_id
      left join ${reviewCards} c on c.user_id = ${userId} and c.question_id = cq.question_id
      group by cq.chapter
    )
    select ch.id as chapter, ch.name, coalesce(f.questions, 0) as questions, f."right"
    from ${sections} ch left join figures f on f.chapter = ch.id
    where ch.subject_id = ${subjectId} and ch.parent_id = 0
    order by ch.sort, ch.id`,
  );
  return rows.map((row) => ({
    sectionId: Number(row.chapter),
    name: row.name,
    questionCount: Number(row.questions),
    rightStabilities: (row.right ?? []).map((s) => (s === null ? null : Number(s))),
  }));
}

function masteryOf(chapter: ChapterFigures): number {
  return chapterMastery(
    chapter.rightStabilities.map((stability) => ({ everRight: true, stability })),
    chapter.questionCount,
  );
}

/** review/getMastery/{subjectId}: each chapter of the subject, in tree order, with the user's mastery. */
export async function subjectMastery(db: Db, userId: number, subjectId: number): Promise<ChapterMasteryView[]> {
  return (await chapterFigures(db, userId, subjectId)).map((chapter) => ({
    sectionId: chapter.sectionId,
    name: chapter.name,
    questionCount: chapter.questionCount,
    rightCount: chapter.rightStabilities.length,
    percent: masteryPercent(masteryOf(chapter)),
  }));
}

/** The chapters' questions not right the last time (or never answered), the chapters in `order`, each in tree order. */
async function notYetRight(db: Db, userId: number, subjectId: number, order: readonly number[], limit: number): Promise<number[]> {
  const rows = await queryRows<{ question_id: number }>(
    db,
    sql`${chapterTree(subjectId)}
    select sq.question_id
    from tree join ${sectionQuestions} sq on sq.section_id = tree.id
    left join ${questionProgress} p on p.user_id = ${userId} and p.question_id = sq.question_id
    where p.question_id is null or p.last_verdict <> 'CORRECT'
    order by array_position(${sql.param([...order])}::int[], tree.chapter), tree.path, sq.sort, sq.question_id
    limit ${limit}`,
  );
  return rows.map((row) => Number(row.question_id));
}

/**
 * A smart practice of `size` questions: the cards due today (the earliest first), then, chapter by
 * chapter from the lowest mastery (ties: tree order), the questions never answered or missed the
 * last time, in tree order; never one `sealed` holds (an exam being answered).
 */
export async function smartQuestionIds(db: Db, userId: number, subjectId: number, size: number, sealed: ReadonlySet<number>, now: Date): Promise<number[]> {
  const due = await dueQuestionIds(db, userId, subjectId, size, sealed, now);
  if (due.length >= size) return due;
  const chapters = await chapterFigures(db, userId, subjectId);
  const order = chapters
    .map((chapter, i) => ({ id: chapter.sectionId, i, mastery: masteryOf(chapter) }))
    .sort((a, b) => a.mastery - b.mastery || a.i - b.i)
    .map((chapter) => chapter.id);
  const chosen = new Set(due);
  // Enough rows to fill the practice past those already chosen or sealed; a question in two sections comes twice, so read on when short.
  for (let limit = size + due.length + sealed.size; ; limit *= 2) {
    const candidates = await notYetRight(db, userId, subjectId, order, limit);
    for (const id of candidates) if (chosen.size < size && !sealed.has(id)) chosen.add(id);
    if (chosen.size >= size || candidates.length < limit) return [...chosen];
    chosen.clear();
    for (const id of due) chosen.add(id);
  }
}
