// ESLint for the whole tree: typescript-eslint with type information, React hooks, jsx-a11y, and the layering
// arrows (eslint.boundaries.js). Run with `npm run lint` (zero warnings).
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundariesConfig } from './eslint.boundaries.js';
import { featuresConfig } from './eslint.features.js';

export default defineConfig(
  globalIgnores([
    'dist/**',
    'dist-server/**',
    'coverage/**',
    'test-results/**',
    'playwright-report/**',
    '.tmp/**',
    'data/**',
    '.data-*/**',
    'statecharts/**',
    'public/**',
  ]),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    rules: {
      // Unused code is already an error in tsc (noUnusedLocals/noUnusedParameters); a second report adds nothing.
      '@typescript-eslint/no-unused-vars': 'off',
      // Fastify handlers, msw resolvers and XState promise actors are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      // The Chinese copy uses the ideographic space (U+3000) on purpose; stray whitespace in code is still an error.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true, skipRegExps: false, skipComments: false }],
    },
  },
  {
    files: ['tests/**'],
    rules: {
      // Tests read untyped JSON answers (inject().json(), fetch bodies are `any`) and assert their shape field by field.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Test pages and harnesses are plain records of functions that never use `this`.
      '@typescript-eslint/unbound-method': 'off',
      // Tests cast DOM queries (`getByTestId(id) as HTMLInputElement`); the generic form the rule asks for is no safer.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
  {
    files: ['tests/e2e/**'],
    // Playwright fixtures call `use(...)`, which is not React's use().
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  { files: ['**/*.{js,mjs}'], ...tseslint.configs.disableTypeChecked },
  boundariesConfig,
  featuresConfig,
);
