/** The app bridge (§1) with a fake WebViewJavascriptBridge: detection, 'userLogin' login and clear. */
import { waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseUserLoginData } from '../../../src/domain/account/appBridge';
import { isAppWebView } from '../../../src/domain/account/appWebView';
import type { LoginResult } from '../../../src/domain/account/contract';
import { ACCOUNT_TEXTS } from '../../../src/domain/account/texts';
import { API_CALLS } from '../../../src/domain/calls';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import { connectBridge, installAppBridge, type BridgeSession, type BridgeWindow, type JsBridge } from '../../../src/services/account/jsBridge';
import { createAuthSession } from '../../../src/app/authSession';
import { dismissAllToasts, getToasts } from '../../../src/services/shared/toast';
import { answer, fail, ok } from '../../support/msw';

const RESULT: LoginResult = {
  token: 'tok-app',
  expirationTimestamp: Date.now() + 7 * 86_400_000,
  userinfo: {
    id: 9,
    account: '139****0000',
    nickname: 'App用户',
    avatar: '',
    headImg: '',
    gender: 'FEMALE',
    mobile: '13900000000',
    bindMobile: true,
    projectId: null,
    projectName: null,
  },
};

const codes: string[] = [];
const msw = setupServer(
  answer(API_CALLS.loginByTempCode, ({ params }) => {
    codes.push(String(params.code));
    return params.code === 'good-code' ? ok(RESULT) : fail(ACCOUNT_TEXTS.tempCodeInvalid);
  }),
  answer(API_CALLS.logout, null),
);
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  msw.resetHandlers();
  codes.length = 0;
  dismissAllToasts();
  vi.useRealTimers();
});
afterAll(() => msw.close());

/** A bridge as the apps inject it: records handlers; the test plays the app calling them. */
function fakeBridge(withInit = false) {
  const handlers = new Map<string, (data: unknown, cb?: (r: unknown) => void) => void>();
  const bridge = {
    registerHandler: vi.fn<JsBridge['registerHandler']>((name, handler) => void handlers.set(name, handler)),
    ...(withInit ? { init: vi.fn<NonNullable<JsBridge['init']>>() } : {}),
  };
  /** The app calls a handler and waits for the page's answer. */
  const callFromApp = (name: string, data: unknown) =>
    new Promise<unknown>((resolve) => {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`no handler ${name}`);
      handler(data, resolve);
    });
  return { bridge, handlers, callFromApp };
}

/** A window whose user agent and bridge globals the test controls; the document is jsdom's. */
function fakeWindow(userAgent = 'Mozilla/5.0 (Linux; Android 14) XuetuApp/2.5.0'): Window & BridgeWindow {
  return { document, navigator: { userAgent } } as unknown as Window & BridgeWindow;
}

const spySession = () => ({ send: vi.fn() }) satisfies BridgeSession;

describe('detection', () => {
  it('runs in the app by its user agent mark or an injected bridge', () => {
    expect(isAppWebView('Mozilla/5.0 (iPhone) XuetuApp/2.5.0', {})).toBe(true);
    expect(isAppWebView('Mozilla/5.0 (iPhone) Safari', {})).toBe(false);
    expect(isAppWebView('Mozilla/5.0', { WebViewJavascriptBridge: {} })).toBe(true);
    expect(isAppWebView('Mozilla/5.0', { WVJBCallbacks: [] })).toBe(true);
  });

  it("reads 'userLogin' data: a code logs in; no code or logout:true clears", () => {
    expect(parseUserLoginData({ code: 'abc' })).toEqual({ kind: 'login', code: 'abc' });
    expect(parseUserLoginData('{"code":"abc"}')).toEqual({ kind: 'login', code: 'abc' });
    expect(parseUserLoginData('abc')).toEqual({ kind: 'login', code: 'abc' });
    expect(parseUserLoginData({ code: '' })).toEqual({ kind: 'logout' });
    expect(parseUserLoginData({ logout: true, code: 'abc' })).toEqual({ kind: 'logout' });
    expect(parseUserLoginData({})).toEqual({ kind: 'logout' });
    expect(parseUserLoginData(null)).toEqual({ kind: 'logout' });
    expect(parseUserLoginData('')).toEqual({ kind: 'logout' });
  });
});

