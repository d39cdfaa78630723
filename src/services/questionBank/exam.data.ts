/**
 * What the exam statechart asks of the outside world: open a record (start or resume, merged with
 * the device's journal), save a batch of answers, hand in; plus the journal writes it makes the
 * moment an answer is given. Answers always reach the journal before the network.
 */
import { mergeAnswers, type MergedSheet } from '../../domain/questionBank/answerSheet';
import { QUESTION_BANK_CALLS as QB } from '../../domain/questionBank/calls';
import type { AnswerEntry, RecordMode, RecordSaveResult, RecordSheet, RecordSource, RecordSummary, RefusedAnswer } from '../../domain/questionBank/contract';
import type { SmartPracticeSize } from '../../domain/questionBank/limits';
import { openAnswerJournal, type AnswerJournal } from './answerJournal';
import { saveRecord } from './questionBank.api';
import { isRefusedError } from '../shared/durableQueue';
import { ApiError } from '../shared/http/ApiError';
import { call } from '../shared/http/client';

export interface OpenRequest {
  source: RecordSource;
  sourceId: number;
  /** Resume this record; null starts one (or continues the one being answered) of the source. */
  recordId: number | null;
  mode: RecordMode;
  /** A smart practice's question count, when it starts one. */
  size?: SmartPracticeSize | null;
}

export interface OpenedExam {
  sheet: RecordSheet;
  merged: MergedSheet;
  /** 0-based question to resume at. */
  position: number;
  /** False when answers cannot outlive the tab (no IndexedDB). */
  durable: boolean;
  /** Device time when the sheet arrived, to turn its serverNow into a clock offset. */
  receivedAt: number;
  /** Opened from the device's copy of the sheet: the network failed (answers are journaled and sent once it is back). */
  offline?: boolean;
}

/** No answer came back at all (offline, DNS, a timeout): unlike a server's refusal, the device's copy may stand in. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 && error.code === null : error instanceof TypeError;
}

/**
 * Opens a record: starts or continues it (when the request has no record id), loads its sheet,
 * keeps the sheet in the journal and merges the journal's answers over it. When the network fails
 * the journal's copy of the sheet opens the record instead (`offline`): found by the record id, or by
 * the record last opened here for the source and mode; a record no longer being answered is not
 * opened that way, and a server's error stays an error.
 */
export async function openExam(request: OpenRequest): Promise<OpenedExam> {
  const journal = await openAnswerJournal();
  let recordId = request.recordId;
  try {
    if (recordId === null) {
      const start = { source: request.source, sourceId: request.sourceId, mode: request.mode, ...(request.size ? { size: request.size } : {}), answers: [] };
      recordId = (await saveRecord(start)).recordId;
    }
    const sheet = await call(QB.qbRecordQuestions, { params: { id: recordId }, silent: true });
    const receivedAt = Date.now();
    // The device's copy for a reload without network (one handed in meanwhile replaces it, and is not opened so); failing to keep it fails nothing now.
    await journal.saveSheet(recordId, sheet, receivedAt).catch(() => undefined);
    const [local, position] = await Promise.all([journal.read(recordId), journal.readPosition(recordId)]);
    return { sheet, merged: mergeAnswers(sheet.answers, local), position: position ?? 0, durable: journal.durable, receivedAt, offline: false };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const opened = await openStored(
      journal,
      recordId ?? (await journal.readSourceRecord(request.source, request.sourceId, request.mode).catch(() => null)),
    ).catch(() => null);
    if (!opened) throw error;
    return opened;
  }
}

/**
 * The record from the journal's copy of its sheet, or null (none kept, or no longer DOING). The
 * answers the journal marks stored by the server count as the server's copy (they are not sent
 * again); those not yet stored are the unsent. The sheet's clock is brought to now with the offset
 * it arrived with, so the countdown stays on the server's clock.
 */
