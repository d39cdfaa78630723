/**
 * What the transcript, self-marking and analysis statecharts load and send, gathered from the
 * question bank calls (docs/questionBank.md, Reports).
 */
import type {
  AnalysisItem,
  PaperReport,
  RecordReport,
  RecordSheet,
  RecordSummary,
  UserQuestionItem,
  UserQuestionKind,
} from '../../domain/questionBank/contract';
import type { FeedbackKind } from '../../domain/questionBank/limits';
import type { Page } from '../../domain/shared/envelope';
import {
  getFavoriteIds,
  getPaperReport,
  getRecordAnalysis,
  getRecordReport,
  getRecordSheet,
  getUserQuestionPage,
  handInRecord,
  sendQuestionFeedback,
  setFavorite,
} from './questionBank.api';

export interface TranscriptData {
  report: RecordReport;
  /** How everyone did on the paper; null for a record of no paper (a section, the wrong book). */
  paper: PaperReport | null;
}

/** The record's transcript and, for a paper, the paper's statistics beside it. */
export async function loadTranscript(recordId: number): Promise<TranscriptData> {
  const report = await getRecordReport(recordId);
  const paper = report.paperId === null ? null : await getPaperReport(report.paperId);
  return { report, paper };
}

/** The record as handed in: its questions with every key and the student's answers. */
export function loadMarkSheet(recordId: number): Promise<RecordSheet> {
  return getRecordSheet(recordId);
}

export function submitMarks(recordId: number, marks: { questionId: number; scoreTenths: number }[]): Promise<RecordSummary> {
  return handInRecord({ recordId, marks });
}

/** What an analysis page lists: a record's answers, or a page of the wrong book or the favourites. */
export type AnalysisSource = { kind: 'record'; recordId: number } | { kind: 'book'; book: UserQuestionKind; subjectId: number; page: number };

export type AnalysisData =
  | { kind: 'record'; record: RecordSummary; items: AnalysisItem[]; favorites: Record<number, boolean> }
  | { kind: 'book'; book: UserQuestionKind; page: Page<UserQuestionItem>; favorites: Record<number, boolean> };

export const BOOK_PAGE_SIZE = 10;

export async function loadAnalysis(source: AnalysisSource): Promise<AnalysisData> {
  if (source.kind === 'record') {
    const analysis = await getRecordAnalysis(source.recordId);
    const favorites = Object.fromEntries(analysis.items.map((item) => [item.question.id, item.favorite]));
    return { kind: 'record', record: analysis.record, items: analysis.items, favorites };
  }
  const page = await getUserQuestionPage({ kind: source.book, subjectId: source.subjectId, current: source.page, size: BOOK_PAGE_SIZE });
  const ids = page.records.map((item) => item.question.id);
  // The favourites are favourites; the wrong book asks which of its questions are.
  const favoriteIds = source.book === 'FAVORITE' ? ids : ids.length > 0 ? await getFavoriteIds(ids) : [];
  const favorites = Object.fromEntries(ids.map((id) => [id, favoriteIds.includes(id)]));
  return { kind: 'book', book: source.book, page, favorites };
}

export function saveFavorite(questionId: number, favorite: boolean): Promise<{ questionId: number; favorite: boolean }> {
  return setFavorite(questionId, favorite);
}

export async function sendFeedback(questionId: number, kind: FeedbackKind, content: string): Promise<string> {
  return (await sendQuestionFeedback(questionId, kind, content)).message;
}
