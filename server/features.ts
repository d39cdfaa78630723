/**
 * Every feature of the API. A feature claims calls of ALL_CALLS by name, under any URL prefix;
 * calls nobody claims yet answer 501 from the registry.
 */
import { accountsFeature } from './accounts/feature';
import { addressesFeature } from './addresses/feature';
import { catalogFeature } from './catalog/feature';
import { commerceFeature } from './commerce/feature';
import { feedbackFeature } from './feedback/feature';
import { learningFeature } from './learning/feature';
import { questionBankFeature } from './questionBank/feature';
import type { Feature } from './shared/feature';
import { siteFeature } from './site/feature';

export const FEATURES: readonly Feature[] = [
  accountsFeature,
  addressesFeature,
  catalogFeature,
  commerceFeature,
  feedbackFeature,
  learningFeature,
  questionBankFeature,
  siteFeature,
];
