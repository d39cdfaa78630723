/**
 * WeChat QR login, model-based: paths from the real wechatQrLogin machine drive the real App on
 * /uc/login. On a plain visit 微信扫码登录 shows the QR (wxConfig waits on an msw gate a path step
 * answers), which goes stale after WX_QR_TTL_MS (a fake-timer step) or fails to load, and 刷新 asks
 * again. Back from WeChat (?code&state) the code is exchanged: with the state this tab stored the
 * loginByWx gate answers a login (home), a WeChat account without a mobile (bind phone) or a refusal
 * (a fresh QR); with a state this tab did not store no call is made and a fresh QR says why.
 */
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { WxBindRequired, WxConfig } from '../../src/domain/account/contract';
import { WX_QR_TTL_MS } from '../../src/domain/account/limits';
import { wxQrConnectUrl } from '../../src/domain/account/login';
import { ACCOUNT_TEXTS, LOGIN_TEXTS } from '../../src/domain/account/texts';
import { API_CALLS } from '../../src/domain/calls';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { wechatQrLoginMachine, type WechatQrLoginInput } from '../../src/machines/account/wechatQrLogin.machine';
import type { WxExchangeOutcome } from '../../src/services/account/login.api';
import { heldApp } from '../support/accountModelKit';
import { advance, click, eventually, landingHandlers, loginResult } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel, type ModelSuite } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const STATE = 'st-model';
const WX_STATE_KEY = 'xt_wx_login_state';
const CONFIG: WxConfig = {
  appId: 'wx-app',
  redirectUrl: 'http://localhost/new/uc/login',
  scope: 'snsapi_login',
  style: 'black',
  state: STATE,
  qrconnectUrl: '/dev/wechat/qrconnect',
};
const RESULT = loginResult();
const SESSION_KEY = 'sk-wx';
const BIND_REQUIRED: WxBindRequired = { bindMobile: false, sessionKey: SESSION_KEY, wechatNickname: '微信昵称', wechatAvatar: '' };
const STORED = { state: STATE, redirect: '/' };
const CODE_REFUSED = '微信授权码无效';

