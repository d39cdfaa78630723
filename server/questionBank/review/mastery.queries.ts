/**
 * Mastery per chapter (src/domain/questionBank/review.ts chapterMastery) and the choice of a smart
 * practice (智能练习): the due cards first, then the questions of the weakest chapters the student
 * has not got right yet (never answered, or missed the last time). Scoped by the session's user.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { ChapterMasteryView } from '../../../src/domain/questionBank/contract';
import { chapterMastery, masteryPercent } from '../../../src/domain/questionBank/review';
import type { Db } from '../../db/client';
import { questionProgress, reviewCards, sectionQuestions, sections } from '../../db/schema';
import { dueQuestionIds } from './cards.queries';

interface Chapter {
  sectionId: number;
  name: string;
  /** Its questions and its sub-sections', in tree order, each once. */
  questionIds: number[];
}

/** The subject's chapters (top-level sections), each with the questions of its whole tree. */
async function chaptersOf(db: Db, subjectId: number): Promise<Chapter[]> {
  const [tree, links] = await Promise.all([
    db
      .select({ id: sections.id, parentId: sections.parentId, name: sections.name })
      .from(sections)
      .where(eq(sections.subjectId, subjectId))
      .orderBy(asc(sections.sort), asc(sections.id)),
    db
      .select({ sectionId: sectionQuestions.sectionId, questionId: sectionQuestions.questionId })
      .from(sectionQuestions)
      .innerJoin(sections, eq(sections.id, sectionQuestions.sectionId))
      .where(eq(sections.subjectId, subjectId))
      .orderBy(asc(sectionQuestions.sort), asc(sectionQuestions.questionId)),
  ]);
  const childrenOf = new Map<number, number[]>();
  for (const section of tree) childrenOf.set(section.parentId, [...(childrenOf.get(section.parentId) ?? []), section.id]);
  const questionsOf = new Map<number, number[]>();
  for (const link of links) questionsOf.set(link.sectionId, [...(questionsOf.get(link.sectionId) ?? []), link.questionId]);
  const collect = (sectionId: number, into: Set<number>) => {
    for (const id of questionsOf.get(sectionId) ?? []) into.add(id);
    for (const child of childrenOf.get(sectionId) ?? []) collect(child, into);
  };
  return tree
    .filter((section) => section.parentId === 0)
    .map((section) => {
      const ids = new Set<number>();
      collect(section.id, ids);
      return { sectionId: section.id, name: section.name, questionIds: [...ids] };
    });
}

interface StudentOfSubject {
  /** The last verdict per question answered (a case as a whole), and whether it was ever right. */
  progress: Map<number, { everRight: boolean; lastRight: boolean }>;
  stability: Map<number, number>;
}

async function studentOf(db: Db, userId: number, subjectId: number): Promise<StudentOfSubject> {
  const [progress, cards] = await Promise.all([
    db
      .select({ questionId: questionProgress.questionId, rightCount: questionProgress.rightCount, lastVerdict: questionProgress.lastVerdict })
      .from(questionProgress)
      .where(and(eq(questionProgress.userId, userId), eq(questionProgress.subjectId, subjectId))),
    db
      .select({ questionId: reviewCards.questionId, stability: reviewCards.stability })
      .from(reviewCards)
      .where(and(eq(reviewCards.userId, userId), eq(reviewCards.subjectId, subjectId))),
  ]);
  return {
    progress: new Map(progress.map((row) => [row.questionId, { everRight: row.rightCount > 0, lastRight: row.lastVerdict === 'CORRECT' }])),
    stability: new Map(cards.map((row) => [row.questionId, row.stability])),
  };
}

function masteryOf(chapter: Chapter, student: StudentOfSubject): { mastery: number; rightCount: number } {
  const answers = chapter.questionIds
    .filter((id) => student.progress.has(id))
    .map((id) => ({ everRight: student.progress.get(id)!.everRight, stability: student.stability.get(id) ?? null }));
  return { mastery: chapterMastery(answers, chapter.questionIds.length), rightCount: answers.filter((a) => a.everRight).length };
}

/** review/getMastery/{subjectId}: each chapter of the subject, in tree order, with the user's mastery. */
export async function subjectMastery(db: Db, userId: number, subjectId: number): Promise<ChapterMasteryView[]> {
  const [chapters, student] = await Promise.all([chaptersOf(db, subjectId), studentOf(db, userId, subjectId)]);
  return chapters.map((chapter) => {
    const { mastery, rightCount } = masteryOf(chapter, student);
    return { sectionId: chapter.sectionId, name: chapter.name, questionCount: chapter.questionIds.length, rightCount, percent: masteryPercent(mastery) };
  });
}

/**
 * A smart practice of `size` questions: the cards due today (the earliest first), then, chapter by
 * chapter from the lowest mastery (ties: tree order), the questions never answered or missed the
 * last time, in tree order; never one `sealed` holds (an exam being answered).
 */
export async function smartQuestionIds(db: Db, userId: number, subjectId: number, size: number, sealed: ReadonlySet<number>, now: Date): Promise<number[]> {
  const due = await dueQuestionIds(db, userId, subjectId, size, sealed, now);
  if (due.length >= size) return due;
  const [chapters, student] = await Promise.all([chaptersOf(db, subjectId), studentOf(db, userId, subjectId)]);
  const chosen = new Set(due);
  const weakest = chapters
    .map((chapter, order) => ({ chapter, order, mastery: masteryOf(chapter, student).mastery }))
    .sort((a, b) => a.mastery - b.mastery || a.order - b.order);
  for (const { chapter } of weakest) {
    for (const id of chapter.questionIds) {
      if (chosen.size >= size) return [...chosen];
      if (chosen.has(id) || sealed.has(id) || student.progress.get(id)?.lastRight) continue;
      chosen.add(id);
    }
  }
  return [...chosen];
}
