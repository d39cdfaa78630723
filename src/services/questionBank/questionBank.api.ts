/**
 * Typed calls of the question bank for the views' machines (docs/questionBank.md). Scores are
 * tenths of a point: show them with formatScore (src/domain/questionBank/scoring.ts).
 */
import { CATALOG_CALLS, CATALOG_EXTRA_CALLS } from '../../domain/catalog/calls';
import type { ClassNode, TeacherGroup } from '../../domain/catalog/contract';
import { QUESTION_BANK_CALLS as QB } from '../../domain/questionBank/calls';
import type {
  HandScoreRequest,
  PaperDetail,
  PaperListItem,
  PaperListQuery,
  PaperReport,
  QbEnums,
  QuestionBankAccess,
  QuestionView,
  RecordAnalysis,
  RecordPageQuery,
  RecordReport,
  RecordSaveRequest,
  RecordSaveResult,
  RecordSheet,
  RecordSummary,
  SectionNode,
  UserQuestionItem,
  UserQuestionKind,
  UserQuestionSubject,
} from '../../domain/questionBank/contract';
import type { FeedbackKind } from '../../domain/questionBank/limits';
import type { Page } from '../../domain/shared/envelope';
import { call, type CallOptions } from '../shared/http/client';

type Extra = Pick<CallOptions, 'silent' | 'signal'>;

// ---- papers and sections ------------------------------------------------------------------------

export function getQbEnums(): Promise<QbEnums> {
  return call<QbEnums>(QB.qbEnumList);
}

export function getPaperPage(query: PaperListQuery): Promise<Page<PaperListItem>> {
  return call<Page<PaperListItem>>(QB.qbPaperPageList, { body: query });
}

export function getPaperDetail(paperId: number, options: Extra = {}): Promise<PaperDetail> {
  return call<PaperDetail>(QB.qbPaperDetail, { params: { id: paperId }, ...options });
}

export function getPaperQuestions(paperId: number): Promise<QuestionView[]> {
  return call<QuestionView[]>(QB.qbPaperQuestions, { params: { id: paperId } });
}

export function getSectionTree(subjectId: number): Promise<SectionNode[]> {
  return call<SectionNode[]>(QB.qbSectionTree, { params: { id: subjectId } });
}

export function getSectionQuestions(sectionId: number): Promise<QuestionView[]> {
  return call<QuestionView[]>(QB.qbSectionQuestions, { params: { id: sectionId } });
}

export function getMyPapers(subjectId: number): Promise<PaperListItem[]> {
  return call<PaperListItem[]>(QB.qbUserPaperList, { params: { id: subjectId } });
}

export function getQuestionBankAccess(projectId: number): Promise<QuestionBankAccess> {
  return call<QuestionBankAccess>(QB.userProductQuestionStatus, { body: { projectId } });
}

// ---- records ------------------------------------------------------------------------------------

/** Starts (or continues) a record when `recordId` is absent; saves `answers` in either case. Silent: the exam shows its own save state. */
export function saveRecord(request: RecordSaveRequest, options: Extra = {}): Promise<RecordSaveResult> {
  return call<RecordSaveResult>(QB.qbRecordSave, { body: request, silent: true, ...options });
}

export function getRecordSheet(recordId: number, options: Extra = {}): Promise<RecordSheet> {
  return call<RecordSheet>(QB.qbRecordQuestions, { params: { id: recordId }, ...options });
}

export function handInRecord(request: HandScoreRequest): Promise<RecordSummary> {
  return call<RecordSummary>(QB.qbHandScore, { body: request });
}

export function getRecordPage(query: RecordPageQuery): Promise<Page<RecordSummary>> {
  return call<Page<RecordSummary>>(QB.qbRecordPageList, { body: query });
}

export function deleteRecords(ids: readonly number[]): Promise<{ deleted: number }> {
  return call<{ deleted: number }>(QB.qbRecordDelete, { body: { ids } });
}

export function getRecordReport(recordId: number): Promise<RecordReport> {
  return call<RecordReport>(QB.qbRecordReport, { params: { id: recordId } });
}

export function getRecordAnalysis(recordId: number): Promise<RecordAnalysis> {
  return call<RecordAnalysis>(QB.qbRecordAnalysis, { params: { id: recordId } });
}

export function getPaperReport(paperId: number): Promise<PaperReport> {
  return call<PaperReport>(QB.qbPaperReport, { params: { id: paperId } });
}

// ---- favourites, the wrong book, feedback -------------------------------------------------------

export function getUserQuestionSubjects(kind: UserQuestionKind, projectId?: number | null): Promise<UserQuestionSubject[]> {
  return call<UserQuestionSubject[]>(QB.qbUserQuestions, { body: { kind, projectId: projectId ?? null } });
}

export function getUserQuestionPage(query: { kind: UserQuestionKind; subjectId: number; current?: number; size?: number }): Promise<Page<UserQuestionItem>> {
  return call<Page<UserQuestionItem>>(QB.qbUserQuestionList, { body: query });
}

export function getFavoriteIds(questionIds: readonly number[]): Promise<number[]> {
  return call<number[]>(QB.qbCollectStatusList, { body: { questionIds }, silent: true });
}

export function setFavorite(questionId: number, collect: boolean): Promise<{ questionId: number; favorite: boolean }> {
  return call<{ questionId: number; favorite: boolean }>(QB.qbCollect, { body: { questionId, collect } });
}

export function clearUserQuestions(kind: UserQuestionKind, subjectId: number): Promise<{ deleted: number }> {
  return call<{ deleted: number }>(QB.qbUserQuestionsDelete, { params: { type: kind, subjectId } });
}

export function sendQuestionFeedback(questionId: number, kind: FeedbackKind, content: string): Promise<{ message: string }> {
  return call<{ message: string }>(QB.qbAddFeedback, { body: { questionId, kind, content } });
}

/** The class tree (projects and subjects), the question bank's project and subject choice. */
export function getClassTree(): Promise<ClassNode[]> {
  return call<ClassNode[]>(CATALOG_CALLS.classTreeList, { body: {} });
}

/** A project's teachers, shown on the question bank's home. */
export function getTeacherGroups(projectId: number): Promise<TeacherGroup[]> {
  return call<TeacherGroup[]>(CATALOG_EXTRA_CALLS.teacherList, { query: { projectId } });
}
