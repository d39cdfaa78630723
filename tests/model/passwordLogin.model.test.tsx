/**
 * The password tab of the login card, model-based: paths from the real passwordLogin machine drive
 * the real App on /uc/login (密码登录 picked). The password leaves RSA-encrypted; the login waits on
 * an msw gate that a path step answers (logged in and sent home, or 手机号或密码错误 with the input
 * kept); the agreement prompt's shake ends on a fake-timer step.
 */
import { generateKeyPairSync } from 'node:crypto';
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { validatePhone } from '../../src/domain/account/validation';
import { API_CALLS, EXTRA_CALLS } from '../../src/domain/calls';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { AGREEMENT_SHAKE_MS } from '../../src/machines/account/form/formFlow';
import { passwordLoginMachine } from '../../src/machines/account/passwordLogin.machine';
import { advance, click, eventually, heldPage, landingHandlers, loginResult, MOBILE, setInput } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';

vi.setConfig({ testTimeout: 30_000 });

const { publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});

type Call = 'login';
const page = heldPage<Call>('/uc/login');
const server = setupServer(...landingHandlers, answer(EXTRA_CALLS.rsaPublicKey, { publicKey }), answer(API_CALLS.loginByPwd, page.held('login')));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const PASSWORD = 'abc123';
const FIELDS = { mobile: 'mobile-input', password: 'password-input' } as const;
type Field = keyof typeof FIELDS;
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const errorOf = (testId: string) => document.getElementById(`${input(testId).id}-error`)!.textContent;
const submit = () => screen.getByTestId('login-submit') as HTMLButtonElement;

type Snap = ReturnType<typeof passwordLoginMachine.getInitialSnapshot>;

/** The fields, their messages, the tick and the prompt show what the machine holds. */
async function expectForm(s: Snap, { shaking }: { shaking: boolean }) {
  await eventually(() => {
    expect(screen.getByTestId('tab-password').getAttribute('aria-selected')).toBe('true');
    for (const [field, testId] of Object.entries(FIELDS) as [Field, string][]) {
      expect(input(testId).value).toBe(s.context.values[field]);
      expect(errorOf(testId)).toBe(s.context.errors[field] ?? '');
    }
    expect(input('agreement').checked).toBe(s.context.agreed);
    expect(screen.queryByTestId('agreement-prompt')?.textContent ?? null).toBe(s.context.agreementPrompt ? '请阅读并勾选用户协议和隐私政策' : null);
    expect(input('agreement').closest('.xt-shake') !== null).toBe(shaking);
    expect(submit().textContent).toBe('登录');
    expect(submit().disabled).toBe(false);
  });
  expect(page.pending('login')).toBeUndefined();
}

const RESULT = loginResult();

describeModel('passwordLogin on /uc/login (密码登录)', {
  machine: passwordLoginMachine,
  input: { agreed: false, target: '/' },
  start: '以游客身份打开 /uc/login，选择“密码登录”',
  events: [
    { type: 'EDIT', field: 'mobile', value: MOBILE },
    { type: 'EDIT', field: 'mobile', value: '12345' },
    { type: 'EDIT', field: 'password', value: PASSWORD },
    { type: 'AGREEMENT_CHANGED', agreed: true },
    { type: 'AGREEMENT_CHANGED', agreed: false },
    { type: 'SUBMIT' },
    { type: 'xstate.after.AGREEMENT_SHAKE.passwordLogin.agreementPrompt' },
    { type: 'xstate.done.actor.login', output: RESULT },
    { type: 'xstate.error.actor.login', error: new Error(ACCOUNT_TEXTS.wrongPassword) },
  ] as never[],
  // Fields count by validity only: a path replays its own values and the checks read them.
  serializeState: (s) => {
    const { values, agreed } = s.context;
    const valid = Number(validatePhone(values.mobile) === null) + Number(values.password.length > 0);
    return JSON.stringify([s.value, valid, agreed]);
  },
  states: {
    editing: async (s) => expectForm(s, { shaking: false }),
    agreementPrompt: async (s) => expectForm(s, { shaking: true }),
    submitting: async (s) => {
      await eventually(() => expect(page.pending('login')).toBeDefined());
      expect(submit().textContent).toBe('登录中…');
      expect(submit().disabled).toBe(true);
      expect(input('password-input').disabled).toBe(true);
      expect(input('mobile-input').value).toBe(s.context.values.mobile);
    },
    done: async () => {
      await eventually(() => expect(page.app.current()).toBe('/'));
      expect(page.app.session.getSnapshot().matches('loggedIn')).toBe(true);
      expect(document.cookie).toContain(`${STORAGE_KEYS.tokenCookie}=${RESULT.token}`);
      expect(screen.getByText(ACCOUNT_TEXTS.loginSuccess)).toBeTruthy();
    },
  },
  exec: {
    EDIT: async (e: { field: Field; value: string }) => setInput(FIELDS[e.field], e.value),
    AGREEMENT_CHANGED: async (e: { agreed: boolean }) => {
      if (input('agreement').checked !== e.agreed) await click(input('agreement'));
    },
    SUBMIT: async () => click(submit()),
    'xstate.after.AGREEMENT_SHAKE.passwordLogin.agreementPrompt': async () => advance(AGREEMENT_SHAKE_MS),
    'xstate.done.actor.login': async () => page.answer('login', () => ok(RESULT)),
    'xstate.error.actor.login': async () => {
      await page.answer('login', () => fail(ACCOUNT_TEXTS.wrongPassword));
      await eventually(() => expect(screen.getByText(ACCOUNT_TEXTS.wrongPassword)).toBeTruthy());
    },
  } as never,
  // The card opens on 短信登录: each path starts on 密码登录.
  setup: async () => {
    const teardown = await page.setup();
    await click(screen.getByTestId('tab-password'));
    await eventually(() => expect(input('password-input')).toBeTruthy());
    return teardown;
  },
  coverage: 'transitions',
});
