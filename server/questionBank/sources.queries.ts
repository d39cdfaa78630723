/**
 * What a new record answers, by source: a paper (its questions and marks, open to the user?), a
 * chapter section with its sub-sections, or the user's wrong / favourite questions of a subject.
 * Practice outside papers counts 1 point a question (a case: 1 point a sub-question).
 */
import { eq } from 'drizzle-orm';
import type { RecordMode, RecordSource } from '../../src/domain/questionBank/contract';
import { REVIEW_SESSION_MAX, SMART_PRACTICE_SIZES } from '../../src/domain/questionBank/limits';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import { ownsPaidCourseOfProject } from '../commerce/entitlements';
import type { Db } from '../db/client';
import { classes, papers, sections } from '../db/schema';
import { AppError, badRequest, notFound } from '../shared/envelope';
import { paperItems } from './papers.queries';
import type { NewRecord } from './records.queries';
import { pointItems, sectionQuestionIds } from './sections.queries';
import { dueQuestionIds } from './review/cards.queries';
import { smartQuestionIds } from './review/mastery.queries';
import { examQuestionIds } from './examSeal.queries';
import { visibleUserQuestions } from './userQuestions.queries';

const POINT = 10;

/** Whether the user may answer the paper: free, or live access to a paid course of its project. */
export async function mayAnswerPaper(db: Db, userId: number, paper: { free: boolean; projectId: number }, now: Date): Promise<boolean> {
  return paper.free || ownsPaidCourseOfProject(db, userId, paper.projectId, now);
}

/** What a new record of the source answers; `size`: a smart practice's question count. */
export async function recordSource(
  db: Db,
  userId: number,
  source: RecordSource,
  sourceId: number,
  mode: RecordMode,
  now: Date,
  size?: number,
): Promise<NewRecord> {
  if (source !== 'PAPER' && mode !== 'PRACTICE') throw badRequest(QB_TEXTS.modeNotAllowed);
  switch (source) {
    case 'PAPER': {
      const [paper] = await db.select().from(papers).where(eq(papers.id, sourceId));
      if (!paper) throw notFound(QB_TEXTS.paperNotFound);
      if (!(await mayAnswerPaper(db, userId, paper, now))) throw new AppError(403, QB_TEXTS.paperLocked);
      return {
        source,
        sourceId,
        subjectId: paper.subjectId,
        name: paper.name,
        mode,
        items: await paperItems(db, paper.id),
        passScoreTenths: paper.passScore * POINT,
        durationMinutes: paper.durationMinutes,
      };
    }
    case 'SECTION': {
      const [section] = await db.select().from(sections).where(eq(sections.id, sourceId));
      if (!section) throw notFound(QB_TEXTS.sectionNotFound);
      return {
        source,
        sourceId,
        subjectId: section.subjectId,
        name: `章节练习 · ${section.name}`,
        mode,
        items: await pointItems(db, await sectionQuestionIds(db, section.id)),
        passScoreTenths: null,
        durationMinutes: null,
      };
    }
    case 'WRONG':
    case 'FAVORITE': {
      const [subject] = await db.select({ name: classes.name }).from(classes).where(eq(classes.id, sourceId));
      if (!subject) throw notFound(QB_TEXTS.sectionNotFound);
      const rows = await visibleUserQuestions(db, userId, source, sourceId, now);
      return {
        source,
        sourceId,
        subjectId: sourceId,
        name: `${source === 'WRONG' ? '错题练习' : '收藏练习'} · ${subject.name}`,
        mode,
        items: await pointItems(
          db,
          rows.map((row) => row.questionId),
        ),
        passScoreTenths: null,
        durationMinutes: null,
      };
    }
    case 'REVIEW':
    case 'SMART': {
      const [subject] = await db.select({ name: classes.name }).from(classes).where(eq(classes.id, sourceId));
      if (!subject) throw notFound(QB_TEXTS.sectionNotFound);
      if (source === 'SMART' && !SMART_PRACTICE_SIZES.some((allowed) => allowed === size)) throw badRequest(QB_TEXTS.smartSizeInvalid);
      // No review of a question an exam being answered holds (examSeal.ts): its key shows at once.
      const sealed = await examQuestionIds(db, userId, now);
      const ids =
        source === 'REVIEW'
          ? await dueQuestionIds(db, userId, sourceId, REVIEW_SESSION_MAX, sealed, now)
          : await smartQuestionIds(db, userId, sourceId, size!, sealed, now);
      if (ids.length === 0 && source === 'REVIEW') throw badRequest(QB_TEXTS.reviewNothingDue);
      return {
        source,
        sourceId,
        subjectId: sourceId,
        name: `${source === 'REVIEW' ? '今日复习' : '智能练习'} · ${subject.name}`,
        mode,
        items: await pointItems(db, ids),
        passScoreTenths: null,
        durationMinutes: null,
      };
    }
  }
}
