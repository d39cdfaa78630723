/** The input check of every question bank call (server side: see shared/input.ts). */
import { Bool, type CallInput, Fields, Id, Int, List, Nullable, OneOf, Optional, SafeInt, Text } from '../shared/input';
import type { QuestionBankCallName } from './calls';
import { PAPER_TYPES, RECORD_MODES, RECORD_SOURCES, USER_QUESTION_KINDS } from './contract';
import {
  FEEDBACK_KINDS,
  FEEDBACK_MAX_LENGTH,
  MAX_ANSWER_PARTS,
  MAX_ANSWER_TEXT,
  MAX_ANSWERS_PER_SAVE,
  MAX_SPENT_SECONDS,
  MAX_STATUS_IDS,
  QB_PAGE_DEFAULT_SIZE,
  QB_PAGE_MAX_SIZE,
  SMART_PRACTICE_SIZES,
} from './limits';

const filterId = Optional(Nullable(Int({ min: 0 })));
const paging = {
  current: Int({ min: 1, default: 1 }),
  size: Int({ min: 1, max: QB_PAGE_MAX_SIZE, default: QB_PAGE_DEFAULT_SIZE }),
};
const idParam = (label: string) => Fields({ id: Id({ label }) });

/** Client milliseconds: past int4. */
const version = SafeInt({ label: '版本' });

const answers = List(
  Fields({
    questionId: Id({ label: '题目ID' }),
    answer: List(Text({ max: MAX_ANSWER_TEXT, multiline: true }), MAX_ANSWER_PARTS),
    flagged: Bool({ default: false }),
    version,
    spentSeconds: Optional(Int({ min: 0, max: MAX_SPENT_SECONDS })),
  }),
  MAX_ANSWERS_PER_SAVE,
);

export const QUESTION_BANK_INPUTS = {
  userProductQuestionStatus: { body: Fields({ projectId: filterId, subjectId: filterId }) },
  qbEnumList: {},
  qbPaperPageList: {
    body: Fields({ ...paging, projectId: filterId, subjectId: filterId, paperType: Optional(Nullable(OneOf(PAPER_TYPES))) }),
  },
  qbPaperDetail: { params: idParam('试卷ID') },
  qbPaperQuestions: { params: idParam('试卷ID') },
  qbSectionTree: { params: idParam('科目ID') },
  qbSectionQuestions: { params: idParam('章节ID') },
  qbUserPaperList: { params: idParam('科目ID') },
  qbRecordSave: {
    body: Fields({
      recordId: Optional(Nullable(Id({ label: '记录ID' }))),
      source: Optional(OneOf(RECORD_SOURCES)),
      sourceId: Optional(Id({ label: '来源ID' })),
      mode: Optional(OneOf(RECORD_MODES)),
      size: Optional(OneOf(SMART_PRACTICE_SIZES)),
      answers,
    }),
  },
  qbRecordStatus: { body: Fields({ paperIds: List(Id({ label: '试卷ID' }), MAX_STATUS_IDS) }) },
  qbHandScore: {
    body: Fields({
      recordId: Id({ label: '记录ID' }),
      answers: Optional(answers),
      marks: Optional(List(Fields({ questionId: Id({ label: '题目ID' }), scoreTenths: Int({ min: 0, max: 100_000 }) }), MAX_ANSWERS_PER_SAVE)),
    }),
  },
  qbRecordPageList: { body: Fields({ ...paging, tab: Optional(OneOf([1, 2, 3])), subjectId: filterId }) },
  qbRecordReport: { params: idParam('记录ID') },
  qbRecordQuestions: { params: idParam('记录ID') },
  qbPaperReport: { params: idParam('试卷ID') },
  qbRecordAnalysis: { params: idParam('记录ID') },
  qbRecordDelete: { body: Fields({ ids: List(Id({ label: '记录ID' }), 100) }) },
  qbUserQuestions: { body: Fields({ kind: OneOf(USER_QUESTION_KINDS), projectId: filterId }) },
  qbUserQuestionList: { body: Fields({ ...paging, kind: OneOf(USER_QUESTION_KINDS), subjectId: Id({ label: '科目ID' }) }) },
  qbCollectStatusList: { body: Fields({ questionIds: List(Id({ label: '题目ID' }), MAX_STATUS_IDS) }) },
  qbCollect: { body: Fields({ questionId: Id({ label: '题目ID' }), collect: Bool({ default: true }) }) },
  qbUserQuestionsDelete: { params: Fields({ type: OneOf(USER_QUESTION_KINDS), subjectId: Id({ label: '科目ID' }) }) },
  qbReviewDueList: { body: Fields({ projectId: filterId }) },
  qbReviewMastery: { params: idParam('科目ID') },
  qbReviewDailyStats: { body: Fields({ subjectId: filterId }) },
  qbAddFeedback: {
    body: Fields({
      questionId: Id({ label: '题目ID' }),
      kind: OneOf(FEEDBACK_KINDS),
      content: Text({ max: FEEDBACK_MAX_LENGTH, multiline: true, label: '反馈内容' }),
    }),
  },
} as const satisfies { [N in QuestionBankCallName]?: CallInput };
