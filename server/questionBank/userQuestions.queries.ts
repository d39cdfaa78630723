/**
 * The student's own questions: favourites (收藏) and the wrong-question book (错题本), fed by
 * answers — a wrong or partly right objective answer enters the book, and a right answer while
 * re-practising the book takes the question out. Everything is scoped by the session's user.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { QuestionType, RecordSource, UserQuestionKind, UserQuestionSubject } from '../../src/domain/questionBank/contract';
import { isObjective, scoreAnswer } from '../../src/domain/questionBank/scoring';
import type { Db } from '../db/client';
import { classes, questionFeedback, questions, recordAnswers, userQuestions } from '../db/schema';
import { examQuestionIds } from './examSeal.queries';
import { addFavoriteCard, removeFavoriteCard } from './review/cards.queries';
import type { LoadedQuestion } from './questions.queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Answers just judged (practice save) or handed in (exam): the wrong book follows them. The book
 * holds top-level questions: a case enters as a whole when one of its objective sub-questions is
 * answered wrong (and is practised as a whole), and leaves when, practising the book, every one of
 * its objective sub-questions has been answered right in that record.
 */
export async function noteAnswers(
  tx: Tx | Db,
  userId: number,
  record: { id: number; source: RecordSource },
  answered: readonly { question: LoadedQuestion; answer: readonly string[] }[],
  now: Date,
): Promise<void> {
  const wrong = new Map<number, number>();
  const right = new Set<number>();
  const casesRight = new Set<number>();
  for (const { question, answer } of answered) {
    if (!isObjective(question.row.type)) continue;
    const { verdict } = scoreAnswer(question.row.type, question.row.answer, answer, question.scoreTenths);
    const bookId = question.row.parentId ?? question.row.id;
    if (verdict === 'WRONG' || verdict === 'PARTIAL') wrong.set(bookId, question.row.subjectId);
    else if (verdict === 'CORRECT') (question.row.parentId === null ? right : casesRight).add(bookId);
  }
  if (wrong.size > 0) {
    await tx
      .insert(userQuestions)
      .values([...wrong].map(([questionId, subjectId]) => ({ userId, kind: 'WRONG', questionId, subjectId, wrongCount: 1, createdAt: now, updatedAt: now })))
      .onConflictDoUpdate({
        target: [userQuestions.userId, userQuestions.kind, userQuestions.questionId],
        set: { wrongCount: sql`${userQuestions.wrongCount} + 1`, updatedAt: now },
      });
  }
  if (record.source !== 'WRONG') return;
  for (const caseId of casesRight) if (!wrong.has(caseId) && (await caseAllRight(tx, record.id, caseId))) right.add(caseId);
  // Answering a question of the book right, while practising the book, clears it.
  if (right.size > 0) {
    await tx.delete(userQuestions).where(and(eq(userQuestions.userId, userId), eq(userQuestions.kind, 'WRONG'), inArray(userQuestions.questionId, [...right])));
  }
}

/** Whether every objective sub-question of the case has a right answer stored in the record. */
async function caseAllRight(tx: Tx | Db, recordId: number, caseId: number): Promise<boolean> {
  const subs = await tx.select({ id: questions.id, type: questions.type, answer: questions.answer }).from(questions).where(eq(questions.parentId, caseId));
  const objective = subs.filter((sub) => isObjective(sub.type as QuestionType));
  if (objective.length === 0) return false;
  const stored = await tx
    .select({ questionId: recordAnswers.questionId, answer: recordAnswers.answer })
    .from(recordAnswers)
    .where(
      and(
        eq(recordAnswers.recordId, recordId),
        inArray(
          recordAnswers.questionId,
          objective.map((sub) => sub.id),
        ),
      ),
    );
  const answerOf = new Map(stored.map((row) => [row.questionId, row.answer]));
  return objective.every((sub) => scoreAnswer(sub.type as QuestionType, sub.answer, answerOf.get(sub.id) ?? [], 10).verdict === 'CORRECT');
}

/** The book's entry of a question: a case sub-question is kept (and favourited) as its case. */
async function bookEntryOf(db: Db, questionId: number): Promise<{ id: number; subjectId: number } | null> {
  const [question] = await db
    .select({ id: questions.id, parentId: questions.parentId, subjectId: questions.subjectId })
    .from(questions)
    .where(eq(questions.id, questionId));
  if (!question) return null;
  return { id: question.parentId ?? question.id, subjectId: question.subjectId };
}

export async function setFavorite(db: Db, userId: number, questionId: number, favorite: boolean, now: Date): Promise<boolean> {
  const entry = await bookEntryOf(db, questionId);
  if (!entry) return false;
  await db.transaction(async (tx) => {
    if (favorite) {
      await tx
        .insert(userQuestions)
        .values({ userId, kind: 'FAVORITE', questionId: entry.id, subjectId: entry.subjectId, createdAt: now, updatedAt: now })
        .onConflictDoNothing();
      // Every favourite is reviewed (今日复习): a new card, due now.
      await addFavoriteCard(tx, userId, entry, now);
    } else {
      await tx.delete(userQuestions).where(and(eq(userQuestions.userId, userId), eq(userQuestions.kind, 'FAVORITE'), eq(userQuestions.questionId, entry.id)));
      await removeFavoriteCard(tx, userId, entry.id);
    }
  });
  return true;
}

/** Which of the questions are favourites: a sub-question is when its case is. */
export async function favoriteIds(db: Db, userId: number, questionIds: readonly number[]): Promise<number[]> {
  if (questionIds.length === 0) return [];
  const asked = await db
    .select({ id: questions.id, parentId: questions.parentId })
    .from(questions)
    .where(inArray(questions.id, [...questionIds]));
  const entryOf = new Map(asked.map((row) => [row.id, row.parentId ?? row.id]));
  const entries = [...new Set(entryOf.values())];
  if (entries.length === 0) return [];
  const rows = await db
    .select({ questionId: userQuestions.questionId })
    .from(userQuestions)
    .where(and(eq(userQuestions.userId, userId), eq(userQuestions.kind, 'FAVORITE'), inArray(userQuestions.questionId, entries)));
  const favorite = new Set(rows.map((row) => row.questionId));
  return questionIds.filter((id) => entryOf.has(id) && favorite.has(entryOf.get(id)!));
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
 * The kind's questions of a subject without those of an exam the user is answering: the lists and
 * their practice show keys, and the exam seal (examSeal.ts) keeps those until the hand-in (a
 * question favourited during an exam would otherwise show its key here).
 */
export async function visibleUserQuestions(db: Db, userId: number, kind: UserQuestionKind, subjectId: number, now: Date) {
  const [rows, locked] = await Promise.all([userQuestionRows(db, userId, kind, subjectId), examQuestionIds(db, userId, now)]);
  return rows.filter((row) => !locked.has(row.questionId));
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
