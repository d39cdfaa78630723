/** The route table and the router: every §2 route, guards (§6), redirects, 404, module-not-found. */
import { act, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { API_CALLS, EXTRA_CALLS } from '../../../src/domain/calls';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import { SITE_CALLS } from '../../../src/domain/site/calls';
import { REDIRECTS, ROUTES } from '../../../src/routes';
import type { RouteDef } from '../../../src/routeTypes';
import { createAuthSession } from '../../../src/app/authSession';
import { applySiteVersion } from '../../../src/services/shared/siteVersion';
import { App } from '../../../src/app/App';
import { ModuleLoadError, lazyView, ViewErrorBoundary } from '../../../src/views/app/lazyView';
import { answer } from '../../support/msw';

/** Every route of product-spec §2 with its access (relative to /new). */
const SPEC_ROUTES: [string, 'public' | 'auth'][] = [
  ['/', 'public'],
  ['/about', 'public'],
  ['/download-app', 'public'],
  ['/other-pages/app-download', 'public'],
  ['/404', 'public'],
  ['/teacher', 'public'],
  ['/transfer', 'public'],
  ['/coupon-active', 'public'],
  ['/coupon-acquire', 'public'],
  ['/course-exchange', 'public'],
  ['/demo-components/home', 'public'],
  ['/demo-components/play-video', 'public'],
  ['/demo-components/course-type', 'public'],
  ['/demo-components/breadcrumb', 'public'],
  ['/demo-components/upload', 'public'],
  ['/demo-components/calculator', 'public'],
  ['/hc/pay-type', 'public'],
  ['/hc/site-stated', 'public'],
  ['/hc/user-agreement', 'public'],
  ['/hc/privacy-policy', 'public'],
  ['/uc/login', 'public'],
  ['/uc/bindphone', 'public'],
  ['/uc/forgot-password', 'public'],
  ['/course/free-course', 'public'],
  ['/course/pro-course', 'public'],
  ['/course/resource', 'public'],
  ['/course/detail/:courseId', 'public'],
  ['/course/preview/:courseId', 'public'],
  ['/course-player/:id', 'public'],
  ['/submit-order/:productId', 'auth'],
  ['/order-pay/:orderId', 'auth'],
  ['/uc/account-manage/personal', 'auth'],
  ['/uc/account-manage/security', 'auth'],
  ['/uc/my-course/sys', 'auth'],
  ['/uc/my-course/free', 'auth'],
  ['/uc/my-course/add', 'auth'],
  ['/uc/my-course/:courseType/detail/:courseId', 'auth'],
  ['/uc/my-order', 'auth'],
  ['/uc/my-order/:orderId', 'auth'],
  ['/uc/my-coupon', 'auth'],
  ['/uc/feedback', 'auth'],
  ['/question-bank/home', 'public'],
  ['/question-bank/record', 'auth'],
  ['/question-bank/report', 'auth'],
  // 'as listed for this group' (§2): public, so a visitor reads the introduction; its start buttons ask to log in.
  ['/question-bank/learn-center-paper/:id', 'public'],
  ['/question-bank/transcript/:recordId/:paperId', 'auth'],
  ['/question-bank/learn-center/:paperId/:recordId?', 'auth'],
  ['/question-bank/learn-center-record/:questionType', 'auth'],
  ['/question-bank/learn-center-mark/:recordId', 'auth'],
  ['/question-bank/learn-center-analyze/:paperId/:recordId', 'auth'],
  ['/question-bank/learn-center-analyze-record/:questionType/:recordId?', 'auth'],
];

describe('route table', () => {
  it('has exactly the routes of §2 with their access', () => {
    expect(ROUTES.map((r) => [r.path, r.auth ? 'auth' : 'public']).sort()).toEqual([...SPEC_ROUTES].sort());
  });
  it('every route has a title, a mobile path and a view that loads', async () => {
    for (const route of ROUTES) {
      expect(route.title, route.path).not.toBe('');
      expect(route.mobile, route.path).toMatch(/^\/pages\//);
      // Every :param of the mobile path exists on the route.
      for (const [, name] of route.mobile.matchAll(/:(\w+)/g)) expect(route.path, route.path).toContain(`:${name}`);
      const mod = await route.view();
      expect(typeof mod.default, route.path).toBe('function');
    }
  });
  it('default children redirect as §2 says', () => {
    expect(Object.fromEntries(REDIRECTS.map((r) => [r.path, r.redirect]))).toMatchObject({
      '/hc': '/hc/site-stated',
      '/uc': '/uc/account-manage/personal',
      '/uc/my-course': '/uc/my-course/sys',
    });
  });
});

const server = setupServer(
  answer(API_CALLS.checkStatus, true),
  answer(API_CALLS.getUserInfo, {
    id: 1,
    nickname: '学途同学',
    gender: 'MALE',
    avatar: '',
    headImg: '',
    account: '138****8000',
    mobile: '13800138000',
    bindMobile: true,
    projectId: null,
    projectName: null,
  }),
  answer(SITE_CALLS.adItemsByCode, []),
  answer(API_CALLS.classTreeList, []),
  answer(API_CALLS.coursePageList, { records: [], total: 0, current: 1, size: 8 }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderAt(path: string, { loggedIn = false } = {}) {
  if (loggedIn) {
    document.cookie = `${STORAGE_KEYS.tokenCookie}=tok; path=/`;
    document.cookie = `${STORAGE_KEYS.userInfoRefreshCookie}=1; path=/`;
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 1, nickname: '学途同学', gender: 'MALE', avatar: '' }));
  }
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const session = createAuthSession();
  render(<App session={session} base="" hook={location.hook} searchHook={location.searchHook} />);
  return { location, session, current: () => location.history[location.history.length - 1] };
}

describe('router', () => {
  it('an auth route without login lands on /uc/login with the path and query as redirect', async () => {
    const { current } = renderAt('/uc/my-order?page=2');
    await waitFor(() => expect(current()).toBe('/uc/login?redirect=%2Fuc%2Fmy-order%3Fpage%3D2'));
    await waitFor(() => expect(document.title).toMatch(/^登录 - /));
  });

  it('an auth route with login renders its page', async () => {
    server.use(answer(EXTRA_CALLS.orderPageList, { records: [], total: 0, current: 1, size: 10 }));
    const { current } = renderAt('/uc/my-order', { loggedIn: true });
    expect(await screen.findByRole('heading', { name: '我的订单' })).toBeTruthy();
    // The page's own call answered: no error toast is left for the next test.
    expect(await screen.findByText('暂无订单')).toBeTruthy();
    expect(current()).toBe('/uc/my-order');
  });

  it('/uc/login while logged in goes to /uc/account-manage and on to personal', async () => {
    const { current } = renderAt('/uc/login', { loggedIn: true });
    await waitFor(() => expect(current()).toBe('/uc/account-manage/personal'));
  });

  it('/hc redirects to its default child, site-stated', async () => {
    const hc = renderAt('/hc');
    await waitFor(() => expect(hc.current()).toBe('/hc/site-stated'));
  });

  it('unknown paths land on /404', async () => {
    const { current } = renderAt('/no/such/page');
    await waitFor(() => expect(current()).toBe('/404'));
    expect(await screen.findByText('页面不存在或已被删除')).toBeTruthy();
  });

  it('keeps the qd source of any page for the Source-Type header', async () => {
    renderAt('/about?qd=wechat_ad');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.source)).toBe('wechat_ad'));
  });

  it('the home page shows its empty state when the server has no content', async () => {
    renderAt('/');
    expect(await screen.findByText('课程正在筹备中，敬请期待')).toBeTruthy();
  });
});

