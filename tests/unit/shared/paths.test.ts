import { describe, expect, it } from 'vitest';
import { matchPath } from '../../../src/domain/shared/routing';
import { DEFAULT_CHILDREN, defaultChildOf, paths, PATTERNS } from '../../../src/paths';
import { REDIRECTS, ROUTES } from '../../../src/routes';

describe('paths: every page path written once', () => {
  it('the route table and the redirects use exactly the patterns of src/paths.ts', () => {
    const patterns = new Set<string>(Object.values(PATTERNS));
    const tablePaths = [...ROUTES.map((r) => r.path), ...REDIRECTS.map((r) => r.path)];
    expect(tablePaths.filter((p) => !patterns.has(p))).toEqual([]);
    expect([...patterns].filter((p) => !tablePaths.includes(p))).toEqual([]);
    expect(REDIRECTS).toEqual(DEFAULT_CHILDREN.map(([path, redirect]) => ({ path, redirect })));
  });

  it('every builder leads to a page (or a section redirect) of the route table', () => {
    const built = [
      ...Object.entries(paths)
        .filter(([, build]) => build.length === 0)
        .map(([name, build]) => [name, (build as () => string)()] as const),
      ['courseDetail', paths.courseDetail(12)],
      ['coursePreview', paths.coursePreview(12)],
      ['coursePlayer', paths.coursePlayer(12)],
      ['submitOrder', paths.submitOrder(12, { skuId: 3 })],
      ['proCourses', paths.proCourses({ projectId: 3 })],
      ['login', paths.login('/uc/my-order?x=1')],
      ['bindPhone', paths.bindPhone({ sessionKey: 'k', code: 'c', state: 's', redirect: '/about' })],
    ] as const;
    for (const [name, path] of built) {
      const pathname = path.split('?')[0]!;
      const page = ROUTES.find((r) => matchPath(r.path, pathname)) ?? REDIRECTS.find((r) => r.path === pathname);
      expect(page, `${name} → ${path}`).toBeDefined();
    }
  });

  it('builds parameters and queries encoded as the pages read them', () => {
    expect(paths.courseDetail(12)).toBe('/course/detail/12');
    expect(paths.courseDetail('a/b')).toBe('/course/detail/a%2Fb');
    expect(paths.coursePreview(12)).toBe('/course/preview/12');
    expect(paths.coursePlayer(12)).toBe('/course-player/12');
    expect(paths.submitOrder(12)).toBe('/submit-order/12');
    expect(paths.submitOrder(12, { skuId: 31 })).toBe('/submit-order/12?skuId=31');
    expect(paths.proCourses()).toBe('/course/pro-course');
    expect(paths.proCourses({ projectId: 7 })).toBe('/course/pro-course?projectId=7');
    expect(paths.login()).toBe('/uc/login');
    expect(paths.login('/uc/my-order?page=2')).toBe('/uc/login?redirect=%2Fuc%2Fmy-order%3Fpage%3D2');
    expect(paths.bindPhone({ sessionKey: 'k1' })).toBe('/uc/bindphone?sessionKey=k1');
    expect(paths.bindPhone({ sessionKey: 'k1', code: 'c', state: 's', redirect: '/about' })).toBe(
      '/uc/bindphone?code=c&state=s&sessionKey=k1&redirect=%2Fabout',
    );
    expect(defaultChildOf('/hc')).toBe('/hc/site-stated');
    expect(defaultChildOf('/hc/pay-type')).toBeUndefined();
  });
});
