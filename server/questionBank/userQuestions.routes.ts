/** 收藏 and 错题本: the lists by subject, their questions with keys, favourite status, clearing, and error feedback. */
import type { UserQuestionItem, UserQuestionSubject } from '../../src/domain/questionBank/contract';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import type { Page } from '../../src/domain/shared/envelope';
import { currentUser } from '../shared/auth';
import { badRequest, notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { keyOf, loadQuestions, toViews } from './questions.queries';
import { pointItems } from './sections.queries';
import { addFeedback, clearUserQuestions, favoriteIds, setFavorite, subjectsOf, visibleUserQuestions } from './userQuestions.queries';

export const userQuestionsRoutes: RouteGroup = ({ db, services }) => ({
  qbUserQuestions: {
    auth: 'required',
    handler: (request): Promise<UserQuestionSubject[]> => subjectsOf(db, currentUser(request).userId, request.body.kind, request.body.projectId || null),
  },

  qbUserQuestionList: {
    auth: 'required',
    async handler(request): Promise<Page<UserQuestionItem>> {
      const { kind, subjectId, current, size } = request.body;
      const { userId } = currentUser(request);
      const rows = await visibleUserQuestions(db, userId, kind, subjectId, services.clock.now());
      const pageRows = rows.slice((current - 1) * size, current * size);
      const loaded = await loadQuestions(
        db,
        await pointItems(
          db,
          pageRows.map((row) => row.questionId),
        ),
      );
      const views = toViews(loaded);
      const rowOf = new Map(pageRows.map((row) => [row.questionId, row]));
      const records = loaded.map((question, i) => {
        const row = rowOf.get(question.row.id)!;
        const key = keyOf(question.row);
        // A case's key is its sub-questions' keys: the analysis shows them under each sub-question.
        return { question: views[i]!, key, wrongCount: row.wrongCount, addedAt: row.addedAt.getTime(), subKeys: question.subs.map((sub) => keyOf(sub.row)) };
      });
      return { records, total: rows.length, current, size };
    },
  },

  qbCollectStatusList: {
    auth: 'required',
    handler: (request): Promise<number[]> => favoriteIds(db, currentUser(request).userId, request.body.questionIds),
  },

  qbCollect: {
    auth: 'required',
    async handler(request): Promise<{ questionId: number; favorite: boolean }> {
      const { questionId, collect } = request.body;
      if (!(await setFavorite(db, currentUser(request).userId, questionId, collect, services.clock.now()))) throw notFound(QB_TEXTS.questionNotFound);
      return { questionId, favorite: collect };
    },
  },

  qbUserQuestionsDelete: {
    auth: 'required',
    async handler(request): Promise<{ deleted: number }> {
      const { type, subjectId } = request.params;
      return { deleted: await clearUserQuestions(db, currentUser(request).userId, type, subjectId) };
    },
  },

  qbAddFeedback: {
    auth: 'required',
    async handler(request): Promise<{ message: string }> {
      const { questionId, kind, content } = request.body;
      if (content.trim() === '') throw badRequest(QB_TEXTS.feedbackEmpty);
      if (!(await addFeedback(db, currentUser(request).userId, questionId, kind, content.trim()))) throw notFound(QB_TEXTS.questionNotFound);
      return { message: QB_TEXTS.feedbackThanks };
    },
  },
});
