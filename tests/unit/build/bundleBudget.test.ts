/**
 * The home route's initial JS stays within its gzip budget. Needs a production build with a
 * manifest (scripts/test-all.sh builds before running the tests):
 *   npx vite build --mode prod --manifest
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  HOME_ROUTE,
  HOME_ROUTE_GZIP_BUDGET_KB,
  KB,
  LAZY_GZIP_BUDGETS_KB,
  LOGIN_MODAL_MODULE,
  LOGIN_ROUTE,
  NAV_DRAWER_MODULE,
} from '../../../scripts/bench/budgets';
import { BUILD_HINT, manifestPath, measureLazyChunks, measureRoutes, readManifest } from '../../../scripts/bench/bundle';

const ROOT = resolve(__dirname, '../../..');
const DIST = resolve(ROOT, 'dist');

describe('bundle budget', () => {
  it(`home route initial JS ≤ ${HOME_ROUTE_GZIP_BUDGET_KB} KB gzip`, () => {
    expect(existsSync(manifestPath(DIST)), `dist/.vite/manifest.json is missing: build first with \`${BUILD_HINT}\` (npm test does this)`).toBe(true);
    const rows = measureRoutes({ distDir: DIST, routesFile: resolve(ROOT, 'src/routes.ts') });
    const home = rows.find((r) => r.route === HOME_ROUTE);
    expect(home, `src/routes.ts has no route '${HOME_ROUTE}'`).toBeDefined();
    const kb = home!.gzipBytes / KB;
    expect(
      kb,
      `home route loads ${kb.toFixed(1)} KB gzip of JS (${home!.files.join(', ')}), budget ${HOME_ROUTE_GZIP_BUDGET_KB} KB — see \`npm run bench -- --no-build --only bundle\``,
    ).toBeLessThanOrEqual(HOME_ROUTE_GZIP_BUDGET_KB);
  });

  for (const name of [LOGIN_ROUTE, LOGIN_MODAL_MODULE, NAV_DRAWER_MODULE]) {
    it(`${name} adds ≤ ${LAZY_GZIP_BUDGETS_KB[name]} KB gzip beyond the entry chunk`, () => {
      expect(existsSync(manifestPath(DIST)), `dist/.vite/manifest.json is missing: build first with \`${BUILD_HINT}\``).toBe(true);
      const [chunk] = measureLazyChunks({ distDir: DIST, routesFile: resolve(ROOT, 'src/routes.ts'), names: [name] });
      const kb = chunk!.gzipBytes / KB;
      expect(chunk!.files.length, `${name} loads nothing beyond the entry: is it still lazy?`).toBeGreaterThan(0);
      expect(
        kb,
        `${name} adds ${kb.toFixed(1)} KB gzip of JS (${chunk!.files.join(', ')}) — see \`npm run bench -- --no-build --only bundle\``,
      ).toBeLessThanOrEqual(LAZY_GZIP_BUDGETS_KB[name]!);
    });
  }

  it('no developer tools (actor panel, Stately inspector) land in the production build', () => {
    expect(existsSync(manifestPath(DIST)), `dist/.vite/manifest.json is missing: build first with \`${BUILD_HINT}\``).toBe(true);
    const assets = resolve(DIST, 'assets');
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
      const js = readFileSync(resolve(assets, file), 'utf8');
      expect(js.includes('状态机调试面板'), `${file} carries the actor panel`).toBe(false);
      expect(js.includes('createBrowserInspector'), `${file} carries the Stately inspector`).toBe(false);
    }
  });

  it('the home route does not load the login modal or jsencrypt; the login page loads jsencrypt only on submit', () => {
    expect(existsSync(manifestPath(DIST)), `dist/.vite/manifest.json is missing: build first with \`${BUILD_HINT}\``).toBe(true);
    const routesFile = resolve(ROOT, 'src/routes.ts');
    const routes = measureRoutes({ distDir: DIST, routesFile });
    const home = routes.find((r) => r.route === HOME_ROUTE)!;
    const login = routes.find((r) => r.route === LOGIN_ROUTE)!;
    const jsencryptKey = Object.keys(readManifest(DIST)).find((key) => /node_modules\/jsencrypt\//.test(key));
    expect(jsencryptKey, 'jsencrypt is not a chunk of its own: is it still imported on demand?').toBeDefined();
    const [modal, jsencrypt] = measureLazyChunks({ distDir: DIST, routesFile, names: [LOGIN_MODAL_MODULE, jsencryptKey!] });
    for (const file of modal!.files) expect(home.files, `${file} (login modal) is in the home route's initial JS`).not.toContain(file);
    expect(jsencrypt!.files.length).toBeGreaterThan(0);
    for (const file of jsencrypt!.files) {
      expect(home.files, `${file} (jsencrypt) is in the home route's initial JS`).not.toContain(file);
      expect(login.files, `${file} (jsencrypt) is in the login route's initial JS`).not.toContain(file);
    }
  });

  it("the home route does not load the header's menu drawer (Fluent's OverlayDrawer): it comes on the first tap", () => {
    expect(existsSync(manifestPath(DIST)), `dist/.vite/manifest.json is missing: build first with \`${BUILD_HINT}\``).toBe(true);
    const routesFile = resolve(ROOT, 'src/routes.ts');
    const home = measureRoutes({ distDir: DIST, routesFile }).find((r) => r.route === HOME_ROUTE)!;
    const [drawer] = measureLazyChunks({ distDir: DIST, routesFile, names: [NAV_DRAWER_MODULE] });
    expect(drawer!.files.length).toBeGreaterThan(0);
    for (const file of drawer!.files) expect(home.files, `${file} (menu drawer) is in the home route's initial JS`).not.toContain(file);
  });
});
