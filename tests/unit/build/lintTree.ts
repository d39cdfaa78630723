/**
 * The lint rules' tests run on a small tree of virtual files in a temporary folder, with no type
 * information, so each rule can be seen failing on a deliberate violation fast and whatever
 * today's tree holds. One tree per test file: `lint(from, code)` answers the messages of `ruleId`
 * and fails on any other rule's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, expect } from 'vitest';

export interface LintTree {
  /** The tree's folder (set before the tests run). */
  readonly root: string;
  lint(from: string, code: string): Promise<string[]>;
}

/** `configs(root)`: the rules under test, given the tree's folder. */
export function lintTreeFor(name: string, files: readonly string[], ruleId: string, configs: (root: string) => Linter.Config[]): LintTree {
  let root = '';
  let eslint: ESLint;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), `xuetu-${name}-`));
    for (const file of files) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), 'export const x = 1;\n');
    }
    eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } }, ...configs(root)],
    });
  });
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });
  return {
    get root() {
      return root;
    },
    async lint(from, code) {
      const [result] = await eslint.lintText(code, { filePath: join(root, from) });
      const messages = result?.messages ?? [];
      expect(messages.filter((m) => m.ruleId !== ruleId)).toEqual([]);
      return messages.map((m) => m.message);
    },
  };
}
