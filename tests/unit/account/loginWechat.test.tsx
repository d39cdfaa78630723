/**
 * WeChat QR login: the framed QR-connect page, its state kept in sessionStorage, the 5-minute
 * expiry, and WeChat's return to /uc/login?code&state (logged in, or on to bind phone).
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WxBindRequired, WxConfig } from '../../../src/domain/account/contract';
import { WX_QR_TTL_MS } from '../../../src/domain/account/limits';
import { wxQrConnectUrl } from '../../../src/domain/account/login';
import { ACCOUNT_TEXTS } from '../../../src/domain/account/texts';
import { API_CALLS } from '../../../src/domain/calls';
import { readWxLoginState, saveWxLoginState } from '../../../src/services/account/wxLoginState';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import { advance, click, eventually, landingHandlers, loginResult, renderApp } from '../../support/loginKit';
import { answer, fail, ok } from '../../support/msw';

vi.setConfig({ testTimeout: 20_000 });

let configs = 0;
const exchanges: Array<{ code: string | null; state: string | null }> = [];
/** The n-th answer of wxConfig: a new state each time. */
function wxConfig(n: number): WxConfig {
  return {
    appId: 'wx-sandbox',
    redirectUrl: 'http://localhost:8080/new/uc/login',
    scope: 'snsapi_login',
    style: 'black',
    state: `st-${n}`,
    qrconnectUrl: 'http://localhost:8080/dev/wechat/qrconnect',
  };
}

const server = setupServer(
  ...landingHandlers,
  answer(API_CALLS.wxConfig, ({ request }) => {
    expect(new URL(request.url).searchParams.get('purpose')).toBe('login');
    configs += 1;
    return ok(wxConfig(configs));
  }),
  answer(API_CALLS.loginByWx, ({ request }) => {
    const q = new URL(request.url).searchParams;
    exchanges.push({ code: q.get('code'), state: q.get('state') });
    return ok(loginResult());
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  configs = 0;
  exchanges.length = 0;
});
afterEach(() => {
  server.resetHandlers();
  dismissAllToasts();
  vi.useRealTimers();
});
afterAll(() => server.close());

const frame = () => screen.getByTestId('wechat-qr') as HTMLIFrameElement;

describe('WeChat QR', () => {
  it('frames the QR-connect page of wxConfig and stores its state with the redirect target', async () => {
    renderApp('/uc/login?redirect=%2Fuc%2Fmy-order');
    await click(await screen.findByTestId('tab-wechat'));
    await waitFor(() => expect(frame()).toBeTruthy());
    const expected = wxQrConnectUrl(wxConfig(1));
    expect(frame().getAttribute('src')).toBe(expected);
    expect(expected).toContain('redirect_uri=http%3A%2F%2Flocalhost%3A8080%2Fnew%2Fuc%2Flogin');
    expect(readWxLoginState()).toEqual({ state: 'st-1', redirect: '/uc/my-order' });

    await click(screen.getByTestId('qr-refresh'));
    await waitFor(() => expect(readWxLoginState()?.state).toBe('st-2'));
    await click(screen.getByTestId('back-to-account'));
    expect(screen.getByTestId('tab-sms').getAttribute('aria-selected')).toBe('true');
  });

  it('expires after 5 minutes: 二维码已过期，点击刷新 loads a new one', async () => {
    renderApp('/uc/login');
    await screen.findByTestId('tab-wechat');
    cleanup();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    renderApp('/uc/login');
    await click(screen.getByTestId('tab-wechat'));
    await eventually(() => expect(frame()).toBeTruthy());
    await advance(WX_QR_TTL_MS - 1);
    expect(frame()).toBeTruthy();
    await advance(1);
    const expired = screen.getByTestId('qr-refresh');
    expect(expired.textContent).toBe('二维码已过期，点击刷新');
    expect(screen.queryByTestId('wechat-qr')).toBeNull();
    await click(expired);
    await eventually(() => expect(frame().getAttribute('src')).toContain('state=st-2'));
  });

  it('back from WeChat with a matching state: logs in and goes to the stored redirect target', async () => {
    saveWxLoginState({ state: 'st-ok', redirect: '/uc/my-order' });
    const { current, session } = renderApp('/uc/login?code=wx-code-1&state=st-ok');
    await waitFor(() => expect(current()).toBe('/uc/my-order'));
    expect(exchanges).toEqual([{ code: 'wx-code-1', state: 'st-ok' }]);
    expect(session.getSnapshot().matches('loggedIn')).toBe(true);
    expect(readWxLoginState()).toBeNull();
  });

  it('back from WeChat for an account without a mobile: goes to bind phone with code, state and sessionKey', async () => {
    const bindRequired: WxBindRequired = { bindMobile: false, sessionKey: 'sk-9', wechatNickname: '微信用户', wechatAvatar: '' };
    server.use(answer(API_CALLS.loginByWx, bindRequired));
    saveWxLoginState({ state: 'st-b', redirect: '/uc/my-order' });
    const { current, session } = renderApp('/uc/login?code=wx-code-2&state=st-b');
    await waitFor(() => expect(current()).toBe('/uc/bindphone?code=wx-code-2&state=st-b&sessionKey=sk-9&redirect=%2Fuc%2Fmy-order'));
    expect(await screen.findByRole('heading', { name: '绑定手机号' })).toBeTruthy();
    expect(session.getSnapshot().matches('loggedOut')).toBe(true);
    // The redirect target stays stored for after the binding.
    expect(readWxLoginState()).toEqual({ state: 'st-b', redirect: '/uc/my-order' });
  });

  it('a state that is not the stored one: 登录状态已失效，请重新扫码 and a fresh QR, no exchange', async () => {
    saveWxLoginState({ state: 'st-mine', redirect: '/' });
    renderApp('/uc/login?code=wx-code-3&state=st-forged');
    expect(await screen.findByText('登录状态已失效，请重新扫码')).toBeTruthy();
    await waitFor(() => expect(frame()).toBeTruthy());
    expect(exchanges).toEqual([]);
    expect(readWxLoginState()?.state).toBe('st-1');
  });

  it('a code the server refuses: its text is toasted and a fresh QR shows', async () => {
    server.use(answer(API_CALLS.loginByWx, () => fail(ACCOUNT_TEXTS.wechatSessionExpired)));
    saveWxLoginState({ state: 'st-x', redirect: '/' });
    const { current } = renderApp('/uc/login?code=wx-code-4&state=st-x');
    expect(await screen.findByText(ACCOUNT_TEXTS.wechatSessionExpired)).toBeTruthy();
    await waitFor(() => expect(frame()).toBeTruthy());
    expect(current()).toBe('/uc/login?code=wx-code-4&state=st-x');
  });
});
