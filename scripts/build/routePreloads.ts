/**
 * A Vite plugin that writes, after the build, which files each route's first visit needs beyond
 * the entry (its lazy view chunk, their static imports, Fluent's provider for a non-plain route, and
 * their CSS): `dist/.vite/route-preloads.json`. The server puts them in index.html as
 * modulepreload / preload links for the route asked, so the browser fetches the view while it
 * still parses the entry instead of after (server/plugins/routePreloads.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { entryKey, initialChunks, type Manifest, parseRouteViews, resolveImportKey, staticClosure } from '../bench/manifest';

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreload {
  /** A route pattern of src/paths.ts, e.g. `/course/detail/:courseId`. */
  pattern: string;
  /** Paths under the base, e.g. `assets/CourseDetailView-x.js`. */
  js: string[];
  css: string[];
}

/** Route by route, in the route table's order, what a first visit loads beyond the entry. */
export function routePreloads(manifest: Manifest, routesSource: string): RoutePreload[] {
  const entry = staticClosure(manifest, entryKey(manifest));
  const entryFiles = new Set(entry.map((k) => manifest[k]!.file));
  const entryCss = new Set(entry.flatMap((k) => manifest[k]!.css ?? []));
  const fluentScope = resolveImportKey(manifest, './views/app/FluentScope', 'src');
  return parseRouteViews(routesSource).map(({ path, view, plain }) => {
    const { js, css } = initialChunks(manifest, resolveImportKey(manifest, view, 'src'), plain ? [] : [fluentScope]);
    return { pattern: path, js: js.filter((f) => !entryFiles.has(f)), css: css.filter((f) => !entryCss.has(f)) };
  });
}

export function routePreloadsPlugin(routesFile: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'xuetu-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const manifestFile = join(outDir, '.vite/manifest.json');
      if (!existsSync(manifestFile)) return;
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
      writeFileSync(join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads(manifest, readFileSync(routesFile, 'utf8'))));
    },
  };
}
