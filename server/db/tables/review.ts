/**
 * 今日复习 (docs/questionBank.md "Review, mastery and smart practice"): each student's review cards,
 * scheduled by FSRS (ts-fsrs) on the server, the log of every grade, what the student has got right
 * or wrong per question (mastery, smart practice), and answers per day (the report's chart).
 * Question ids are the wrong book's: a case is one card, as it is one entry of the book.
 */
import { bigserial, date, doublePrecision, index, integer, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true });
const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** One question a student reviews: ts-fsrs's Card, column for column. */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: userRef(),
    questionId: integer('question_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** WRONG (missed at least once) or FAVORITE (kept, never missed): unkeeping removes a FAVORITE card. */
    origin: varchar('origin', { length: 8 }).notNull(),
    due: at('due').notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning. */
    state: smallint('state').notNull(),
    lastReview: at('last_review'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index('review_cards_due_idx').on(t.userId, t.subjectId, t.due)],
);

/** Every grade a card took: ts-fsrs's ReviewLog (the card as it was before), and the record that graded it. */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    questionId: integer('question_id').notNull(),
    recordId: integer('record_id').notNull(),
    /** ts-fsrs Rating: 1 Again, 2 Hard, 3 Good. */
    rating: smallint('rating').notNull(),
    state: smallint('state').notNull(),
    due: at('due').notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    review: at('review').notNull(),
  },
  (t) => [
    index('review_logs_card_idx').on(t.userId, t.questionId, t.id),
    // A record grades a card once (grading.ts): a re-sent or changed answer does not grade it again.
    uniqueIndex('review_logs_record_uq').on(t.recordId, t.questionId),
  ],
);

/** How a student has answered one question (a case as a whole), over every record: mastery and smart practice read it. */
export const questionProgress = pgTable(
  'question_progress',
  {
    userId: userRef(),
    questionId: integer('question_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    rightCount: integer('right_count').notNull().default(0),
    wrongCount: integer('wrong_count').notNull().default(0),
    /** The last verdict: CORRECT, PARTIAL, WRONG or UNANSWERED. */
    lastVerdict: varchar('last_verdict', { length: 10 }).notNull(),
    lastAnsweredAt: at('last_answered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index('question_progress_subject_idx').on(t.userId, t.subjectId)],
);

/** Objective answers judged per student, subject and China day: the report's 30-day chart. */
export const answerDays = pgTable(
  'answer_days',
  {
    userId: userRef(),
    subjectId: integer('subject_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    answered: integer('answered').notNull().default(0),
    correct: integer('correct').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subjectId, t.day] }), index('answer_days_day_idx').on(t.userId, t.day)],
);
