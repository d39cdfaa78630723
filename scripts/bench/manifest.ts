/**
 * Pure helpers over Vite's build manifest (`dist/.vite/manifest.json`) and the source text of
 * src/routes.ts: which JS files a first visit of a route downloads.
 */
import { PATTERNS } from '../../src/paths';

/** One entry of Vite's manifest (the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The manifest key of the HTML entry (index.html's module script). */
export function entryKey(manifest: Manifest): string {
  if (manifest['index.html']?.isEntry) return 'index.html';
  const entries = Object.keys(manifest)
    .filter((k) => manifest[k]!.isEntry)
    .sort();
  const html = entries.find((k) => k.endsWith('.html'));
  const key = html ?? entries[0];
  if (!key) throw new Error('manifest has no entry chunk (isEntry)');
  return key;
}

/**
 * The chunk `key` and every chunk it imports statically, recursively (manifest `imports`;
 * `dynamicImports` are not followed). Cycles are fine. Order: depth-first, `key` first.
 */
export function staticClosure(manifest: Manifest, key: string): string[] {
  const seen = new Set<string>();
  const visit = (k: string): void => {
    if (seen.has(k)) return;
    const chunk = manifest[k];
    if (!chunk) throw new Error(`manifest has no chunk "${k}"`);
    seen.add(k);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(key);
  return [...seen];
}

const SOURCE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mts', '.mjs'];

/**
 * The manifest key of a module imported from src/routes.ts, e.g. `./views/home/HomeView` →
 * `src/views/site/home/HomeView.tsx`. `fromDir` is the importer's directory relative to the root.
 */
export function resolveImportKey(manifest: Manifest, importPath: string, fromDir = 'src'): string {
  const parts = fromDir.split('/').filter(Boolean);
  for (const seg of importPath.split('/')) {
    if (seg === '.' || seg === '') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  const base = parts.join('/');
  const candidates = [base, ...SOURCE_EXTENSIONS.map((e) => base + e), ...SOURCE_EXTENSIONS.map((e) => `${base}/index${e}`)];
  const key = candidates.find((c) => manifest[c]);
  if (!key) throw new Error(`no chunk for ${importPath} in the manifest (looked for ${base}.{tsx,ts,jsx,js})`);
  return key;
}

export interface InitialChunks {
  /** Manifest keys, entry's first. */
  keys: string[];
  /** Output JS files (relative to dist), deduplicated. */
  js: string[];
  /** Output CSS files those chunks pull in, deduplicated. */
  css: string[];
}

/**
 * The JS a first visit of a route loads: the entry chunk and its static imports, plus the
 * route's lazily loaded view chunk and its static imports, deduplicated. `viewKey` undefined:
 * the entry alone.
 */
export function initialChunks(manifest: Manifest, viewKey: string | undefined, extraKeys: readonly string[] = []): InitialChunks {
  const keys = staticClosure(manifest, entryKey(manifest));
  for (const lazyKey of [viewKey, ...extraKeys]) {
    if (lazyKey) for (const k of staticClosure(manifest, lazyKey)) if (!keys.includes(k)) keys.push(k);
  }
  const js: string[] = [];
  const css: string[] = [];
  for (const k of keys) {
    const c = manifest[k]!;
    if (/\.(m?js)$/.test(c.file) && !js.includes(c.file)) js.push(c.file);
    for (const f of c.css ?? []) if (!css.includes(f)) css.push(f);
  }
  return { keys, js, css };
}

export interface RouteView {
  path: string;
  /** Import specifier of the lazily loaded view, e.g. `./views/home/HomeView`. */
  view: string;
  /** `plain: true`: the view renders without Fluent's provider (loaded lazily for all others). */
  plain: boolean;
}

/**
 * Reads `{ path: '…' | PATTERNS.name, …, view: () => import('./views/…') }` (or `view: name` where
 * `const name = () => import('…')`) from the source text of src/routes.ts, without executing
 * it. Only the `ROUTES` array is read (redirects have no view). Order as in the source.
 */
export function parseRouteViews(source: string): RouteView[] {
  const start = source.search(/export\s+const\s+ROUTES\b/);
  if (start < 0) throw new Error('src/routes.ts: no `export const ROUTES`');
  const named = new Map<string, string>();
  for (const m of source.matchAll(/(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?\(\s*\)\s*=>\s*import\(\s*(['"`])([^'"`]+)\2\s*\)/g)) {
    named.set(m[1]!, m[3]!);
  }
  const end = source.indexOf('];', start);
  const body = source.slice(start, end < 0 ? undefined : end);
  const out: RouteView[] = [];
  // Each route object starts at its `path:`; its fields run up to the next `path:`.
  // A path is a literal or a name of PATTERNS (src/paths.ts), which the table uses.
  const pathRe = /\bpath\s*:\s*(?:(['"`])([^'"`]*)\1|PATTERNS\.(\w+))/g;
  const hits = [...body.matchAll(pathRe)].map((m) => {
    const name = m[3];
    if (name === undefined) return m;
    const pattern = (PATTERNS as Record<string, string>)[name];
    if (pattern === undefined) throw new Error(`src/routes.ts: PATTERNS.${name} is not in src/paths.ts`);
    const hit = [m[0], '', pattern] as unknown as RegExpExecArray;
    hit.index = m.index;
    return hit;
  });
  hits.forEach((hit, i) => {
    const chunk = body.slice(hit.index, i + 1 < hits.length ? hits[i + 1]!.index : undefined);
    const inline = chunk.match(/\bview\s*:\s*(?:async\s*)?\(\s*\)\s*=>\s*import\(\s*(['"`])([^'"`]+)\1\s*\)/);
    const plain = /\bplain\s*:\s*true\b/.test(chunk);
    if (inline) {
      out.push({ path: hit[2]!, view: inline[2]!, plain });
      return;
    }
    const ref = chunk.match(/\bview\s*:\s*([A-Za-z_$][\w$]*)/);
    if (ref) {
      const target = named.get(ref[1]!);
      if (!target) throw new Error(`src/routes.ts: route ${hit[2]} uses view ${ref[1]}, which is not \`const ${ref[1]} = () => import('…')\``);
      out.push({ path: hit[2]!, view: target, plain });
    }
  });
  return out;
}
