/**
 * Question bank shapes shared by the client and the server (docs/questionBank.md): papers, their
 * questions as a student sees them, answering records and what a hand-in reports. Scores are
 * tenths of a point (`…Tenths`) so partial credit stays an integer; show them with formatScore.
 */

export const QUESTION_TYPES = ['SINGLE', 'MULTIPLE', 'INDEFINITE', 'JUDGE', 'FILL', 'SHORT_ANSWER', 'CASE'] as const;

export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  SINGLE: '单项选择题',
  MULTIPLE: '多项选择题',
  INDEFINITE: '不定项选择题',
  JUDGE: '判断题',
  FILL: '填空题',
  SHORT_ANSWER: '简答题',
  CASE: '案例分析题',
};

/** REAL 历年真题, MOCK 模拟试卷, CHAPTER 章节练习 (a chapter's own paper), DAILY 每日一练. */
export const PAPER_TYPES = ['CHAPTER', 'MOCK', 'REAL', 'DAILY'] as const;
export type PaperType = (typeof PAPER_TYPES)[number];

export const PAPER_TYPE_LABELS: Record<PaperType, string> = {
  CHAPTER: '章节练习',
  MOCK: '模拟试卷',
  REAL: '历年真题',
  DAILY: '每日一练',
};

import type { SmartPracticeSize } from './limits';

/** EXAM: timed, answers and explanations only after hand-in. PRACTICE: untimed, each answer is judged at once. */
export const RECORD_MODES = ['PRACTICE', 'EXAM'] as const;
export type RecordMode = (typeof RECORD_MODES)[number];

/**
 * DOING: answering. MARKING: handed in, subjective answers wait for the student's self-marking.
 * DONE: scored. A record past its deadline is handed in by the server.
 */
export const RECORD_STATES = ['DOING', 'MARKING', 'DONE'] as const;
export type RecordState = (typeof RECORD_STATES)[number];

/**
 * What a record answers: a paper, a chapter section, the student's wrong or favourite questions of a
 * subject, a subject's review cards due today (今日复习), or a smart practice of a subject (智能练习:
 * the due cards, then the weakest chapters' questions not yet right). docs/questionBank.md.
 */
export const RECORD_SOURCES = ['PAPER', 'SECTION', 'WRONG', 'FAVORITE', 'REVIEW', 'SMART'] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];

export interface QuestionOptionView {
  key: string;
  text: string;
}

/** A question as the answering screen shows it: never its answer or explanation. */
export interface QuestionView {
  id: number;
  type: QuestionType;
  stem: string;
  options: QuestionOptionView[];
  /** FILL: how many blanks (the stem marks them with ____). */
  blanks: number;
  /** Full marks in this paper; sub-questions of a CASE carry their own share. */
  scoreTenths: number;
  /** 1-based number on the answer sheet; sub-questions are numbered within their case. */
  no: number;
  /** CASE: its sub-questions, answered one by one. */
  subs: QuestionView[];
}

/** The reference of one question, revealed after hand-in (or at once in practice). */
export interface QuestionKey {
  questionId: number;
  answer: string[];
  analysis: string;
}

/** One answer as the student gave it. `version` orders saves: a save never replaces a newer version. */
export interface AnswerEntry {
  questionId: number;
  answer: string[];
  flagged: boolean;
  /** Client milliseconds when the answer was given (strictly increasing per record on one device). */
  version: number;
  /**
   * Seconds the student had spent on the question (its page, for a case) when answering; absent
   * when not measured. A right answer slower than REVIEW_SLOW_ANSWER_SECONDS grades its card Hard.
   */
  spentSeconds?: number;
}

export interface PaperListQuery {
  current?: number;
  size?: number;
  projectId?: number | null;
  subjectId?: number | null;
  paperType?: PaperType | null;
}

