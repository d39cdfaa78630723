/**
 * The SMS login tab, model-based: paths generated from the real smsLogin and smsSender machines
 * drive the real App on /uc/login. msw is the server; its answers wait on gates that a path step
 * opens (`xstate.done/error.actor.*`), and fake timers stand in for `xstate.after.*`.
 */
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { CAPTCHA_FAILED_DATA, type CaptchaSolution } from '../../src/domain/account/captcha';
import { countdownMsLeft, countdownSecondsLeft } from '../../src/domain/account/smsCountdown';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { validatePhone } from '../../src/domain/account/validation';
import { API_CALLS, EXTRA_CALLS } from '../../src/domain/calls';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { AGREEMENT_SHAKE_MS } from '../../src/machines/account/form/formFlow';
import { smsLoginMachine } from '../../src/machines/account/smsLogin.machine';
import { smsSenderMachine, type SmsSenderSnapshot } from '../../src/machines/account/smsSender.machine';
import { advance, challenge, click, dragSlider, eventually, landingHandlers, loginResult, MOBILE, heldPage, setInput, SMS_CODE } from '../support/loginKit';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

vi.setConfig({ testTimeout: 30_000 });

type Call = 'login' | 'loadChallenge' | 'sendCode';
const page = heldPage<Call>('/uc/login');
const server = setupServer(
  ...landingHandlers,
  answer(API_CALLS.loginBySms, page.held('login')),
  answer(EXTRA_CALLS.captchaChallenge, page.held('loadChallenge')),
  answer(API_CALLS.sendMobileCode, page.held('sendCode')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const errorOf = (testId: string) => document.getElementById(`${input(testId).id}-error`)!.textContent;
const getCode = () => screen.getByTestId('get-code') as HTMLButtonElement;

// ---- smsLogin -------------------------------------------------------------------------------

type LoginSnap = ReturnType<typeof smsLoginMachine.getInitialSnapshot>;

/** The fields, their messages, the tick and the prompt show what the machine holds. */
async function expectForm(s: LoginSnap, { shaking }: { shaking: boolean }) {
  await eventually(() => {
    expect(input('mobile-input').value).toBe(s.context.values.mobile);
    expect(input('code-input').value).toBe(s.context.values.code);
    expect(errorOf('mobile-input')).toBe(s.context.errors.mobile ?? '');
    expect(errorOf('code-input')).toBe(s.context.errors.code ?? '');
    expect(input('agreement').checked).toBe(s.context.agreed);
    expect(screen.queryByTestId('agreement-prompt')?.textContent ?? null).toBe(s.context.agreementPrompt ? '请阅读并勾选用户协议和隐私政策' : null);
    expect(input('agreement').closest('.xt-shake') !== null).toBe(shaking);
    expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false);
  });
  expect(page.pending('login')).toBeUndefined();
}

const RESULT = loginResult();

describeModel('smsLogin on /uc/login', {
  machine: smsLoginMachine,
  input: { agreed: false, target: '/' },
  events: [
    { type: 'EDIT', field: 'mobile', value: MOBILE },
    { type: 'EDIT', field: 'mobile', value: '12345' },
    { type: 'EDIT', field: 'code', value: SMS_CODE },
    { type: 'AGREEMENT_CHANGED', agreed: true },
    { type: 'AGREEMENT_CHANGED', agreed: false },
    { type: 'SUBMIT' },
    { type: 'xstate.after.AGREEMENT_SHAKE.smsLogin.agreementPrompt' },
    { type: 'xstate.done.actor.login', output: RESULT },
    { type: 'xstate.error.actor.login', error: new Error(ACCOUNT_TEXTS.smsCodeWrong) },
  ] as never[],
  // Fields count by validity only: a path replays its own values and the checks read them.
  serializeState: (s) => {
    const { values, agreed } = s.context;
    const valid = Number(validatePhone(values.mobile) === null) + Number(values.code.length > 0);
    return JSON.stringify([s.value, valid, agreed]);
  },
  states: {
    editing: async (s) => expectForm(s, { shaking: false }),
    agreementPrompt: async (s) => expectForm(s, { shaking: true }),
    submitting: async () => {
      await eventually(() => expect(page.pending('login')).toBeDefined());
      expect(screen.getByTestId('login-submit').textContent).toBe('登录中…');
      expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(true);
    },
    done: async () => {
      await eventually(() => expect(page.app.current()).toBe('/'));
      expect(page.app.session.getSnapshot().matches('loggedIn')).toBe(true);
      expect(document.cookie).toContain(`${STORAGE_KEYS.tokenCookie}=${RESULT.token}`);
      expect(screen.getByText(ACCOUNT_TEXTS.loginSuccess)).toBeTruthy();
    },
  },
  exec: {
    EDIT: async (e: { field: string; value: string }) => setInput(e.field === 'mobile' ? 'mobile-input' : 'code-input', e.value),
    AGREEMENT_CHANGED: async (e: { agreed: boolean }) => {
      if (input('agreement').checked !== e.agreed) await click(input('agreement'));
    },
    SUBMIT: async () => click(screen.getByTestId('login-submit')),
    'xstate.after.AGREEMENT_SHAKE.smsLogin.agreementPrompt': async () => advance(AGREEMENT_SHAKE_MS),
    'xstate.done.actor.login': async () => page.answer('login', () => ok(RESULT)),
    'xstate.error.actor.login': async () => {
      await page.answer('login', () => fail(ACCOUNT_TEXTS.smsCodeWrong));
      await eventually(() => expect(screen.getByText(ACCOUNT_TEXTS.smsCodeWrong)).toBeTruthy());
    },
  } as never,
  setup: page.setup,
  coverage: 'transitions',
});

// ---- smsSender (the get-code link of the same tab) -------------------------------------------

const COUNTDOWN_KEY = `${STORAGE_KEYS.smsCountdownPrefix}REGISTER`;
const storedStart = () => Number(localStorage.getItem(COUNTDOWN_KEY));
const captchaStatus = () => screen.queryByTestId('slider-captcha')?.dataset.status ?? null;

/** The link's text and state, and no puzzle. */
async function expectLink(s: SmsSenderSnapshot, label: string, enabled: boolean) {
  await eventually(() => {
    expect(captchaStatus()).toBeNull();
    expect(getCode().textContent).toBe(label);
    expect(getCode().disabled).toBe(!enabled);
    expect(input('mobile-input').value).toBe(s.context.mobile);
  });
}

async function expectCaptcha(s: SmsSenderSnapshot, status: string) {
  await eventually(() => {
    expect(captchaStatus()).toBe(status);
    // The link is off while the puzzle shows.
    expect(getCode().disabled).toBe(true);
    expect(screen.queryByTestId('captcha-error')?.textContent ?? null).toBe(s.context.captchaError);
  });
}

const SOLUTION: CaptchaSolution = { challengeId: 'ch', x: 120, track: [] };

describeModel('smsSender (get-code link and slider captcha) on /uc/login', {
  machine: smsSenderMachine,
  input: { requestType: 'REGISTER' },
  events: [
    { type: 'MOBILE_CHANGED', mobile: MOBILE },
    { type: 'MOBILE_CHANGED', mobile: '1380013' },
    { type: 'REQUEST_CODE' },
    { type: 'xstate.done.actor.loadChallenge', output: challenge() },
    { type: 'xstate.error.actor.loadChallenge', error: new Error('服务器错误(500)') },
    { type: 'CAPTCHA_SOLVED', solution: SOLUTION },
    { type: 'CAPTCHA_REFRESH' },
    { type: 'CAPTCHA_CLOSE' },
    { type: 'xstate.done.actor.sendCode', output: true },
    { type: 'xstate.done.actor.sendCode', output: CAPTCHA_FAILED_DATA },
    { type: 'xstate.error.actor.sendCode', error: new Error(ACCOUNT_TEXTS.smsTooFrequent) },
    { type: 'xstate.after.tick.smsSender.countingDown' },
    { type: 'xstate.after.countdownEnd.smsSender.countingDown' },
  ] as never[],
  serializeState: (s) => JSON.stringify([s.value, validatePhone(s.context.mobile) === null, s.context.sentBefore]),
  states: {
    idle: async (s) => {
      await expectLink(s, '获取验证码', validatePhone(s.context.mobile) === null);
      expect(localStorage.getItem(COUNTDOWN_KEY)).toBeNull();
    },
    'captcha.loading': async (s) => {
      await expectCaptcha(s, 'loading');
      await eventually(() => expect(page.pending('loadChallenge')).toBeDefined());
    },
    'captcha.showing': async (s) => {
      await expectCaptcha(s, 'ready');
      expect((screen.getByTestId('slider-handle') as HTMLButtonElement).disabled).toBe(false);
    },
    'captcha.loadFailed': async (s) => {
      await expectCaptcha(s, 'loadFailed');
      expect(screen.getByText(/验证码加载失败，请点击刷新/)).toBeTruthy();
    },
    'captcha.verifying': async (s) => {
      await expectCaptcha(s, 'verifying');
      await eventually(() => expect(page.pending('sendCode')).toBeDefined());
      expect((screen.getByTestId('captcha-close') as HTMLButtonElement).disabled).toBe(true);
    },
    countingDown: async (s) => {
      const seconds = countdownSecondsLeft(storedStart(), Date.now());
      expect(seconds).toBeGreaterThan(0);
      await expectLink(s, `${seconds}s后重新获取`, false);
    },
    resendable: async (s) => {
      await expectLink(s, '重新发送', validatePhone(s.context.mobile) === null);
      expect(localStorage.getItem(COUNTDOWN_KEY)).toBeNull();
    },
  },
  exec: {
    MOBILE_CHANGED: async (e: { mobile: string }) => setInput('mobile-input', e.mobile),
    REQUEST_CODE: async () => click(getCode()),
    'xstate.done.actor.loadChallenge': async () => page.answer('loadChallenge', () => ok(challenge())),
    'xstate.error.actor.loadChallenge': async () => page.answer('loadChallenge', () => fail('boom', 500)),
    CAPTCHA_SOLVED: async () => dragSlider(120),
    CAPTCHA_REFRESH: async () => click(screen.getByTestId('captcha-refresh')),
    CAPTCHA_CLOSE: async () => click(screen.getByTestId('captcha-close')),
    'xstate.done.actor.sendCode': async (e: { output: unknown }) => {
      await page.answer('sendCode', () => ok(e.output));
      if (e.output === true) await eventually(() => expect(screen.getByText('发送短信验证码成功，请注意查收')).toBeTruthy());
    },
    'xstate.error.actor.sendCode': async () => {
      await page.answer('sendCode', () => fail(ACCOUNT_TEXTS.smsTooFrequent));
      await eventually(() => expect(screen.getByText(ACCOUNT_TEXTS.smsTooFrequent)).toBeTruthy());
    },
    'xstate.after.tick.smsSender.countingDown': async () => advance(1000),
    'xstate.after.countdownEnd.smsSender.countingDown': async () => advance(countdownMsLeft(storedStart(), Date.now())),
  } as never,
  setup: page.setup,
  coverage: 'transitions',
});
