/** The question bank: papers, questions and chapter sections. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
