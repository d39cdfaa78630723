/**
 * Bind phone, model-based: paths from the real bindPhone machine drive the real App on
 * /uc/bindphone, where a WeChat scan without a bound mobile lands with its sessionKey. The bind waits
 * on an msw gate that a path step answers: logged in and sent home, 短信验证码错误 (the input stays)
 * or 微信授权已过期 (nothing left to bind). Without a sessionKey the page says so at once.
 */
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { smsFormErrors } from '../../src/domain/account/forms';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { API_CALLS } from '../../src/domain/calls';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { bindPhoneMachine, type BindPhoneData } from '../../src/machines/account/bindPhone.machine';
import { heldApp } from '../support/accountModelKit';
import { click, eventually, landingHandlers, loginResult, MOBILE, setInput, SMS_CODE } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel, type ModelSuite } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const SESSION_KEY = 'sk-model';
const WITH_KEY = `/uc/bindphone?code=wx-code&state=st-model&sessionKey=${SESSION_KEY}`;
const WITHOUT_KEY = '/uc/bindphone?code=wx-code&state=st-model';
const WX_STATE_KEY = 'xt_wx_login_state';

type Call = 'bind';
const page = heldApp<Call>({
  path: WITH_KEY,
  // What the QR login stored before WeChat's round trip: a successful bind forgets it.
  before: () => sessionStorage.setItem(WX_STATE_KEY, JSON.stringify({ state: 'st-model', redirect: '/' })),
  ready: () => expect(screen.getByTestId('mobile-input')).toBeTruthy(),
});
const expiredPage = heldApp<Call>({ path: WITHOUT_KEY, ready: () => expect(screen.getByTestId('bind-expired')).toBeTruthy() });
const server = setupServer(...landingHandlers, answer(API_CALLS.bindMobileByWxCode, page.held('bind')));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const errorOf = (testId: string) => document.getElementById(`${input(testId).id}-error`)!.textContent;
const submit = () => screen.getByTestId('bind-submit') as HTMLButtonElement;

type Snap = ReturnType<typeof bindPhoneMachine.getInitialSnapshot>;
const RESULT = loginResult();

const states: ModelSuite<typeof bindPhoneMachine>['states'] = {
  editing: async (s: Snap) => {
    await eventually(() => {
      expect(input('mobile-input').value).toBe(s.context.values.mobile);
      expect(input('code-input').value).toBe(s.context.values.code);
      expect(errorOf('mobile-input')).toBe(s.context.errors.mobile ?? '');
      expect(errorOf('code-input')).toBe(s.context.errors.code ?? '');
      expect(submit().textContent).toBe('绑定并登录');
      expect(submit().disabled).toBe(false);
    });
    expect(screen.queryByTestId('bind-expired')).toBeNull();
    expect(page.pending('bind')).toBeUndefined();
  },
  submitting: async (s: Snap) => {
    await eventually(() => expect(page.pending('bind')).toBeDefined());
    expect(submit().textContent).toBe('绑定中…');
    expect(submit().disabled).toBe(true);
    expect(input('mobile-input').disabled).toBe(true);
    expect(input('mobile-input').value).toBe(s.context.values.mobile);
  },
  done: async () => {
    await eventually(() => expect(page.current()).toBe('/'));
    expect(document.cookie).toContain(`${STORAGE_KEYS.tokenCookie}=${RESULT.token}`);
    expect(screen.getByText(ACCOUNT_TEXTS.loginSuccess)).toBeTruthy();
    // The WeChat round trip is over.
    expect(sessionStorage.getItem(WX_STATE_KEY)).toBeNull();
  },
  unavailable: async () => {
    await eventually(() => expect(screen.getByTestId('bind-expired').textContent).toContain(ACCOUNT_TEXTS.wechatSessionExpired));
    expect(screen.getByRole('link', { name: '返回登录' }).getAttribute('href')).toBe('/uc/login');
    expect(screen.queryByTestId('mobile-input')).toBeNull();
    expect(screen.queryByTestId('bind-submit')).toBeNull();
  },
};

const exec = {
  EDIT: async (e: { field: 'mobile' | 'code'; value: string }) => setInput(e.field === 'mobile' ? 'mobile-input' : 'code-input', e.value),
  SUBMIT: async () => click(submit()),
  'xstate.done.actor.bind': async () => page.answer('bind', () => ok(RESULT)),
  'xstate.error.actor.bind': async (e: { error: Error }) => {
    await page.answer('bind', () => fail(e.error.message));
    await eventually(() => expect(screen.getAllByText(e.error.message).length).toBeGreaterThan(0));
  },
};

/** An Error whose message shows in JSON too: the harness tells paths apart by their events' JSON. */
const refusal = (message: string) => Object.assign(new Error(message), { reason: message });

// Fields count by how many would be refused: a path replays its own values and the checks read them.
const serializeState = (s: Snap) => JSON.stringify([s.value, Object.keys(smsFormErrors(s.context.values)).length]);

describeModel('bindPhone on /uc/bindphone with a sessionKey', {
  machine: bindPhoneMachine,
  input: { target: '/', data: { sessionKey: SESSION_KEY } satisfies BindPhoneData },
  start: '以游客身份在本标签页微信扫码，该微信未绑定手机号，被带到 /uc/bindphone（链接带 sessionKey）',
  events: [
    { type: 'EDIT', field: 'mobile', value: MOBILE },
    { type: 'EDIT', field: 'mobile', value: '1380013' },
    { type: 'EDIT', field: 'code', value: SMS_CODE },
    { type: 'SUBMIT' },
    { type: 'xstate.done.actor.bind', output: RESULT },
    { type: 'xstate.error.actor.bind', error: refusal(ACCOUNT_TEXTS.smsCodeWrong) },
    { type: 'xstate.error.actor.bind', error: refusal(ACCOUNT_TEXTS.wechatSessionExpired) },
  ] as never[],
  serializeState,
  states,
  exec: exec as never,
  setup: page.setup,
  coverage: 'transitions',
});

describeModel('bindPhone on /uc/bindphone without a sessionKey', {
  machine: bindPhoneMachine,
  input: { target: '/', data: { sessionKey: null } satisfies BindPhoneData },
  start: '以游客身份打开 /uc/bindphone，链接带 code 和 state 但没有 sessionKey',
  events: [],
  serializeState,
  states,
  exec: exec as never,
  setup: expiredPage.setup,
  coverage: 'states',
});