export interface PaperListItem {
  id: number;
  name: string;
  paperType: PaperType;
  year: number | null;
  subjectId: number;
  durationMinutes: number;
  totalScoreTenths: number;
  passScoreTenths: number;
  questionCount: number;
  free: boolean;
  /** Paid paper the session's user does not own (a visitor: every paid paper). */
  locked: boolean;
  /** The user's attempts and best score; 0 / null for visitors. */
  attempts: number;
  bestScoreTenths: number | null;
  /** A record still being answered: continue it instead of starting anew. */
  doingRecordId: number | null;
}

export interface TypeCount {
  type: QuestionType;
  count: number;
  scoreTenths: number;
}

export interface PaperDetail extends PaperListItem {
  subjectName: string;
  projectId: number;
  projectName: string;
  countsByType: TypeCount[];
  /** The course that sells this paper (paid papers), to send a student to buy it. */
  courseId: number | null;
}

/** A record as a list, the paper page and the courseware status show it. */
export interface RecordSummary {
  id: number;
  source: RecordSource;
  sourceId: number;
  name: string;
  mode: RecordMode;
  state: RecordState;
  startedAt: number;
  handedInAt: number | null;
  scoreTenths: number | null;
  totalScoreTenths: number;
  questionCount: number;
  answeredCount: number;
}

/** userRecord/getStatus: the paper status fields of the spec (status, id, examMode, sourceId), one per paper asked. */
export interface PaperStatus {
  sourceId: number;
  id: number | null;
  status: RecordState | 'NONE';
  examMode: RecordMode | null;
}

/** userRecord/save: without recordId it starts a record (of `source`/`sourceId` in `mode`). */
export interface RecordSaveRequest {
  recordId?: number | null;
  source?: RecordSource;
  sourceId?: number;
  mode?: RecordMode;
  /** SMART: how many questions the new practice takes (SMART_PRACTICE_SIZES); ignored otherwise. */
  size?: SmartPracticeSize;
  answers: AnswerEntry[];
}

export interface RecordSaveResult {
  recordId: number;
  state: RecordState;
  /** Server milliseconds; the client's countdown runs to it. Null in practice. */
  deadlineAt: number | null;
  serverNow: number;
  /** Stored answers newer than the ones sent (another tab answered later): the client takes them. */
  stale: AnswerEntry[];
  /** Practice: the keys of the questions just answered. */
  keys: QuestionKey[];
}

/** The `data` of a save refused for one answer (a 400): which question's answer the server will never take. */
export interface RefusedAnswer {
  questionId: number;
}

/** userRecord/getQuestionsList: everything to resume answering. */
export interface RecordSheet {
  record: RecordSummary;
  deadlineAt: number | null;
  serverNow: number;
  questions: QuestionView[];
  answers: AnswerEntry[];
  /** Practice: keys of the answered questions; after hand-in: every key. Exam before hand-in: none. */
  keys: QuestionKey[];
}

export interface HandScoreRequest {
  recordId: number;
  /** The last answers, saved with the same ordering rule before scoring. */
  answers?: AnswerEntry[];
  /** Self-marking (learn-center-mark): a score per subjective question, tenths. */
  marks?: { questionId: number; scoreTenths: number }[];
}

export interface ScoreLine {
  label: string;
  count: number;
  correct: number;
  scoreTenths: number;
  fullTenths: number;
}

/** userRecord/getReport: the transcript. */
export interface RecordReport {
  record: RecordSummary;
  paperId: number | null;
  passScoreTenths: number | null;
  passed: boolean | null;
  usedSeconds: number;
  correctCount: number;
  wrongCount: number;
  unansweredCount: number;
  /** Subjective questions still to mark (state MARKING). */
  toMark: number;
  byType: ScoreLine[];
  bySection: ScoreLine[];
}

