import { describe, expect, it } from 'vitest';
import { entryKey, initialChunks, parseRouteViews, resolveImportKey, staticClosure, type Manifest } from '../../../scripts/bench/manifest';

// A hand-made manifest: entry → runtime + react (+ a cycle back to the entry); home view → card
// → react; the about view is large; `lazyDialog` is only a dynamic import of the entry.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_runtime-1.js', '_react-1.js'],
    dynamicImports: ['src/views/site/home/HomeView.tsx', 'src/views/site/pages/AboutView.tsx', 'src/views/LoginDialog.tsx'],
    css: ['assets/index-1.css'],
  },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_react-1.js': { file: 'assets/react-1.js', imports: ['_runtime-1.js', 'index.html'] },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js'], css: ['assets/card-1.css'] },
  'src/views/site/home/HomeView.tsx': {
    file: 'assets/HomeView-1.js',
    src: 'src/views/site/home/HomeView.tsx',
    isDynamicEntry: true,
    imports: ['_card-1.js', '_react-1.js'],
  },
  'src/views/site/pages/AboutView.tsx': {
    file: 'assets/AboutView-1.js',
    src: 'src/views/site/pages/AboutView.tsx',
    isDynamicEntry: true,
    imports: ['_card-1.js'],
  },
  'src/views/LoginDialog.tsx': { file: 'assets/LoginDialog-1.js', isDynamicEntry: true, imports: ['_react-1.js'] },
  'src/views/pending/index.ts': { file: 'assets/pending-1.js', isDynamicEntry: true },
};

describe('bench manifest helpers', () => {
  it('finds the HTML entry', () => {
    expect(entryKey(manifest)).toBe('index.html');
    expect(entryKey({ 'main.html': { file: 'a.js', isEntry: true }, 'x.ts': { file: 'x.js' } })).toBe('main.html');
    expect(() => entryKey({ 'x.ts': { file: 'x.js' } })).toThrow(/entry/);
  });

  it('follows static imports recursively, not dynamic ones, through cycles', () => {
    expect(staticClosure(manifest, 'index.html')).toEqual(['index.html', '_runtime-1.js', '_react-1.js']);
    expect(staticClosure(manifest, 'src/views/site/home/HomeView.tsx')).toEqual([
      'src/views/site/home/HomeView.tsx',
      '_card-1.js',
      '_react-1.js',
      '_runtime-1.js',
      'index.html',
    ]);
    expect(() => staticClosure(manifest, 'nope')).toThrow(/nope/);
  });

  it('resolves view import specifiers to manifest keys', () => {
    expect(resolveImportKey(manifest, './views/site/home/HomeView')).toBe('src/views/site/home/HomeView.tsx');
    expect(resolveImportKey(manifest, './views/pending')).toBe('src/views/pending/index.ts');
    expect(resolveImportKey(manifest, '../src/views/site/pages/AboutView', 'scripts')).toBe('src/views/site/pages/AboutView.tsx');
    expect(() => resolveImportKey(manifest, './views/Missing')).toThrow(/Missing/);
  });

  it('computes the initial JS of a route: entry closure + view closure, deduplicated', () => {
    const home = initialChunks(manifest, 'src/views/site/home/HomeView.tsx');
    expect(home.js).toEqual(['assets/index-1.js', 'assets/runtime-1.js', 'assets/react-1.js', 'assets/HomeView-1.js', 'assets/card-1.js']);
    expect(home.css).toEqual(['assets/index-1.css', 'assets/card-1.css']);
    // The login dialog is only dynamically imported: not part of any initial load.
    expect(home.js).not.toContain('assets/LoginDialog-1.js');
    expect(initialChunks(manifest, undefined).js).toEqual(['assets/index-1.js', 'assets/runtime-1.js', 'assets/react-1.js']);
    // A lazily loaded provider (Fluent's, for non-plain routes) counts with the view.
    expect(initialChunks(manifest, undefined, ['src/views/site/home/HomeView.tsx']).js).toEqual([
      'assets/index-1.js',
      'assets/runtime-1.js',
      'assets/react-1.js',
      'assets/HomeView-1.js',
      'assets/card-1.js',
    ]);
  });
});

describe('parseRouteViews', () => {
  it('reads inline and named lazy views of ROUTES, skipping redirects', () => {
    const source = `
import type { ComponentType } from 'react';
const pending = () => import('./views/app/PendingPageView');
export const REDIRECTS = [{ path: '/hc', redirect: '/hc/site-stated' }];
export const ROUTES: readonly RouteDef[] = [
  { path: '/', title: '首页', view: () => import('./views/site/home/HomeView'), auth: false, plain: true },
  {
    path: '/course/detail/:courseId',
    title: "课程详情",
    view: pending,
  },
  { path: "/about", view: () => import("./views/site/pages/AboutView") },
];
export const AFTER = [{ path: '/not-a-route' }];
`;
    expect(parseRouteViews(source)).toEqual([
      { path: '/', view: './views/site/home/HomeView', plain: true },
      { path: '/course/detail/:courseId', view: './views/app/PendingPageView', plain: false },
      { path: '/about', view: './views/site/pages/AboutView', plain: false },
    ]);
  });

  it('reads a path given as a name of PATTERNS (src/paths.ts) as that pattern', () => {
    const source = `export const ROUTES = [{ path: PATTERNS.courseDetail, view: () => import('./views/x/X') }];`;
    expect(parseRouteViews(source)).toEqual([{ path: '/course/detail/:courseId', view: './views/x/X', plain: false }]);
    expect(() => parseRouteViews(`export const ROUTES = [{ path: PATTERNS.nope, view: () => import('./v') }];`)).toThrow(/PATTERNS.nope/);
  });

  it('fails clearly on an unknown view reference or a missing ROUTES', () => {
    expect(() => parseRouteViews(`export const ROUTES = [{ path: '/x', view: mystery }];`)).toThrow(/mystery/);
    expect(() => parseRouteViews('export const OTHER = [];')).toThrow(/ROUTES/);
  });
});
