/**
 * The home route's initial JS stays within its gzip budget. Needs a production build with a
 * manifest (scripts/test-all.sh builds before running the tests):
 *   npx vite build --mode prod --manifest
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOME_ROUTE, HOME_ROUTE_GZIP_BUDGET_KB, KB } from '../../scripts/bench/budgets';
import { BUILD_HINT, manifestPath, measureRoutes } from '../../scripts/bench/bundle';

const ROOT = resolve(__dirname, '../..');
const DIST = resolve(ROOT, 'dist');

describe('bundle budget', () => {
  it(`home route initial JS ≤ ${HOME_ROUTE_GZIP_BUDGET_KB} KB gzip`, () => {
    expect(
      existsSync(manifestPath(DIST)),
      `dist/.vite/manifest.json is missing: build first with \`${BUILD_HINT}\` (npm test does this)`,
    ).toBe(true);
    const rows = measureRoutes({ distDir: DIST, routesFile: resolve(ROOT, 'src/routes.ts') });
    const home = rows.find((r) => r.route === HOME_ROUTE);
    expect(home, `src/routes.ts has no route '${HOME_ROUTE}'`).toBeDefined();
    const kb = home!.gzipBytes / KB;
    expect(
      kb,
      `home route loads ${kb.toFixed(1)} KB gzip of JS (${home!.files.join(', ')}), budget ${HOME_ROUTE_GZIP_BUDGET_KB} KB — see \`npm run bench -- --no-build --only bundle\``,
    ).toBeLessThanOrEqual(HOME_ROUTE_GZIP_BUDGET_KB);
  });
});