/** userRecord/getPaperReport/{paperId}: how everyone did on a paper, and the user beside it. */
export interface PaperReport {
  paperId: number;
  takers: number;
  averageTenths: number | null;
  highestTenths: number | null;
  passRate: number | null;
  myBestTenths: number | null;
  myAttempts: number;
  /** Score bands of 10% of the total: takers per band. */
  distribution: number[];
}

/** One question of the analysis: the user's answer, the key and how everyone answered it. */
export interface AnalysisItem {
  question: QuestionView;
  /** A case's sub-question: the case material it belongs to. */
  caseStem: string | null;
  answer: string[];
  key: QuestionKey;
  scoreTenths: number;
  /**
   * CORRECT, PARTIAL, WRONG, UNANSWERED; SUBJECTIVE when marked by the student. (While an exam
   * sharing a question is being answered, the whole analysis waits: examSeal.ts.)
   */
  verdict: 'CORRECT' | 'PARTIAL' | 'WRONG' | 'UNANSWERED' | 'SUBJECTIVE';
  /** Share of all hand-ins that answered it fully right, 0–100. */
  correctRate: number | null;
  favorite: boolean;
}

export interface RecordAnalysis {
  record: RecordSummary;
  items: AnalysisItem[];
}

export interface RecordPageQuery {
  current?: number;
  size?: number;
  /** /question-bank/record tabs: 1 试卷, 2 章节练习, 3 错题与收藏练习. */
  tab?: 1 | 2 | 3;
  subjectId?: number | null;
}

export interface SectionNode {
  id: number;
  name: string;
  questionCount: number;
  /** Distinct questions of the section the user has answered. */
  doneCount: number;
  children: SectionNode[];
}

/** The student's own question lists: 收藏 and 错题本. */
export const USER_QUESTION_KINDS = ['FAVORITE', 'WRONG'] as const;
export type UserQuestionKind = (typeof USER_QUESTION_KINDS)[number];

/** userQuestions/getList: how many questions of the kind each subject holds. */
export interface UserQuestionSubject {
  subjectId: number;
  subjectName: string;
  count: number;
}

/** userQuestions/getQuestionList: the questions with their keys (they were answered or saved already). */
export interface UserQuestionItem {
  question: QuestionView;
  key: QuestionKey;
  /** CASE: the keys of its sub-questions. */
  subKeys: QuestionKey[];
  wrongCount: number;
  addedAt: number;
}

/** setting/getEnumList: the labels every question bank screen shows. */
export interface QbEnums {
  questionTypes: { value: QuestionType; label: string }[];
  paperTypes: { value: PaperType; label: string }[];
  /** /question-bank/home?tab=1…4. */
  homeTabs: { tab: number; paperType: PaperType; label: string }[];
  feedbackKinds: { value: string; label: string }[];
}

/** userproduct/getQuestionStatus: whether the user may answer the paid papers of a project. */
export interface QuestionBankAccess {
  projectId: number | null;
  paid: boolean;
}

/** review/getDueList: a subject's review cards, and how many are due by the end of today (China time). */
export interface ReviewDue {
  subjectId: number;
  subjectName: string;
  projectId: number;
  /** Due before the end of today, less those an exam being answered holds (examSeal.ts). */
  dueCount: number;
  cardCount: number;
  /** The earliest due date of a card not due today (epoch ms); null when none. */
  nextDueAt: number | null;
}

/** review/getMastery/{subjectId}: a chapter (a top-level section with its sub-sections) and the student's mastery of it. */
export interface ChapterMasteryView {
  sectionId: number;
  name: string;
  questionCount: number;
  /** Questions answered right at least once. */
  rightCount: number;
  /** Whole percent (masteryPercent of chapterMastery, review.ts). */
  percent: number;
}

/** review/getDailyStats: one day (China time) of the last DAILY_STATS_DAYS, oldest first; days without answers count 0. */
export interface DailyStat {
  /** YYYY-MM-DD. */
  day: string;
  /** Objective questions answered (a case's sub-questions each count). */
  answered: number;
  correct: number;
}
