/**
 * The input check of every call, gathered from the areas' inputs.ts files. The server's registry
 * refuses, at start-up, a call a feature claims without an entry here, and the fuzz test
 * (tests/server/fuzz.test.ts) attacks every field each entry declares. Server side only.
 */
import { ACCOUNT_INPUTS } from './account/inputs';
import { CATALOG_INPUTS, CATALOG_RESOURCE_INPUTS } from './catalog/inputs';
import { ADDRESS_INPUTS } from './commerce/addressInputs';
import type { AnyCallName } from './calls';
import { COMMERCE_INPUTS } from './commerce/inputs';
import { LEARNING_INPUTS } from './learning/inputs';
import { QUESTION_BANK_INPUTS } from './questionBank/inputs';
import type { CallInput } from './shared/input';
import { SITE_INPUTS } from './site/inputs';

export const CALL_INPUTS = {
  ...ACCOUNT_INPUTS,
  ...CATALOG_INPUTS,
  ...CATALOG_RESOURCE_INPUTS,
  ...ADDRESS_INPUTS,
  ...COMMERCE_INPUTS,
  ...SITE_INPUTS,
  ...QUESTION_BANK_INPUTS,
  ...LEARNING_INPUTS,
} as const satisfies {
  [N in AnyCallName]?: CallInput;
};

export type CallInputs = typeof CALL_INPUTS;
/** The calls a feature may claim: those with a declared input. */
export type CheckedCallName = keyof CallInputs;
