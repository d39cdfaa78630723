/**
 * The FSRS scheduler of review cards (ts-fsrs, the maintained FSRS implementation), and the card's
 * row ↔ ts-fsrs Card mapping. Its parameters are fixed here so every process, and the tests that
 * replay a card's log, compute the same due dates:
 * - fuzz off: a due date follows from the log alone;
 * - one 10-minute (re)learning step: a question missed today comes back today, and one right
 *   answer then moves it to a later day (FSRS's default two steps would keep it today).
 */
import { createEmptyCard, fsrs, generatorParameters, Rating, type Card, type Grade, type ReviewLog } from 'ts-fsrs';
import type { ReviewGrade } from '../../../src/domain/questionBank/review';
import type { reviewCards, reviewLogs } from '../../db/schema';

export const REVIEW_FSRS_PARAMETERS = generatorParameters({
  enable_fuzz: false,
  enable_short_term: true,
  learning_steps: ['10m'],
  relearning_steps: ['10m'],
  request_retention: 0.9,
  maximum_interval: 365,
});

const scheduler = fsrs(REVIEW_FSRS_PARAMETERS);

export const RATING_OF: Record<ReviewGrade, Grade> = { AGAIN: Rating.Again, HARD: Rating.Hard, GOOD: Rating.Good };

export type CardRow = typeof reviewCards.$inferSelect;
export type CardFields = Omit<CardRow, 'userId' | 'questionId' | 'subjectId' | 'origin' | 'createdAt' | 'updatedAt'>;
export type LogFields = Omit<typeof reviewLogs.$inferInsert, 'id' | 'userId' | 'questionId' | 'recordId'>;

/** A card never reviewed, due at `now`. */
export function newCard(now: Date): Card {
  return createEmptyCard(now);
}

export function cardOf(row: CardFields): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    last_review: row.lastReview ?? undefined,
  };
}

export function fieldsOf(card: Card): CardFields {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

function logFieldsOf(log: ReviewLog): LogFields {
  return {
    rating: log.rating,
    state: log.state,
    due: log.due,
    stability: log.stability,
    difficulty: log.difficulty,
    elapsedDays: log.elapsed_days,
    lastElapsedDays: log.last_elapsed_days,
    scheduledDays: log.scheduled_days,
    learningSteps: log.learning_steps,
    review: log.review,
  };
}

/** The card after a grade at `now`, and the log of it. */
export function gradeCard(card: Card, grade: ReviewGrade, now: Date): { card: CardFields; log: LogFields } {
  const next = scheduler.next(card, now, RATING_OF[grade]);
  return { card: fieldsOf(next.card), log: logFieldsOf(next.log) };
}
