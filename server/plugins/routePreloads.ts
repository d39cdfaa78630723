/**
 * index.html with the route's own chunks announced: the build lists, per route pattern, the files
 * a first visit needs beyond the entry (scripts/build/routePreloads.ts). Without them the browser
 * learns of the lazy view only once the entry has run, one more round trip before anything paints
 * — on a slow phone the largest part of the course page's LCP. Pages are rendered once per route
 * and index.html version, and kept compressed.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { parse } from 'regexparam';

interface RoutePreload {
  pattern: string;
  js: string[];
  css: string[];
}

export interface IndexPage {
  html: Buffer;
  gzip: Buffer;
  br: Buffer;
}

const PRELOADS_FILE = '.vite/route-preloads.json';

function linkTags(base: string, preload: RoutePreload): string {
  const js = preload.js.map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`);
  const css = preload.css.map((f) => `<link rel="preload" as="style" crossorigin href="${base}${f}">`);
  return [...js, ...css].join('\n    ');
}

function compressed(html: string): IndexPage {
  const body = Buffer.from(html);
  return {
    html: body,
    gzip: gzipSync(body, { level: 9 }),
    br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

/**
 * `page(routePath)` answers index.html for a path under the base (`/course/detail/12`), with the
 * preload links of the first route pattern it matches; null when the SPA is not built.
 */
export function createIndexPages(distDir: string, base: string): { page(routePath: string): IndexPage | null } {
  const indexFile = path.join(distDir, 'index.html');
  const preloadsFile = path.join(distDir, PRELOADS_FILE);
  let version = '';
  let routes: { match: RegExp; preload: RoutePreload }[] = [];
  let template = '';
  const pages = new Map<string, IndexPage>();

  const refresh = (): boolean => {
    if (!existsSync(indexFile)) return false;
    // A build made after start-up is picked up without a restart.
    const stamp = `${statSync(indexFile).mtimeMs}:${existsSync(preloadsFile) ? statSync(preloadsFile).mtimeMs : 0}`;
    if (stamp === version) return true;
    version = stamp;
    template = readFileSync(indexFile, 'utf8');
    const list = existsSync(preloadsFile) ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as RoutePreload[]) : [];
    routes = list.map((preload) => ({ match: parse(preload.pattern).pattern, preload }));
    pages.clear();
    return true;
  };

  return {
    page(routePath) {
      if (!refresh()) return null;
      const hit = routes.find((r) => r.match.test(routePath));
      const key = hit?.preload.pattern ?? '';
      let page = pages.get(key);
      if (!page) {
        const tags = hit ? linkTags(base, hit.preload) : '';
        page = compressed(tags ? template.replace('</head>', `  ${tags}\n  </head>`) : template);
        pages.set(key, page);
      }
      return page;
    },
  };
}
