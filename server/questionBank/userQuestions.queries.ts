/**
 * The student's own questions: favourites (收藏) and the wrong-question book (错题本), fed by
 * answers — a wrong or partly right objective answer enters the book, and a right answer while
 * re-practising the book takes the question out. Everything is scoped by the session's user.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { RecordSource, UserQuestionKind, UserQuestionSubject } from '../../src/domain/questionBank/contract';
import { isObjective, scoreAnswer } from '../../src/domain/questionBank/scoring';
import type { Db } from '../db/client';
import { classes, questionFeedback, questions, userQuestions, userRecords } from '../db/schema';
import type { LoadedQuestion } from './questions.queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Answers just judged (practice save) or handed in (exam): the wrong book follows them. */
export async function noteAnswers(
  tx: Tx | Db,
  userId: number,
  source: RecordSource,
  answered: readonly { question: LoadedQuestion; answer: readonly string[] }[],
  now: Date,
): Promise<void> {
  const wrong: { questionId: number; subjectId: number }[] = [];
  const right: number[] = [];
  for (const { question, answer } of answered) {
    if (!isObjective(question.row.type)) continue;
    const { verdict } = scoreAnswer(question.row.type, question.row.answer, answer, question.scoreTenths);
    if (verdict === 'CORRECT') right.push(question.row.id);
    else if (verdict === 'WRONG' || verdict === 'PARTIAL') wrong.push({ questionId: question.row.id, subjectId: question.row.subjectId });
  }
  if (wrong.length > 0) {
    await tx
      .insert(userQuestions)
      .values(wrong.map((w) => ({ userId, kind: 'WRONG', questionId: w.questionId, subjectId: w.subjectId, wrongCount: 1, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: [userQuestions.userId, userQuestions.kind, userQuestions.questionId],
        set: { wrongCount: sql`${userQuestions.wrongCount} + 1`, updatedAt: now },
      });
  }
  // Answering a question of the book right, while practising the book, clears it.
  if (source === 'WRONG' && right.length > 0) {
    await tx.delete(userQuestions).where(and(eq(userQuestions.userId, userId), eq(userQuestions.kind, 'WRONG'), inArray(userQuestions.questionId, right)));
  }
}

export async function setFavorite(db: Db, userId: number, questionId: number, favorite: boolean, now: Date): Promise<boolean> {
  const [question] = await db.select({ id: questions.id, subjectId: questions.subjectId }).from(questions).where(eq(questions.id, questionId));
  if (!question) return false;
  if (favorite) {
    await db
      .insert(userQuestions)
      .values({ userId, kind: 'FAVORITE', questionId, subjectId: question.subjectId, createdAt: now, updatedAt: now })
      .onConflictDoNothing();
  } else {
    await db.delete(userQuestions).where(and(eq(userQuestions.userId, userId), eq(userQuestions.kind, 'FAVORITE'), eq(userQuestions.questionId, questionId)));
  }
  return true;
}

export async function favoriteIds(db: Db, userId: number, questionIds: readonly number[]): Promise<number[]> {
  if (questionIds.length === 0) return [];
  const rows = await db
    .select({ questionId: userQuestions.questionId })
    .from(userQuestions)
    .where(and(eq(userQuestions.userId, userId), eq(userQuestions.kind, 'FAVORITE'), inArray(userQuestions.questionId, [...questionIds])));
  return rows.map((row) => row.questionId);
}

/** How many questions of the kind each subject holds (of one project when given). */
export async function subjectsOf(db: Db, userId: number, kind: UserQuestionKind, projectId: number | null): Promise<UserQuestionSubject[]> {
  const rows = await db
    .select({ subjectId: userQuestions.subjectId, subjectName: classes.name, count: sql<number>`count(*)::int` })
    .from(userQuestions)
    .innerJoin(classes, eq(classes.id, userQuestions.subjectId))
    .where(and(eq(userQuestions.userId, userId), eq(userQuestions.kind, kind), projectId ? eq(classes.parentId, projectId) : undefined))
    .groupBy(userQuestions.subjectId, classes.name, classes.sort)
    .orderBy(classes.sort);
  return rows.map((row) => ({ subjectId: row.subjectId, subjectName: row.subjectName, count: Number(row.count) }));
}

/** The kind's questions of a subject, newest first. */
export async function userQuestionRows(db: Db, userId: number, kind: UserQuestionKind, subjectId: number) {
  return db
    .select({ questionId: userQuestions.questionId, wrongCount: userQuestions.wrongCount, addedAt: userQuestions.createdAt })
    .from(userQuestions)
    .where(and(eq(userQuestions.userId, userId), eq(userQuestions.kind, kind), eq(userQuestions.subjectId, subjectId)))
    .orderBy(desc(userQuestions.updatedAt), desc(userQuestions.questionId));
}

/**
 * The kind's questions of a subject without those of an exam the user is answering (nor their
 * sub-questions): their keys stay on the server until its hand-in, and the lists and their
 * practice show keys (a question favourited during an exam would otherwise reveal its key).
 */
export async function visibleUserQuestions(db: Db, userId: number, kind: UserQuestionKind, subjectId: number) {
  const [rows, exams] = await Promise.all([
    userQuestionRows(db, userId, kind, subjectId),
    db
      .select({ items: userRecords.items })
      .from(userRecords)
      .where(and(eq(userRecords.userId, userId), eq(userRecords.state, 'DOING'), eq(userRecords.mode, 'EXAM'))),
  ]);
  const locked = new Set(exams.flatMap((exam) => exam.items.map((item) => item.questionId)));
  if (locked.size === 0 || rows.length === 0) return rows;
  const parents = await db
    .select({ id: questions.id, parentId: questions.parentId })
    .from(questions)
    .where(
      inArray(
        questions.id,
        rows.map((row) => row.questionId),
      ),
    );
  const parentOf = new Map(parents.map((p) => [p.id, p.parentId]));
  return rows.filter((row) => !locked.has(row.questionId) && !locked.has(parentOf.get(row.questionId) ?? -1));
}

export async function clearUserQuestions(db: Db, userId: number, kind: UserQuestionKind, subjectId: number): Promise<number> {
  const removed = await db
    .delete(userQuestions)
    .where(and(eq(userQuestions.userId, userId), eq(userQuestions.kind, kind), eq(userQuestions.subjectId, subjectId)))
    .returning({ questionId: userQuestions.questionId });
  return removed.length;
}

export async function addFeedback(db: Db, userId: number, questionId: number, kind: string, content: string): Promise<boolean> {
  const [question] = await db.select({ id: questions.id }).from(questions).where(eq(questions.id, questionId));
  if (!question) return false;
  await db.insert(questionFeedback).values({ userId, questionId, kind, content });
  return true;
}