async function openStored(journal: AnswerJournal, recordId: number | null): Promise<OpenedExam | null> {
  if (recordId === null) return null;
  const [stored, local, position] = await Promise.all([journal.readSheet(recordId), journal.read(recordId), journal.readPosition(recordId)]);
  if (!stored || stored.sheet.record.state !== 'DOING') return null;
  const server = new Map(stored.sheet.answers.map((entry) => [entry.questionId, entry]));
  for (const { synced, ...entry } of local) {
    if (synced && (server.get(entry.questionId)?.version ?? -1) < entry.version) server.set(entry.questionId, entry);
  }
  const now = Date.now();
  const sheet: RecordSheet = { ...stored.sheet, serverNow: stored.sheet.serverNow + (now - stored.receivedAt) };
  return { sheet, merged: mergeAnswers([...server.values()], local), position: position ?? 0, durable: journal.durable, receivedAt: now, offline: true };
}

export interface SavedBatch {
  result: RecordSaveResult;
  sent: AnswerEntry[];
  receivedAt: number;
}

/**
 * Sends answers in version order; the journal then marks what the server now holds. A failed mark
 * is no failure of the save: the answer is only sent once more on the next open, which changes nothing.
 */
export async function saveBatch(recordId: number, entries: readonly AnswerEntry[]): Promise<SavedBatch> {
  const sent = [...entries].sort((a, b) => a.version - b.version);
  const result = await saveRecord({ recordId, answers: sent });
  const receivedAt = Date.now();
  const lost = new Set(result.stale.map((entry) => entry.questionId));
  await openAnswerJournal()
    .then(async (journal) => {
      await journal.markSynced(
        recordId,
        sent.filter((entry) => !lost.has(entry.questionId)),
      );
      // The newer answers of another tab become this device's too.
      await journal.markSynced(recordId, result.stale);
    })
    .catch(() => undefined);
  return { result, sent, receivedAt };
}

/** Hands in with the answers not yet stored; the journal then forgets the record (a failure there leaves rows nobody reads, not a failed hand-in). */
export async function handInExam(recordId: number, unsent: readonly AnswerEntry[]): Promise<RecordSummary> {
  const summary = await call(QB.qbHandScore, { body: { recordId, answers: [...unsent].sort((a, b) => a.version - b.version) } });
  await openAnswerJournal()
    .then((journal) => journal.forget(recordId))
    .catch(() => undefined);
  return summary;
}

/** The journal write of an answer just given; a failing write is reported, never thrown at the screen. */
export function journalAnswer(recordId: number, entry: AnswerEntry): Promise<void> {
  return openAnswerJournal().then((journal) => journal.write(recordId, entry));
}

export function journalPosition(recordId: number, index: number): Promise<void> {
  return openAnswerJournal().then((journal) => journal.savePosition(recordId, index));
}

/**
 * A refusal that ends the record's saving: it was handed in (409: by the deadline or another tab)
 * or is gone (404). Other refusals for good stop sending the answers refused (refusalOf); anything
 * else (offline, a 5xx) is retried, never a reason to hand in.
 */
export function isFinalRefusal(error: unknown): boolean {
  return error instanceof ApiError && [409, 404].some((code) => error.status === code || error.code === code);
}

/**
 * A save the server refused for good (the durable queue's rule, src/domain/shared/refusals.ts: a 4xx
 * but 401, 408, 429): the question whose answer it names (a 400 for one answer), or null when it
 * refused the whole batch (an exam sealing the record: 423), with its reason. Null when the save
 * may succeed later.
 */
export function refusalOf(error: unknown): { questionId: number | null; reason: string } | null {
  if (!(error instanceof ApiError) || !isRefusedError(error)) return null;
  const data = error.data as Partial<RefusedAnswer> | null;
  return { questionId: typeof data?.questionId === 'number' ? data.questionId : null, reason: error.message };
}

/** The message to show for a failure: the server's words, else the screen's fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
