/** The transcript, the analysis and the paper's statistics: after the hand-in, for the record's owner. */
import type { PaperReport, RecordAnalysis, RecordReport } from '../../src/domain/questionBank/contract';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import { currentUser } from '../shared/auth';
import { badRequest, notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { findPaper } from './papers.queries';
import { refuseSealed } from './examSeal.queries';
import { answeredCounts, findRecord, settleExpired, toSummary } from './records.queries';
import { paperReport, recordAnalysis, recordReport } from './reports.queries';
import { favoriteIds } from './userQuestions.queries';

export const reportsRoutes: RouteGroup = ({ db, services }) => {
  /** The user's handed-in record (an exam past its deadline is handed in first). */
  async function handedIn(userId: number, recordId: number) {
    await settleExpired(db, services.clock.now(), userId);
    const row = await findRecord(db, userId, recordId);
    if (!row) throw notFound(QB_TEXTS.recordNotFound);
    if (row.state === 'DOING') throw badRequest(QB_TEXTS.notHandedIn);
    await refuseSealed(db, userId, { ...row, handedIn: true }, services.clock.now());
    return row;
  }

  return {
    qbRecordReport: {
      auth: 'required',
      async handler(request): Promise<RecordReport> {
        const row = await handedIn(currentUser(request).userId, request.params.id);
        return recordReport(db, row, services.clock.now());
      },
    },

    qbRecordAnalysis: {
      auth: 'required',
      async handler(request): Promise<RecordAnalysis> {
        const user = currentUser(request);
        const row = await handedIn(user.userId, request.params.id);
        const ids = row.items.map((item) => item.questionId);
        const favorites = new Set(await favoriteIds(db, user.userId, ids));
        const items = await recordAnalysis(db, row, favorites);
        const counts = await answeredCounts(db, [row.id]);
        return { record: toSummary(row, counts.get(row.id) ?? 0), items };
      },
    },

    qbPaperReport: {
      auth: 'required',
      async handler(request): Promise<PaperReport> {
        const user = currentUser(request);
        const paper = await findPaper(db, request.params.id, user.userId, services.clock.now());
        if (!paper) throw notFound(QB_TEXTS.paperNotFound);
        return paperReport(db, user.userId, paper.id, paper.totalScoreTenths, paper.passScoreTenths);
      },
    },
  };
};
