import type { Linter } from 'eslint';

/** Each server feature's faces (eslint.features.js): paths inside server/<feature>/ without extension. */
export declare const FEATURE_FACES: Readonly<Record<string, readonly string[]>>;

/** The rule that a server feature imports another only through its faces (used by eslint.config.js and its test). */
export declare const featuresConfig: Linter.Config;
