/** The question bank: papers and sections, answering records with server scoring and deadlines, favourites and the wrong book, and the FSRS daily review. */
import type { FastifyInstance } from 'fastify';
import { defineFeature, type FeatureDeps } from '../shared/feature';
import { installDeadlineSweep } from './deadlineSweep';
import { papersRoutes } from './papers.routes';
import { recordsRoutes } from './records.routes';
import { reportsRoutes } from './reports.routes';
import { reviewRoutes } from './review/review.routes';
import { userQuestionsRoutes } from './userQuestions.routes';

/**
 * Besides its calls: the sweep that hands in exam records at their deadline. It runs in every server
 * process (WORKERS): each record is handed in under its row lock, so sweeps at once agree.
 */
async function registerQuestionBank(app: FastifyInstance, { db, services }: FeatureDeps): Promise<void> {
  installDeadlineSweep(app, db, services.clock);
}

export const questionBankFeature = defineFeature(
  'questionBank',
  [papersRoutes, recordsRoutes, reportsRoutes, reviewRoutes, userQuestionsRoutes],
  registerQuestionBank,
);
