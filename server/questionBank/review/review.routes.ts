/**
 * 今日复习 (docs/questionBank.md "Review, mastery and smart practice"): the due counts per subject,
 * the mastery per chapter, and the last 30 days. Everything is the session's user's and computed
 * here; a review or a smart practice starts as any record does (userRecord/save, sources.queries.ts).
 */
import type { ChapterMasteryView, DailyStat, ReviewDue } from '../../../src/domain/questionBank/contract';
import { currentUser } from '../../shared/auth';
import type { RouteGroup } from '../../shared/feature';
import { dueList } from './cards.queries';
import { dailyStats } from './days.queries';
import { subjectMastery } from './mastery.queries';

export const reviewRoutes: RouteGroup = ({ db, services }) => ({
  qbReviewDueList: {
    auth: 'required',
    async handler(request): Promise<ReviewDue[]> {
      return dueList(db, currentUser(request).userId, request.body.projectId ?? null, services.clock.now());
    },
  },

  qbReviewMastery: {
    auth: 'required',
    async handler(request): Promise<ChapterMasteryView[]> {
      return subjectMastery(db, currentUser(request).userId, request.params.id);
    },
  },

  qbReviewDailyStats: {
    auth: 'required',
    async handler(request): Promise<DailyStat[]> {
      return dailyStats(db, currentUser(request).userId, request.body.subjectId ?? null, services.clock.now());
    },
  },
});
