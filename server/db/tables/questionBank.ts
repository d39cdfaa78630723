/** The question bank: papers, questions and chapter sections. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

export const papers = pgTable(
  'papers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    projectId: integer('project_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** REAL 历年真题, MOCK 模拟试卷, CHAPTER 章节练习, DAILY 每日一练. */
    paperType: varchar('paper_type', { length: 10 }).notNull(),
    year: integer('year'),
    durationMinutes: integer('duration_minutes').notNull(),
    totalScore: integer('total_score').notNull(),
    passScore: integer('pass_score').notNull(),
    free: boolean('free').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('papers_subject_idx').on(t.subjectId)],
);

export interface QuestionOption {
  key: string;
  text: string;
}

/** A question; CASE questions own sub-questions through parentId. Answers are option keys or texts. */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 14 }).notNull(),
    subjectId: integer('subject_id').notNull(),
    parentId: integer('parent_id'),
    stem: text('stem').notNull(),
    options: jsonb('options')
      .$type<QuestionOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    answer: jsonb('answer').$type<string[]>().notNull(),
    analysis: text('analysis').notNull(),
    difficulty: integer('difficulty').notNull().default(2),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('questions_subject_idx').on(t.subjectId), index('questions_parent_idx').on(t.parentId)],
);

export const paperQuestions = pgTable(
  'paper_questions',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.questionId] })],
);

/** Chapter sections of a subject for 章节练习; questions link through sectionQuestions. */
export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 120 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('sections_subject_idx').on(t.subjectId)],
);

export const sectionQuestions = pgTable(
  'section_questions',
  {
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.questionId] })],
);

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A top-level question of a record and its full marks; a CASE's sub-questions share its marks (recordItems.ts). */
export interface RecordItem {
  questionId: number;
  scoreTenths: number;
}

/**
 * One answering of a paper, a chapter section or the student's wrong / favourite questions. The
 * questions and their marks are copied at the start, so a record scores the same after the bank
 * changes; content ids are kept without foreign keys (a demo reload restarts them), like orders.
 */
export const userRecords = pgTable(
  'user_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** PAPER, SECTION, WRONG or FAVORITE (contract RECORD_SOURCES); sourceId: the paper, section or subject. */
    source: varchar('source', { length: 8 }).notNull(),
    sourceId: integer('source_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    /** PRACTICE or EXAM. */
    mode: varchar('mode', { length: 8 }).notNull(),
    /** DOING, MARKING or DONE. */
    state: varchar('state', { length: 8 }).notNull(),
    items: jsonb('items').$type<RecordItem[]>().notNull(),
    questionCount: integer('question_count').notNull(),
    totalScoreTenths: integer('total_score_tenths').notNull(),
    passScoreTenths: integer('pass_score_tenths'),
    startedAt: at('started_at').notNull(),
    /** EXAM: started_at + the paper's time; the server hands the record in after it. */
    deadlineAt: at('deadline_at'),
    handedInAt: at('handed_in_at'),
    /** USER or SERVER (the deadline passed). */
    handedInBy: varchar('handed_in_by', { length: 6 }),
    objectiveTenths: integer('objective_tenths'),
    subjectiveTenths: integer('subjective_tenths'),
    scoreTenths: integer('score_tenths'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('user_records_user_idx').on(t.userId, t.startedAt),
    index('user_records_source_idx').on(t.userId, t.source, t.sourceId),
    // One record being answered per source and mode: opening a paper twice (two tabs, a double click) continues it.
    uniqueIndex('user_records_doing_uq')
      .on(t.userId, t.source, t.sourceId, t.mode)
      .where(sql`state = 'DOING'`),
    index('user_records_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`state = 'DOING' AND deadline_at IS NOT NULL`),
  ],
);

/** The student's answer to one question of a record (sub-questions of a case each have their own). */
export const recordAnswers = pgTable(
  'record_answers',
  {
    recordId: integer('record_id')
      .notNull()
      .references(() => userRecords.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull(),
    answer: jsonb('answer').$type<string[]>().notNull(),
    flagged: boolean('flagged').notNull().default(false),
    /** The client's time of the answer: a save keeps the newest (scoring.ts keepsIncoming). */
    version: bigint('version', { mode: 'number' }).notNull(),
    savedAt: at('saved_at').notNull(),
    /** Seconds spent on the question when answering (AnswerEntry.spentSeconds); null when not measured. */
    spentSeconds: integer('spent_seconds'),
    /** The answer has graded the question's review card and counted in progress (review/grading.ts). */
    judged: boolean('judged').notNull().default(false),
    /** Set at hand-in (objective) or by self-marking (subjective). */
    scoreTenths: integer('score_tenths'),
    verdict: varchar('verdict', { length: 10 }),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.questionId] })],
);

/** The student's favourite questions and wrong-question book, per subject. */
export const userQuestions = pgTable(
  'user_questions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** FAVORITE or WRONG. */
    kind: varchar('kind', { length: 8 }).notNull(),
    questionId: integer('question_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** WRONG: how many times answered wrong. */
    wrongCount: integer('wrong_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.questionId] }), index('user_questions_subject_idx').on(t.userId, t.kind, t.subjectId)],
);

/** A student's report of a mistake in a question, for the content team. */
export const questionFeedback = pgTable('question_feedback', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  questionId: integer('question_id').notNull(),
  kind: varchar('kind', { length: 10 }).notNull(),
  content: text('content').notNull(),
  createdAt: createdAt(),
});
