/**
 * The question bank calls that add something to the plain call (docs/questionBank.md); the others
 * are made where they are needed (`call(QUESTION_BANK_CALLS.qbPaperDetail, { params })`).
 */
import { QUESTION_BANK_CALLS as QB } from '../../domain/questionBank/calls';
import type { RecordSaveRequest, RecordSaveResult } from '../../domain/questionBank/contract';
import { call, type CallExtras } from '../shared/http/client';

/** Starts (or continues) a record when `recordId` is absent; saves `answers` in either case. Silent: the exam shows its own save state. */
export function saveRecord(request: RecordSaveRequest, options: CallExtras = {}): Promise<RecordSaveResult> {
  return call(QB.qbRecordSave, { body: request, silent: true, ...options });
}

/** Which of the questions are favourites. Silent: the analysis page shows a failed load itself. */
export function getFavoriteIds(questionIds: readonly number[]): Promise<number[]> {
  return call(QB.qbCollectStatusList, { body: { questionIds }, silent: true });
}
