/**
 * Forgot password, model-based: paths from the real forgotPassword machine drive the real App on
 * /uc/forgot-password. The reset and the automatic login wait on msw gates that path steps open;
 * the 0.8 s before the automatic login is a fake-timer step.
 */
import { generateKeyPairSync } from 'node:crypto';
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { forgotPasswordErrors } from '../../src/domain/account/forms';
import { FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS } from '../../src/domain/account/limits';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { API_CALLS, EXTRA_CALLS } from '../../src/domain/calls';
import { STORAGE_KEYS } from '../../src/domain/shared/constants';
import { forgotPasswordMachine } from '../../src/machines/account/forgotPassword.machine';
import { advance, click, eventually, landingHandlers, loginResult, MOBILE, heldPage, setInput, SMS_CODE } from '../support/loginKit';
import { describeModel } from './harness';
import { answer, fail, ok } from '../support/msw';

const { publicKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});

type Call = 'reset' | 'login';
const page = heldPage<Call>('/uc/forgot-password');
const server = setupServer(
  ...landingHandlers,
  answer(EXTRA_CALLS.rsaPublicKey, { publicKey }),
  answer(API_CALLS.forgetPwd, page.held('reset')),
  answer(API_CALLS.loginByPwd, page.held('login')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const FIELDS = { mobile: 'mobile-input', code: 'code-input', password: 'password-input', confirm: 'confirm-input' } as const;
type Field = keyof typeof FIELDS;
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

type Snap = ReturnType<typeof forgotPasswordMachine.getInitialSnapshot>;
const RESULT = loginResult();
const autoLoginShown = () => expect(screen.getByText('正在为您自动登录…')).toBeTruthy();

describeModel('forgotPassword on /uc/forgot-password', {
  machine: forgotPasswordMachine,
  start: '以游客身份打开 /uc/forgot-password（找回密码）',
  events: [
    { type: 'EDIT', field: 'mobile', value: MOBILE },
    { type: 'EDIT', field: 'code', value: SMS_CODE },
    { type: 'EDIT', field: 'password', value: 'abc123!' },
    { type: 'EDIT', field: 'confirm', value: 'abc123!' },
    { type: 'EDIT', field: 'confirm', value: 'abc124!' },
    { type: 'SUBMIT' },
    { type: 'xstate.done.actor.resetPassword', output: undefined },
    { type: 'xstate.error.actor.resetPassword', error: new Error(ACCOUNT_TEXTS.smsCodeWrong) },
    { type: 'xstate.after.FOLLOW_UP.forgotPassword.submitted' },
    { type: 'xstate.done.actor.login', output: RESULT },
    { type: 'xstate.error.actor.login', error: new Error(ACCOUNT_TEXTS.wrongPassword) },
  ] as never[],
  // How many fields pass: a path replays its own values and the checks read them.
  serializeState: (s) => JSON.stringify([s.value, 4 - Object.keys(forgotPasswordErrors(s.context.values)).length]),
  states: {
    editing: async (s: Snap) => {
      await eventually(() => {
        for (const [field, testId] of Object.entries(FIELDS) as [Field, string][]) {
          expect(input(testId).value).toBe(s.context.values[field]);
          expect(document.getElementById(`${input(testId).id}-error`)!.textContent).toBe(s.context.errors[field] ?? '');
        }
        expect((screen.getByTestId('reset-submit') as HTMLButtonElement).disabled).toBe(false);
      });
      expect(page.pending('reset')).toBeUndefined();
    },
    submitting: async () => {
      await eventually(() => expect(page.pending('reset')).toBeDefined());
      expect(screen.getByTestId('reset-submit').textContent).toBe('提交中…');
      expect((screen.getByTestId('reset-submit') as HTMLButtonElement).disabled).toBe(true);
    },
    submitted: async () => {
      await eventually(() => expect(screen.getByText(ACCOUNT_TEXTS.passwordReset).getAttribute('data-intent')).toBe('success'));
      autoLoginShown();
      // The automatic login waits for its delay.
      expect(page.pending('login')).toBeUndefined();
    },
    followingUp: async () => {
      await eventually(() => expect(page.pending('login')).toBeDefined());
      autoLoginShown();
    },
    followUpFailed: async () => {
      await eventually(() => expect(screen.getByTestId('auto-login-failed')).toBeTruthy());
      expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe('/uc/login');
    },
    done: async () => {
      await eventually(() => expect(page.app.current()).toBe('/'));
      expect(page.app.session.getSnapshot().matches('loggedIn')).toBe(true);
      expect(document.cookie).toContain(`${STORAGE_KEYS.tokenCookie}=${RESULT.token}`);
    },
  },
  exec: {
    EDIT: async (e: { field: Field; value: string }) => setInput(FIELDS[e.field], e.value),
    SUBMIT: async () => click(screen.getByTestId('reset-submit')),
    'xstate.done.actor.resetPassword': async () => page.answer('reset', () => ok(true)),
    'xstate.error.actor.resetPassword': async () => {
      await page.answer('reset', () => fail(ACCOUNT_TEXTS.smsCodeWrong));
      await eventually(() => expect(screen.getByText(ACCOUNT_TEXTS.smsCodeWrong)).toBeTruthy());
    },
    'xstate.after.FOLLOW_UP.forgotPassword.submitted': async () => advance(FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS),
    'xstate.done.actor.login': async () => page.answer('login', () => ok(RESULT)),
    'xstate.error.actor.login': async () => page.answer('login', () => fail(ACCOUNT_TEXTS.wrongPassword)),
  } as never,
  setup: page.setup,
  coverage: 'transitions',
});
