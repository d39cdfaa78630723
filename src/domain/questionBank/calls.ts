/**
 * The question bank calls of product-spec §7: papers, sections, answering records, my questions;
 * typed from ./contract.ts. Scores are tenths of a point (formatScore in ./scoring.ts shows them).
 */
import type { Page } from '../shared/envelope';
import { API_PREFIX, defineCall as def, type ApiCallDef, type ById } from '../shared/api';
import type {
  ChapterMasteryView,
  DailyStat,
  HandScoreRequest,
  PaperDetail,
  PaperListItem,
  PaperListQuery,
  PaperReport,
  PaperStatus,
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
  ReviewDue,
  SectionNode,
  UserQuestionItem,
  UserQuestionKind,
  UserQuestionSubject,
} from './contract';
import type { FeedbackKind } from './limits';

const QB = API_PREFIX.questionbank;

/** What a delete answers: how many rows went. */
type Deleted = { deleted: number };

export const QUESTION_BANK_CALLS = {
  userProductQuestionStatus: def<{ answer: QuestionBankAccess; body: { projectId?: number | null; subjectId?: number | null } }>(
    'POST',
    `${API_PREFIX.usercenter}/userproduct/getQuestionStatus`,
  ),
  qbEnumList: def<{ answer: QbEnums }>('GET', `${QB}/setting/getEnumList`),
  qbHandScore: def<{ answer: RecordSummary; body: HandScoreRequest }>('POST', `${QB}/userRecord/handScore`),
  qbRecordPageList: def<{ answer: Page<RecordSummary>; body: RecordPageQuery }>('POST', `${QB}/userRecord/getPageList`),
  // Starts (or continues) a record when `recordId` is absent; saves `answers` in either case.
  qbRecordSave: def<{ answer: RecordSaveResult; body: RecordSaveRequest }>('POST', `${QB}/userRecord/save`),
  qbRecordStatus: def<{ answer: PaperStatus[]; body: { paperIds: readonly number[] } }>('POST', `${QB}/userRecord/getStatus`),
  qbRecordReport: def<{ answer: RecordReport; params: ById }>('GET', `${QB}/userRecord/getReport/:id`),
  qbRecordQuestions: def<{ answer: RecordSheet; params: ById }>('GET', `${QB}/userRecord/getQuestionsList/:id`),
  qbPaperReport: def<{ answer: PaperReport; params: ById }>('GET', `${QB}/userRecord/getPaperReport/:id`),
  qbRecordAnalysis: def<{ answer: RecordAnalysis; params: ById }>('GET', `${QB}/userRecord/getAnalysis/:id`),
  qbRecordDelete: def<{ answer: Deleted; body: { ids: readonly number[] } }>('DELETE', `${QB}/userRecord/delete`),
  qbUserQuestionList: def<{
    answer: Page<UserQuestionItem>;
    body: { kind: UserQuestionKind; subjectId: number; current?: number; size?: number };
  }>('POST', `${QB}/userQuestions/getQuestionList`),
  qbUserQuestions: def<{ answer: UserQuestionSubject[]; body: { kind: UserQuestionKind; projectId?: number | null } }>('POST', `${QB}/userQuestions/getList`),
  // The ids among `questionIds` the user keeps as favourites.
  qbCollectStatusList: def<{ answer: number[]; body: { questionIds: readonly number[] } }>('POST', `${QB}/userQuestions/getCollectStatusList`),
  qbAddFeedback: def<{ answer: { message: string }; body: { questionId: number; kind: FeedbackKind; content: string } }>(
    'POST',
    `${QB}/userQuestions/addFeedback`,
  ),
  qbCollect: def<{ answer: { questionId: number; favorite: boolean }; body: { questionId: number; collect: boolean } }>('POST', `${QB}/userQuestions/collect`),
  qbUserQuestionsDelete: def<{ answer: Deleted; params: { type: UserQuestionKind; subjectId: number } }>(
    'DELETE',
    `${QB}/userQuestions/delete/:type/:subjectId`,
  ),
  qbPaperPageList: def<{ answer: Page<PaperListItem>; body: PaperListQuery }>('POST', `${QB}/paper/getPageList`),
  qbPaperQuestions: def<{ answer: QuestionView[]; params: ById }>('GET', `${QB}/paper/getQuestionList/:id`),
  qbPaperDetail: def<{ answer: PaperDetail; params: ById }>('GET', `${QB}/paper/getDetail/:id`),
  qbSectionTree: def<{ answer: SectionNode[]; params: ById }>('GET', `${QB}/section/getTreeList/:id`),
  qbSectionQuestions: def<{ answer: QuestionView[]; params: ById }>('GET', `${QB}/section/getQuestionList/:id`),
  // 今日复习 (docs/questionBank.md "Review, mastery and smart practice"): the user's cards per subject, mastery, the last 30 days.
  qbReviewDueList: def<{ answer: ReviewDue[]; body: { projectId?: number | null } }>('POST', `${QB}/review/getDueList`),
  qbReviewMastery: def<{ answer: ChapterMasteryView[]; params: ById }>('GET', `${QB}/review/getMastery/:id`),
  qbReviewDailyStats: def<{ answer: DailyStat[]; body: { subjectId?: number | null } }>('POST', `${QB}/review/getDailyStats`),
  qbUserPaperList: def<{ answer: PaperListItem[]; params: ById }>('GET', `${QB}/userPaper/getList/:id`),
} as const satisfies Record<string, ApiCallDef>;

export type QuestionBankCallName = keyof typeof QUESTION_BANK_CALLS;
