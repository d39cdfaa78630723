/**
 * The SMS login tab, model-based: paths generated from the real smsLogin machine drive the real App
 * on /uc/login (its get-code link, the smsSender machine, has its own: smsSender.model.test.tsx). msw is the server; its answers wait on gates that a path step
 * opens (`xstate.done/error.actor.*`), and fake timers stand in for `xstate.after.*`.
 */
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { validatePhone } from '../../src/domain/account/validation';
import { API_CALLS, EXTRA_CALLS } from '../../src/domain/calls';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { AGREEMENT_SHAKE_MS } from '../../src/machines/account/form/formFlow';
import { smsLoginMachine } from '../../src/machines/account/smsLogin.machine';
import { advance, click, eventually, landingHandlers, loginResult, MOBILE, heldPage, setInput, SMS_CODE } from '../support/loginKit';
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
  start: '以游客身份打开 /uc/login，停在默认的“短信登录”',
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
