/** 意见反馈: students' feedback with images on the old signed API, and the team's replies. */
import { defineFeature } from '../shared/feature';
import { feedbackRoutes } from './feedback.routes';

export const feedbackFeature = defineFeature('feedback', [feedbackRoutes]);
