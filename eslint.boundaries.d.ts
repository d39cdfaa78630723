import type { Linter } from 'eslint';

/** The layering rules of eslint.boundaries.js (used by eslint.config.js and tests/unit/build/lintRules.test.ts). */
export declare const boundariesConfig: Linter.Config;
