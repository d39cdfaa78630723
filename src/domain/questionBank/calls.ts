/** The question bank calls of product-spec §7: papers, sections, answering records, my questions. */
import { API_PREFIX, defineCall as def, type ApiCallDef } from '../shared/api';

const QB = API_PREFIX.questionbank;

export const QUESTION_BANK_CALLS = {
  userProductQuestionStatus: def('POST', `${API_PREFIX.usercenter}/userproduct/getQuestionStatus`),
  qbEnumList: def('GET', `${QB}/setting/getEnumList`),
  qbHandScore: def('POST', `${QB}/userRecord/handScore`),
  qbRecordPageList: def('POST', `${QB}/userRecord/getPageList`),
  qbRecordSave: def('POST', `${QB}/userRecord/save`),
  qbRecordStatus: def('POST', `${QB}/userRecord/getStatus`),
  qbRecordReport: def('GET', `${QB}/userRecord/getReport/:id`),
  qbRecordQuestions: def('GET', `${QB}/userRecord/getQuestionsList/:id`),
  qbPaperReport: def('GET', `${QB}/userRecord/getPaperReport/:id`),
  qbRecordAnalysis: def('GET', `${QB}/userRecord/getAnalysis/:id`),
  qbRecordDelete: def('DELETE', `${QB}/userRecord/delete`),
  qbUserQuestionList: def('POST', `${QB}/userQuestions/getQuestionList`),
  qbUserQuestions: def('POST', `${QB}/userQuestions/getList`),
  qbCollectStatusList: def('POST', `${QB}/userQuestions/getCollectStatusList`),
  qbAddFeedback: def('POST', `${QB}/userQuestions/addFeedback`),
  qbCollect: def('POST', `${QB}/userQuestions/collect`),
  qbUserQuestionsDelete: def('DELETE', `${QB}/userQuestions/delete/:type/:subjectId`),
  qbPaperPageList: def('POST', `${QB}/paper/getPageList`),
  qbPaperQuestions: def('GET', `${QB}/paper/getQuestionList/:id`),
  qbPaperDetail: def('GET', `${QB}/paper/getDetail/:id`),
  qbSectionTree: def('GET', `${QB}/section/getTreeList/:id`),
  qbSectionQuestions: def('GET', `${QB}/section/getQuestionList/:id`),
  qbUserPaperList: def('GET', `${QB}/userPaper/getList/:id`),
} as const satisfies Record<string, ApiCallDef>;

export type QuestionBankCallName = keyof typeof QUESTION_BANK_CALLS;
