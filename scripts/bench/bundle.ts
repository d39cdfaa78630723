/**
 * Initial JS per route of a built SPA: reads dist/.vite/manifest.json and src/routes.ts, sizes
 * the files raw and gzip -9. Used by `npm run bench` and tests/unit/build/bundleBudget.test.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { KB, LAZY_GZIP_BUDGETS_KB, ROUTE_GZIP_BUDGETS_KB } from './budgets';
import { initialChunks, parseRouteViews, resolveImportKey, type Manifest } from './manifest';

export interface RouteBundle {
  route: string;
  view: string;
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  rawKB: number;
  gzipKB: number;
  /** gzip budget in KB, when the route has one. */
  budgetKB: number | undefined;
  overBudget: boolean;
}

export function manifestPath(distDir: string): string {
  return join(distDir, '.vite', 'manifest.json');
}

export const BUILD_HINT = 'npx vite build --mode prod --manifest';

export function readManifest(distDir: string): Manifest {
  const file = manifestPath(distDir);
  if (!existsSync(file)) {
    throw new Error(
      `${file} does not exist: build the SPA with a manifest first (\`${BUILD_HINT}\`, or \`bash scripts/test-all.sh\`, which builds before the tests)`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

/** Measures every route of src/routes.ts (one row per route, in source order). */
export function measureRoutes(opts: { distDir: string; routesFile: string }): RouteBundle[] {
  const manifest = readManifest(opts.distDir);
  const routes = parseRouteViews(readFileSync(opts.routesFile, 'utf8'));
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const size = (file: string): { raw: number; gzip: number } => {
    let s = sizes.get(file);
    if (!s) {
      const body = readFileSync(join(opts.distDir, file));
      s = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
      sizes.set(file, s);
    }
    return s;
  };
  // Routes that are not `plain` also load Fluent's provider lazily (src/views/app/AppRoutes.tsx).
  const fluentScope = resolveImportKey(manifest, './views/app/FluentScope', 'src');
  return routes.map(({ path, view, plain }) => {
    const { js } = initialChunks(manifest, resolveImportKey(manifest, view, 'src'), plain || !fluentScope ? [] : [fluentScope]);
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const f of js) {
      const s = size(f);
      rawBytes += s.raw;
      gzipBytes += s.gzip;
    }
    const budgetKB = ROUTE_GZIP_BUDGETS_KB[path];
    const gzipKB = round1(gzipBytes / KB);
    return {
      route: path,
      view,
      files: js,
      rawBytes,
      gzipBytes,
      rawKB: round1(rawBytes / KB),
      gzipKB,
      budgetKB,
      overBudget: budgetKB !== undefined && gzipBytes > budgetKB * KB,
    };
  });
}

/** A plain-text table (column widths from the content). */
export function formatTable(header: string[], rows: string[][], rightAlign: boolean[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (rightAlign[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [
    line(header),
    widths
      .map((w) => '-'.repeat(w))
      .join('  ')
      .trimEnd(),
    ...rows.map(line),
  ].join('\n');
}

export function formatBundleTable(rows: RouteBundle[]): string {
  return formatTable(
    ['route', 'files', 'raw KB', 'gzip KB', 'budget', ''],
    rows.map((r) => [
      r.route,
      String(r.files.length),
      r.rawKB.toFixed(1),
      r.gzipKB.toFixed(1),
      r.budgetKB === undefined ? '' : `${r.budgetKB}`,
      r.overBudget ? 'OVER BUDGET' : '',
    ]),
    [false, true, true, true, true, false],
  );
}

export interface LazyChunk {
  /** A route path of src/routes.ts, or a module's manifest key (`src/…`). */
  name: string;
  files: string[];
  gzipBytes: number;
  gzipKB: number;
  budgetKB: number | undefined;
  overBudget: boolean;
}

/**
 * What a route's view, or a module loaded on demand, adds beyond the entry chunk and its static
 * imports (gzip -9): the code a visitor downloads when the route opens or the module is imported.
 */
export function measureLazyChunks(opts: { distDir: string; routesFile: string; names: readonly string[] }): LazyChunk[] {
  const manifest = readManifest(opts.distDir);
  const views = new Map(parseRouteViews(readFileSync(opts.routesFile, 'utf8')).map((r) => [r.path, r.view]));
  const entry = new Set(initialChunks(manifest, undefined).js);
  return opts.names.map((name) => {
    const view = views.get(name);
    const key = view ? resolveImportKey(manifest, view, 'src') : name;
    const { js } = initialChunks(manifest, key);
    const files = js.filter((f) => !entry.has(f));
    const gzipBytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(join(opts.distDir, f)), { level: 9 }).length, 0);
    const budgetKB = LAZY_GZIP_BUDGETS_KB[name];
    return { name, files, gzipBytes, gzipKB: round1(gzipBytes / KB), budgetKB, overBudget: budgetKB !== undefined && gzipBytes > budgetKB * KB };
  });
}
