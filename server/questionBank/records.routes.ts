/**
 * Answering records (docs/questionBank.md): start and save, resume, status of papers, hand-in
 * and self-marking, the list and deletion. Only the record's owner reaches it; in exam mode no
 * key or explanation leaves the server before the hand-in.
 */
import { sql } from 'drizzle-orm';
import type { PaperStatus, QuestionKey, RecordSaveResult, RecordSheet, RecordState, RecordSummary } from '../../src/domain/questionBank/contract';
import { isAnswered } from '../../src/domain/questionBank/scoring';
import { QB_TEXTS } from '../../src/domain/questionBank/texts';
import type { Page } from '../../src/domain/shared/envelope';
import { currentUser } from '../shared/auth';
import { badRequest, notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { answerable, keyOf, loadQuestions, toViews } from './questions.queries';
import { listRecords } from './recordList.queries';
import {
  answeredCounts,
  answersOf,
  deleteRecords,
  findRecord,
  handInRecord,
  latestPaperRecords,
  saveAnswers,
  settleExpired,
  startRecord,
  toSummary,
} from './records.queries';
import { recordSource } from './sources.queries';
import { refuseSealed, refuseSealedStart } from './examSeal.queries';

/** The advisory lock (with the user id) that makes a student's record starts one at a time. */
const RECORD_START_LOCK = 74_211;

export const recordsRoutes: RouteGroup = ({ db, services, cache }) => ({
  qbRecordSave: {
    auth: 'required',
    async handler(request): Promise<RecordSaveResult> {
      const user = currentUser(request);
      const now = services.clock.now();
      const { recordId, source, sourceId, mode, size, answers } = request.body;
      let id = recordId ?? null;
      if (id === null) {
        if (!source || !sourceId) throw badRequest(QB_TEXTS.emptySource);
        const def = await recordSource(db, user.userId, source, sourceId, mode ?? (source === 'PAPER' ? 'EXAM' : 'PRACTICE'), now, size);
        const count = answerable(await loadQuestions(db, def.items)).length;
        if (count === 0) throw badRequest(QB_TEXTS.emptySource);
        // One start at a time per student: two exams sharing a question never run side by side.
        id = await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${RECORD_START_LOCK}, ${user.userId})`);
          await refuseSealedStart(tx, user.userId, def, now);
          return (await startRecord(tx, user.userId, def, count, now)).id;
        });
      }
      const outcome = await saveAnswers(db, cache, user.userId, id, answers, now);
      return {
        recordId: id,
        state: outcome.state,
        deadlineAt: outcome.deadlineAt?.getTime() ?? null,
        serverNow: now.getTime(),
        stale: outcome.stale,
        keys: outcome.keys,
      };
    },
  },

  qbRecordQuestions: {
    auth: 'required',
    async handler(request): Promise<RecordSheet> {
      const user = currentUser(request);
      const now = services.clock.now();
      await settleExpired(db, now, user.userId);
      const row = await findRecord(db, user.userId, request.params.id);
      if (!row) throw notFound(QB_TEXTS.recordNotFound);
      await refuseSealed(db, user.userId, { ...row, handedIn: row.state !== 'DOING' }, now);
      const loaded = await loadQuestions(db, row.items);
      const answers = await answersOf(db, row.id);
      const answered = new Set(answers.filter((a) => isAnswered(a.answer)).map((a) => a.questionId));
      const questions = answerable(loaded);
      let keys: QuestionKey[] = [];
      if (row.state !== 'DOING') keys = questions.map((q) => keyOf(q.row));
      else if (row.mode === 'PRACTICE') keys = questions.filter((q) => answered.has(q.row.id)).map((q) => keyOf(q.row));
      return {
        record: toSummary(row, answered.size),
        deadlineAt: row.deadlineAt?.getTime() ?? null,
        serverNow: now.getTime(),
        questions: toViews(loaded),
        answers,
        keys,
      };
    },
  },

  qbRecordStatus: {
    auth: 'required',
    async handler(request): Promise<PaperStatus[]> {
      const user = currentUser(request);
      await settleExpired(db, services.clock.now(), user.userId);
      const rows = await latestPaperRecords(db, user.userId, request.body.paperIds);
      const bySource = new Map(rows.map((row) => [row.sourceId, row]));
      return request.body.paperIds.map((paperId) => {
        const row = bySource.get(paperId);
        return row
          ? { sourceId: paperId, id: row.id, status: row.state as RecordState, examMode: row.mode as 'EXAM' | 'PRACTICE' }
          : { sourceId: paperId, id: null, status: 'NONE', examMode: null };
      });
    },
  },

  qbHandScore: {
    auth: 'required',
    async handler(request): Promise<RecordSummary> {
      const user = currentUser(request);
      const { recordId, answers, marks } = request.body;
      const row = await handInRecord(db, cache, user.userId, recordId, answers ?? [], marks, services.clock.now());
      const counts = await answeredCounts(db, [row.id]);
      return toSummary(row, counts.get(row.id) ?? 0);
    },
  },

  qbRecordPageList: {
    auth: 'required',
    async handler(request): Promise<Page<RecordSummary>> {
      const user = currentUser(request);
      await settleExpired(db, services.clock.now(), user.userId);
      return listRecords(db, user.userId, request.body);
    },
  },

  qbRecordDelete: {
    auth: 'required',
    async handler(request): Promise<{ deleted: number }> {
      const user = currentUser(request);
      if (request.body.ids.length === 0) throw badRequest(QB_TEXTS.recordNotFound);
      return { deleted: await deleteRecords(db, user.userId, request.body.ids) };
    },
  },
});
