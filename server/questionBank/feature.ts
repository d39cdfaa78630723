/** The question bank: papers and sections, answering records with server scoring and deadlines, favourites and the wrong book. */
import { defineFeature } from '../shared/feature';
import { papersRoutes } from './papers.routes';
import { recordsRoutes } from './records.routes';
import { reportsRoutes } from './reports.routes';
import { userQuestionsRoutes } from './userQuestions.routes';

export const questionBankFeature = defineFeature('questionBank', [papersRoutes, recordsRoutes, reportsRoutes, userQuestionsRoutes]);
