import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_FACES, featuresConfig } from '../../../eslint.features';
import { lintTreeFor } from './lintTree';

// The rule of eslint.features.js (a server feature imports another only through its faces), seen failing on
// deliberate violations and passing on faces, run like tests/unit/build/lintRules.test.ts: on a small tree of
// virtual files, without type information.
const FILES = [
  'server/app.ts',
  'server/shared/envelope.ts',
  'server/db/client.ts',
  'server/providers/services.ts',
  'server/plugins/qrcode.ts',
  'server/catalog/courses.routes.ts',
  'server/catalog/classes.queries.ts',
  'server/catalog/projects.ts',
  'server/commerce/ownership.queries.ts',
  'server/commerce/entitlements.ts',
  'server/commerce/camps.ts',
  'server/learning/coursewares.ts',
  'server/learning/media/mediaFiles.ts',
  'server/questionBank/papers.queries.ts',
  'src/domain/commerce/contract.ts',
  'tests/server/media.test.ts',
];

const tree = lintTreeFor('lint-features', FILES, 'features/import-through-faces', () => [featuresConfig]);

/** The rule's messages for `code` written in `from`. */
const lint = (from: string, code: string) => tree.lint(from, code);

const importOf = (source: string) => `import { x } from '${source}';\nexport const y = x;\n`;

describe('a feature importing another feature past its faces fails', () => {
  it.each([
    [
      "the catalogue importing commerce's ownership queries",
      'server/catalog/courses.routes.ts',
      importOf('../commerce/ownership.queries'),
      'commerce/ownership.queries',
    ],
    ['a nested file importing them', 'server/learning/media/mediaFiles.ts', importOf('../../commerce/ownership.queries'), 'commerce/ownership.queries'],
    ['a detour through the root', 'server/learning/coursewares.ts', importOf('../../server/commerce/ownership.queries'), 'commerce/ownership.queries'],
    [
      'a type-only import',
      'server/questionBank/papers.queries.ts',
      "import type { X } from '../commerce/ownership.queries';\nexport type Y = X;\n",
      'commerce/ownership',
    ],
    ['a re-export', 'server/learning/coursewares.ts', "export { x } from '../commerce/ownership.queries';\n", 'commerce/ownership.queries'],
    ['a dynamic import', 'server/learning/coursewares.ts', "export const load = () => import('../commerce/ownership.queries');\n", 'commerce/ownership'],
    ["another feature's routes", 'server/commerce/camps.ts', importOf('../catalog/courses.routes'), 'catalog/courses.routes'],
    ['a feature without a face', 'server/questionBank/papers.queries.ts', importOf('../learning/coursewares'), 'none yet'],
    ['a feature folder itself', 'server/learning/coursewares.ts', importOf('../commerce'), 'server/commerce/'],
  ])('%s', async (_name, from, code, expected) => {
    const messages = await lint(from, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('a feature imports another only through its faces');
    expect(messages[0]).toContain(expected);
  });

  it('names the faces to use instead', async () => {
    const [message] = await lint('server/catalog/courses.routes.ts', importOf('../commerce/ownership.queries'));
    expect(message).toContain('server/commerce/entitlements.ts, server/commerce/camps.ts');
  });
});

describe('imports through faces and of shared code pass', () => {
  it.each([
    ["commerce's ownership face", 'server/catalog/courses.routes.ts', '../commerce/entitlements'],
    ["commerce's camps face", 'server/learning/coursewares.ts', '../commerce/camps'],
    ["catalog's projects face", 'server/questionBank/papers.queries.ts', '../catalog/projects'],
    ['a face from a nested file', 'server/learning/media/mediaFiles.ts', '../../commerce/entitlements'],
    ['a face with its extension', 'server/learning/coursewares.ts', '../commerce/entitlements.js'],
    ["a feature's own module", 'server/commerce/entitlements.ts', './ownership.queries'],
    ["a nested file's own feature", 'server/learning/media/mediaFiles.ts', '../coursewares'],
    ['shared server code', 'server/catalog/courses.routes.ts', '../shared/envelope'],
    ['the database', 'server/catalog/courses.routes.ts', '../db/client'],
    ['the providers', 'server/commerce/camps.ts', '../providers/services'],
    ['a cross-cutting plugin', 'server/learning/coursewares.ts', '../plugins/qrcode'],
    ['the domain of another area (its path names a feature)', 'server/catalog/courses.routes.ts', '../../src/domain/commerce/contract'],
    ['a package', 'server/catalog/courses.routes.ts', 'drizzle-orm'],
    ['the composition root importing any module of a feature', 'server/app.ts', './commerce/ownership.queries'],
    ['a test importing any module of a feature', 'tests/server/media.test.ts', '../../server/commerce/ownership.queries'],
  ])('%s', async (_name, from, source) => {
    expect(await lint(from, importOf(source))).toEqual([]);
  });
});

describe('the faces listed are the tree', () => {
  const server = join(process.cwd(), 'server');

  it('knows every feature of server/features.ts', () => {
    const features = [...readFileSync(join(server, 'features.ts'), 'utf8').matchAll(/import \{ \w+Feature \} from '\.\/(\w+)\/feature'/g)].map(
      (match) => match[1],
    );
    expect(Object.keys(FEATURE_FACES).sort()).toEqual(features.sort());
  });

  it('names faces that exist', () => {
    for (const [feature, faces] of Object.entries(FEATURE_FACES)) {
      for (const face of faces) expect(existsSync(join(server, feature, `${face}.ts`)), `server/${feature}/${face}.ts`).toBe(true);
    }
  });
});
