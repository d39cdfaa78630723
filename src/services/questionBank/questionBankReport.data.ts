/**
 * What the transcript, self-marking and analysis statecharts load and send, gathered from the
 * question bank calls (docs/questionBank.md, Reports).
 */
import { QUESTION_BANK_CALLS as QB } from '../../domain/questionBank/calls';
import type { AnalysisItem, PaperReport, RecordReport, RecordSummary, UserQuestionItem, UserQuestionKind } from '../../domain/questionBank/contract';
import type { FeedbackKind } from '../../domain/questionBank/limits';
import type { Page } from '../../domain/shared/envelope';
import { call } from '../shared/http/client';
import { getFavoriteIds } from './questionBank.api';

export interface TranscriptData {
  report: RecordReport;
  /** How everyone did on the paper; null for a record of no paper (a section, the wrong book). */
  paper: PaperReport | null;
}

/** The record's transcript and, for a paper, the paper's statistics beside it. */
export async function loadTranscript(recordId: number): Promise<TranscriptData> {
  const report = await call(QB.qbRecordReport, { params: { id: recordId } });
  const paper = report.paperId === null ? null : await call(QB.qbPaperReport, { params: { id: report.paperId } });
  return { report, paper };
}

/** What an analysis page lists: a record's answers, or a page of the wrong book or the favourites. */
export type AnalysisSource = { kind: 'record'; recordId: number } | { kind: 'book'; book: UserQuestionKind; subjectId: number; page: number };

export type AnalysisData =
  | { kind: 'record'; record: RecordSummary; items: AnalysisItem[]; favorites: Record<number, boolean> }
  | { kind: 'book'; book: UserQuestionKind; page: Page<UserQuestionItem>; favorites: Record<number, boolean> };

export const BOOK_PAGE_SIZE = 10;

export async function loadAnalysis(source: AnalysisSource): Promise<AnalysisData> {
  if (source.kind === 'record') {
    const analysis = await call(QB.qbRecordAnalysis, { params: { id: source.recordId } });
    const favorites = Object.fromEntries(analysis.items.map((item) => [item.question.id, item.favorite]));
    return { kind: 'record', record: analysis.record, items: analysis.items, favorites };
  }
  const body = { kind: source.book, subjectId: source.subjectId, current: source.page, size: BOOK_PAGE_SIZE };
  const page = await call(QB.qbUserQuestionList, { body });
  const ids = page.records.map((item) => item.question.id);
  // The favourites are favourites; the wrong book asks which of its questions are.
  const favoriteIds = source.book === 'FAVORITE' ? ids : ids.length > 0 ? await getFavoriteIds(ids) : [];
  const favorites = Object.fromEntries(ids.map((id) => [id, favoriteIds.includes(id)]));
  return { kind: 'book', book: source.book, page, favorites };
}

export async function sendFeedback(questionId: number, kind: FeedbackKind, content: string): Promise<string> {
  return (await call(QB.qbAddFeedback, { body: { questionId, kind, content } })).message;
}