describe('connecting', () => {
  it('uses a bridge that is already there', () => {
    const win = fakeWindow();
    const { bridge } = fakeBridge();
    win.WebViewJavascriptBridge = bridge;
    const ready = vi.fn();
    connectBridge(ready, win);
    expect(ready).toHaveBeenCalledWith(bridge);
  });

  it("Android: waits for 'WebViewJavascriptBridgeReady' and calls init once so the app's messages flow", () => {
    const win = fakeWindow();
    const session = spySession();
    installAppBridge(session, win);
    expect(document.querySelector('iframe')).toBeNull();
    const { bridge } = fakeBridge(true);
    win.WebViewJavascriptBridge = bridge;
    document.dispatchEvent(new Event('WebViewJavascriptBridgeReady'));
    document.dispatchEvent(new Event('WebViewJavascriptBridgeReady'));
    expect(bridge.init).toHaveBeenCalledOnce();
    expect(bridge.registerHandler).toHaveBeenCalledOnce();
    expect(bridge.registerHandler).toHaveBeenCalledWith('userLogin', expect.any(Function));
  });

  it('iOS: queues on WVJBCallbacks and loads the bridge marker URL in a hidden frame', () => {
    vi.useFakeTimers();
    const win = fakeWindow('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) XuetuApp/2.5.0');
    const session = spySession();
    installAppBridge(session, win);
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://__bridge_loaded__');
    expect(frame?.style.display).toBe('none');
    vi.runAllTimers();
    expect(document.querySelector('iframe')).toBeNull();
    // The app injected its bridge and runs the queued callbacks.
    const { bridge } = fakeBridge();
    for (const cb of win.WVJBCallbacks!) cb(bridge);
    expect(bridge.registerHandler).toHaveBeenCalledWith('userLogin', expect.any(Function));
  });
});

describe("'userLogin'", () => {
  function installed(session: BridgeSession) {
    const win = fakeWindow();
    const fake = fakeBridge();
    win.WebViewJavascriptBridge = fake.bridge;
    installAppBridge(session, win);
    return fake;
  }

  it('{code} → loginByTempCode → LOGGED_IN with the result → callback success', async () => {
    const session = spySession();
    const { callFromApp } = installed(session);
    expect(await callFromApp('userLogin', { code: 'good-code' })).toEqual({ success: true });
    expect(codes).toEqual(['good-code']);
    expect(session.send).toHaveBeenCalledWith({ type: 'session.loggedIn', result: RESULT });
  });

  it('logs the real session in: token cookie and stored user', async () => {
    const session = createAuthSession({
      navigate: vi.fn(),
      currentPath: () => '/',
      checkStatus: async () => true,
      fetchUserInfo: async () => RESULT.userinfo,
      logout: async () => {},
    });
    const { callFromApp } = installed(session);
    expect(await callFromApp('userLogin', '{"code":"good-code"}')).toEqual({ success: true });
    expect(session.getSnapshot().matches('loggedIn')).toBe(true);
    expect(session.getSnapshot().context.user?.nickname).toBe('App用户');
    expect(document.cookie).toContain(`${STORAGE_KEYS.tokenCookie}=tok-app`);
    session.stop();
  });

  it('an invalid code answers success:false with the server text and leaves the session alone', async () => {
    const session = spySession();
    const { callFromApp } = installed(session);
    expect(await callFromApp('userLogin', { code: 'stale' })).toEqual({ success: false, message: ACCOUNT_TEXTS.tempCodeInvalid });
    expect(session.send).not.toHaveBeenCalled();
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain(ACCOUNT_TEXTS.tempCodeInvalid));
  });

  it('no code, or {logout:true}, clears the login quietly (no redirect) and answers success', async () => {
    const session = spySession();
    const { callFromApp } = installed(session);
    expect(await callFromApp('userLogin', {})).toEqual({ success: true });
    expect(await callFromApp('userLogin', { logout: true })).toEqual({ success: true });
    expect(session.send.mock.calls).toEqual([[{ type: 'session.cleared' }], [{ type: 'session.cleared' }]]);
    expect(codes).toEqual([]);
  });
});