type Call = 'config' | 'exchange';
const store = (state: string) => () => sessionStorage.setItem(WX_STATE_KEY, JSON.stringify({ ...STORED, state }));
// Each path brings its own one-time code (the service shares one exchange per code).
let codes = 0;
const returnPath = () => `/uc/login?code=wx-code-${++codes}&state=${STATE}`;
const plain = heldApp<Call>({ path: '/uc/login', fakeTimers: true, ready: () => expect(screen.getByTestId('tab-wechat')).toBeTruthy() });
const returned = heldApp<Call>({
  path: returnPath,
  before: store(STATE),
  fakeTimers: true,
  ready: () => expect(screen.getByTestId('wechat-panel')).toBeTruthy(),
});
const forged = heldApp<Call>({
  path: returnPath,
  before: store('st-other'),
  fakeTimers: true,
  ready: () => expect(screen.getByTestId('wechat-panel')).toBeTruthy(),
});
// The suite running now: its page holds the calls.
let page = plain;
const server = setupServer(
  ...landingHandlers,
  answer(API_CALLS.wxConfig, () => page.held('config')()),
  answer(API_CALLS.loginByWx, () => page.held('exchange')()),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Snap = ReturnType<typeof wechatQrLoginMachine.getInitialSnapshot>;
const refresh = () => screen.getByTestId('qr-refresh');
const notice = () => screen.getByTestId('wechat-panel').querySelector('[role="alert"]')?.textContent ?? null;
const spinner = () => screen.getByTestId('wechat-panel').querySelector('[role="status"]')?.textContent ?? null;

const states: ModelSuite<typeof wechatQrLoginMachine>['states'] = {
  exchanging: async () => {
    await eventually(() => expect(page.pending('exchange')).toBeDefined());
    expect(spinner()).toBe(LOGIN_TEXTS.wxExchanging);
    expect(screen.queryByTestId('qr-refresh')).toBeNull();
  },
  loadingQr: async (s: Snap) => {
    await eventually(() => expect(page.pending('config')).toBeDefined());
    expect(spinner()).toBe('二维码加载中…');
    expect(notice()).toBe(s.context.notice);
    expect(screen.queryByTestId('wechat-qr')).toBeNull();
  },
  showing: async (s: Snap) => {
    await eventually(() => expect(screen.getByTestId('wechat-qr').getAttribute('src')).toBe(wxQrConnectUrl(CONFIG)));
    expect(refresh().textContent).toBe('刷新二维码');
    expect(notice()).toBe(s.context.notice);
    // The state and the target wait in this tab for WeChat's redirect.
    expect(JSON.parse(sessionStorage.getItem(WX_STATE_KEY)!)).toEqual(STORED);
  },
  expired: async () => {
    await eventually(() => expect(refresh().textContent).toBe(LOGIN_TEXTS.wxQrExpired));
    expect(screen.queryByTestId('wechat-qr')).toBeNull();
  },
  failed: async () => {
    await eventually(() => expect(refresh().textContent).toBe(LOGIN_TEXTS.wxQrFailed));
    expect(screen.queryByTestId('wechat-qr')).toBeNull();
  },
  loggedIn: async () => {
    await eventually(() => expect(page.current()).toBe('/'));
    expect(document.cookie).toContain(`${STORAGE_KEYS.tokenCookie}=${RESULT.token}`);
    expect(screen.getByText(ACCOUNT_TEXTS.loginSuccess)).toBeTruthy();
    expect(sessionStorage.getItem(WX_STATE_KEY)).toBeNull();
  },
  bindRequired: async () => {
    await eventually(() => expect(screen.getByRole('heading', { level: 1, name: '绑定手机号' })).toBeTruthy());
    const query = new URLSearchParams(page.current().split('?')[1]);
    expect(page.current().startsWith('/uc/bindphone?')).toBe(true);
    expect(query.get('sessionKey')).toBe(SESSION_KEY);
    expect(query.get('state')).toBe(STATE);
    expect(document.cookie).not.toContain(STORAGE_KEYS.tokenCookie);
  },
};

const exec = {
  REFRESH: async () => click(refresh()),
  'xstate.done.actor.wxConfig': async () => page.answer('config', () => ok(CONFIG)),
  'xstate.error.actor.wxConfig': async () => page.answer('config', () => fail('服务器错误(500)', 500)),
  'xstate.after.QR_TTL.wechatQrLogin.showing': async () => advance(WX_QR_TTL_MS),
  'xstate.done.actor.exchange': async (e: { output: WxExchangeOutcome }) => {
    // A state this tab did not store is refused before any call.
    if (e.output.kind === 'stateMismatch') return eventually(() => expect(notice()).toBe(LOGIN_TEXTS.wxStateMismatch));
    await page.answer('exchange', () => ok(e.output.kind === 'loggedIn' ? RESULT : BIND_REQUIRED));
  },
  'xstate.error.actor.exchange': async () => {
    await page.answer('exchange', () => fail(CODE_REFUSED));
    await eventually(() => expect(screen.getByText(CODE_REFUSED)).toBeTruthy());
  },
};

const serializeState = (s: Snap) => JSON.stringify([s.value, s.context.notice]);
const INPUT_RETURNED: WechatQrLoginInput = { code: 'wx-code', state: STATE, redirect: '/' };
const CONFIG_EVENTS = [
  { type: 'xstate.done.actor.wxConfig', output: CONFIG },
  { type: 'xstate.error.actor.wxConfig', error: Object.assign(new Error('服务器错误(500)'), { status: 500 }) },
];

describeModel('wechatQrLogin on /uc/login (微信扫码登录)', {
  machine: wechatQrLoginMachine,
  input: { redirect: '/' } satisfies WechatQrLoginInput,
  start: '以游客身份打开 /uc/login，点击“微信扫码登录”',
  events: [...CONFIG_EVENTS, { type: 'xstate.after.QR_TTL.wechatQrLogin.showing' }, { type: 'REFRESH' }] as never[],
  serializeState,
  states,
  exec: exec as never,
  setup: async () => {
    page = plain;
    const teardown = await plain.setup();
    await click(screen.getByTestId('tab-wechat'));
    return teardown;
  },
  coverage: 'transitions',
});

describeModel('wechatQrLogin back from WeChat with the state this tab stored', {
  machine: wechatQrLoginMachine,
  input: INPUT_RETURNED,
  start: '以游客身份在本标签页微信扫码，授权后返回 /uc/login，state 与本标签页保存的一致',
  events: [
    { type: 'xstate.done.actor.exchange', output: { kind: 'loggedIn', result: RESULT, stored: STORED } },
    { type: 'xstate.done.actor.exchange', output: { kind: 'bindRequired', sessionKey: SESSION_KEY, stored: STORED } },
    { type: 'xstate.error.actor.exchange', error: Object.assign(new Error(CODE_REFUSED), { status: 400 }) },
    CONFIG_EVENTS[0],
  ] as never[],
  serializeState,
  states,
  exec: exec as never,
  setup: async () => {
    page = returned;
    return returned.setup();
  },
  coverage: 'transitions',
});

describeModel('wechatQrLogin back from WeChat with a state this tab did not store', {
  machine: wechatQrLoginMachine,
  input: INPUT_RETURNED,
  start: '以游客身份微信扫码，授权后返回 /uc/login，state 与本标签页保存的不一致',
  events: [{ type: 'xstate.done.actor.exchange', output: { kind: 'stateMismatch' } }, CONFIG_EVENTS[0]] as never[],
  serializeState,
  states: {
    ...states,
    // No call is made: the refusal may already show, with the fresh QR loading.
    exchanging: async () => {
      await eventually(() => expect([LOGIN_TEXTS.wxExchanging, '二维码加载中…']).toContain(spinner()));
      expect(page.pending('exchange')).toBeUndefined();
    },
  },
  exec: exec as never,
  setup: async () => {
    page = forged;
    return forged.setup();
  },
  coverage: 'transitions',
});
