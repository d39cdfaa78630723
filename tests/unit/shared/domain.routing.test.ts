import { describe, expect, it } from 'vitest';
import { API_CALLS } from '../../../src/domain/calls';
import { buildPath } from '../../../src/domain/shared/api';
import {
  appPagePath,
  guardRedirect,
  isMobileDevice,
  isSafeRedirect,
  loginUrl,
  matchPath,
  mobileUrl,
  redirectTarget,
  stripBase,
} from '../../../src/domain/shared/routing';
import { canonicalQuery } from '../../../src/domain/shared/signature';

describe('guards (§6)', () => {
  it('an auth route without login goes to /uc/login with the path and query', () => {
    expect(guardRedirect({ auth: true }, false, '/uc/my-order?page=2')).toBe('/uc/login?redirect=%2Fuc%2Fmy-order%3Fpage%3D2');
  });
  it('an auth route with login renders', () => {
    expect(guardRedirect({ auth: true }, true, '/uc/my-order')).toBeNull();
  });
  it('/uc/login while logged in goes to /uc/account-manage', () => {
    expect(guardRedirect({ auth: false, guestOnly: true }, true, '/uc/login')).toBe('/uc/account-manage');
    expect(guardRedirect({ auth: false, guestOnly: true }, false, '/uc/login')).toBeNull();
  });
  it('public routes render either way', () => {
    expect(guardRedirect({ auth: false }, false, '/about')).toBeNull();
  });
});

describe('redirect targets', () => {
  it('accepts only same-site paths', () => {
    expect(isSafeRedirect('/course/detail/3?x=1')).toBe(true);
    expect(isSafeRedirect('//evil.example')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    expect(isSafeRedirect('javascript:alert(1)')).toBe(false);
    expect(isSafeRedirect(null)).toBe(false);
  });
  it('after login goes to the redirect param or home', () => {
    expect(redirectTarget('?redirect=%2Fuc%2Fmy-order%3Fpage%3D2')).toBe('/uc/my-order?page=2');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2Fuc%2Flogin')).toBe('/');
    expect(redirectTarget('')).toBe('/');
  });
  it('the login url never redirects to login or home', () => {
    expect(loginUrl('/uc/login?redirect=x')).toBe('/uc/login');
    expect(loginUrl('/')).toBe('/uc/login');
    expect(loginUrl('/about')).toBe('/uc/login?redirect=%2Fabout');
  });
  it('strips the base', () => {
    expect(stripBase('/new/course/detail/1', '/new/')).toBe('/course/detail/1');
    expect(stripBase('/new', '/new/')).toBe('/');
    expect(stripBase('/new/', '/new')).toBe('/');
  });
});

describe('mobile mapping', () => {
  it('detects phones and iPads, including iPadOS as a Mac with touch', () => {
    expect(isMobileDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36')).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)')).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
    expect(isMobileDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(false);
    expect(isMobileDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0')).toBe(false);
  });
  it('keeps route params and the query string', () => {
    expect(mobileUrl('/pages/course/detail?courseId=:courseId', { courseId: '12' }, '?qd=baidu&x=1')).toBe('/pages/course/detail?courseId=12&qd=baidu&x=1');
    expect(mobileUrl('/pages/index/index', {}, '?qd=wx')).toBe('/pages/index/index?qd=wx');
    expect(mobileUrl('/pages/index/index', {}, '')).toBe('/pages/index/index');
  });
  it('matches route patterns with optional params', () => {
    expect(matchPath('/course/detail/:courseId', '/course/detail/9')).toEqual({ courseId: '9' });
    expect(matchPath('/question-bank/learn-center/:paperId/:recordId?', '/question-bank/learn-center/3')).toEqual({ paperId: '3', recordId: undefined });
    expect(matchPath('/about', '/teacher')).toBeNull();
  });
});

describe('api paths and signing', () => {
  it('there are 81 calls, each unique', () => {
    const defs = Object.values(API_CALLS);
    expect(defs).toHaveLength(81);
    expect(new Set(defs.map((d) => `${d.method} ${d.path}`)).size).toBe(81);
  });
  it('fills path params and rejects missing ones', () => {
    expect(buildPath(API_CALLS.courseDetails.path, { id: 5 })).toBe('/products/front/api/course/getDetails/5');
    expect(buildPath('/a/:x/:y?', { x: 'p q' })).toBe('/a/p%20q');
    expect(() => buildPath(API_CALLS.courseDetails.path, {})).toThrow('id');
  });
  it('canonical params are sorted, skip empties and the sign', () => {
    expect(canonicalQuery({ b: 2, a: 'x', sign: 'zz', c: '', d: undefined, e: null })).toBe('a=x&b=2');
  });
});

describe('links from the data (appPagePath)', () => {
  it('keeps a path of a page of the app, with its query, also written with the /new base', () => {
    expect(appPagePath('/course/detail/5')).toBe('/course/detail/5');
    expect(appPagePath('/new/course/detail/5?from=banner')).toBe('/course/detail/5?from=banner');
    expect(appPagePath('/question-bank/home')).toBe('/question-bank/home');
    expect(appPagePath('/new/')).toBe('/');
    expect(appPagePath('/hc')).toBe('/hc');
  });
  it('drops what leads to no page: another site, an unknown path, the 404 page, nothing', () => {
    for (const link of [
      'https://www.example.com/x',
      '//evil.example/course/detail/5',
      '/no/such/page',
      '/course/detail',
      '/404',
      '/newcourse',
      '',
      null,
      undefined,
    ]) {
      expect(appPagePath(link), String(link)).toBeNull();
    }
  });
});
