/**
 * Every call of the API in one list, gathered from the areas' calls.ts files: the client builds its
 * typed call functions from it and the server registers one route per entry (answering 501 until a
 * feature claims it). Path parameters use the `:name` form; `:name?` is optional.
 */
import { ACCOUNT_CALLS, ACCOUNT_EXTRA_CALLS } from './account/calls';
import { CATALOG_CALLS, CATALOG_EXTRA_CALLS } from './catalog/calls';
import { COMMERCE_CALLS, COMMERCE_EXTRA_CALLS } from './commerce/calls';
import { LEARNING_CALLS, LEARNING_EXTRA_CALLS } from './learning/calls';
import { QUESTION_BANK_CALLS } from './questionBank/calls';
import { SITE_CALLS, SITE_EXTRA_CALLS } from './site/calls';

/** The calls of product-spec §7. */
export const API_CALLS = { ...ACCOUNT_CALLS, ...SITE_CALLS, ...CATALOG_CALLS, ...COMMERCE_CALLS, ...LEARNING_CALLS, ...QUESTION_BANK_CALLS };
/** Calls our own services add beyond §7. */
export const EXTRA_CALLS = { ...ACCOUNT_EXTRA_CALLS, ...CATALOG_EXTRA_CALLS, ...COMMERCE_EXTRA_CALLS, ...LEARNING_EXTRA_CALLS, ...SITE_EXTRA_CALLS };
export const ALL_CALLS = { ...API_CALLS, ...EXTRA_CALLS };

export type ApiCallName = keyof typeof API_CALLS;
export type AnyCallName = keyof typeof ALL_CALLS;
