import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../scripts/bench/manifest';
import { routePreloads } from '../../../scripts/build/routePreloads';

// Entry → react; the home view is plain (no Fluent); the detail view shares the card and brings CSS.
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'], css: ['assets/index-1.css'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_card-1.js': { file: 'assets/card-1.js', imports: ['_react-1.js'], css: ['assets/card-1.css'] },
  'src/views/app/FluentScope.tsx': { file: 'assets/FluentScope-1.js', isDynamicEntry: true, imports: ['_react-1.js', '_fluent-1.js'] },
  '_fluent-1.js': { file: 'assets/fluent-1.js' },
  'src/views/site/home/HomeView.tsx': { file: 'assets/HomeView-1.js', isDynamicEntry: true, imports: ['_card-1.js'] },
  'src/views/catalog/course/CourseDetailView.tsx': {
    file: 'assets/CourseDetailView-1.js',
    isDynamicEntry: true,
    imports: ['_card-1.js'],
    css: ['assets/course-1.css'],
  },
};

const ROUTES = `
export const ROUTES = [
  { path: PATTERNS.home, title: '首页', view: () => import('./views/site/home/HomeView'), plain: true },
  { path: '/course/detail/:courseId', title: '课程详情', view: () => import('./views/catalog/course/CourseDetailView') },
];`;

describe('route preloads (what the server announces in index.html per route)', () => {
  it("lists each route's view, its static imports and their CSS, beyond what the entry loads", () => {
    const [home, detail] = routePreloads(manifest, ROUTES);
    expect(home).toEqual({ pattern: '/', js: ['assets/HomeView-1.js', 'assets/card-1.js'], css: ['assets/card-1.css'] });
    // A route that is not plain also waits for Fluent's provider: it is announced too.
    expect(detail!.pattern).toBe('/course/detail/:courseId');
    expect(detail!.js).toEqual(['assets/CourseDetailView-1.js', 'assets/card-1.js', 'assets/FluentScope-1.js', 'assets/fluent-1.js']);
    expect(detail!.css).toEqual(['assets/course-1.css', 'assets/card-1.css']);
    for (const route of [home!, detail!]) {
      expect(route.js).not.toContain('assets/index-1.js');
      expect(route.js).not.toContain('assets/react-1.js');
      expect(route.css).not.toContain('assets/index-1.css');
    }
  });
});