describe('module not found', () => {
  it('a view that fails to load shows the module-not-found screen with its code, not a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const route: RouteDef = {
      path: '/broken',
      title: '坏页面',
      auth: false,
      layout: 'main',
      mobile: '/pages/x',
      view: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    };
    const View = lazyView(route);
    const { Suspense } = await import('react');
    render(
      <ViewErrorBoundary path={route.path}>
        <Suspense fallback={null}>
          <View params={{}} route={route} />
        </Suspense>
      </ViewErrorBoundary>,
    );
    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    expect(screen.getByTestId('module-error-code').textContent).toContain('MODULE_NOT_FOUND');
    expect(screen.getByTestId('module-error-code').textContent).toContain('/broken');
    expect(new ModuleLoadError('/x', null).name).toBe('ModuleLoadError');
  });
});

describe('site version', () => {
  it('a new version clears the stored UI keys and reloads; the session survives', () => {
    localStorage.setItem(STORAGE_KEYS.siteVersion, '2.4.0');
    localStorage.setItem('xt_ui_course_filters', '{"projectId":3}');
    localStorage.setItem(STORAGE_KEYS.user, '{"id":1}');
    const reload = vi.fn();
    expect(applySiteVersion(reload)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(localStorage.getItem('xt_ui_course_filters')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBe('{"id":1}');
    expect(localStorage.getItem(STORAGE_KEYS.siteVersion)).toBe('2.5.0');
  });
  it('the same version, or a first visit, does not reload', () => {
    const reload = vi.fn();
    expect(applySiteVersion(reload)).toBe(false);
    localStorage.setItem('xt_ui_course_filters', 'x');
    expect(applySiteVersion(reload)).toBe(false);
    expect(localStorage.getItem('xt_ui_course_filters')).toBe('x');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('silent clear', () => {
  it('the app clearing the login keeps the visitor on a public page, without a message', async () => {
    const { session, current } = renderAt('/about', { loggedIn: true });
    await waitFor(() => expect(screen.getByTestId('header-user')).toBeTruthy());
    act(() => session.send({ type: 'session.cleared' }));
    await waitFor(() => expect(screen.getByTestId('header-login')).toBeTruthy());
    expect(current()).toBe('/about');
    expect(document.cookie).not.toContain(`${STORAGE_KEYS.tokenCookie}=`);
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });
});

describe('login check', () => {
  it('falsy data from the login check clears the user silently', async () => {
    server.use(answer(API_CALLS.checkStatus, false));
    const { session } = renderAt('/about', { loggedIn: true });
    await waitFor(() => expect(session.getSnapshot().matches('loggedOut')).toBe(true));
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(document.querySelector('[role="alert"]')).toBeNull();
    await act(async () => {});
  });
});
