/**
 * Forgot password (/uc/forgot-password, product-spec §4, §5): mobile + SMS code (smsSender,
 * FORGETPWD) + new password + confirmation → forgetPwd with the new password encrypted → toast
 * 密码重置成功 → after FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS (0.8 s) the user is logged in with the
 * new password → emitted as `loggedIn`. If that login fails the page offers the login page.
 */
import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import type { LoginResult } from '../domain/account/contract';
import { forgotPasswordErrors, type ForgotPasswordValues } from '../domain/account/forms';
import { FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS } from '../domain/account/limits';
import { ACCOUNT_TEXTS } from '../domain/account/texts';
import { normalizePasswordInput, normalizePhoneInput, normalizeSmsCodeInput } from '../domain/account/validation';
import { type FieldErrors, hasErrors } from '../domain/shared/forms';
import { loginWithPassword, resetPassword } from '../services/api/login.api';
import { showToast } from '../services/toast';
import { applyEdit } from './login/fields';
import { smsSenderMachine } from './smsSender.machine';

export interface ForgotPasswordContext {
  values: ForgotPasswordValues;
  errors: FieldErrors<keyof ForgotPasswordValues>;
}

export type ForgotPasswordEvent = { type: 'EDIT'; field: keyof ForgotPasswordValues; value: string } | { type: 'SUBMIT' };

const NORMALIZE = { mobile: normalizePhoneInput, code: normalizeSmsCodeInput, password: normalizePasswordInput, confirm: normalizePasswordInput };

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    emitted: {} as { type: 'loggedIn'; result: LoginResult },
    children: {} as { smsSender: 'smsSender'; resetPassword: 'resetPassword'; login: 'login' },
  },
  actors: {
    smsSender: smsSenderMachine,
    resetPassword: fromPromise<void, ForgotPasswordValues>(({ input }) => resetPassword(input)),
    login: fromPromise<LoginResult, ForgotPasswordValues>(({ input }) => loginWithPassword(input)),
  },
  actions: {
    notifyReset: () => showToast(ACCOUNT_TEXTS.passwordReset, 'success'),
    notifyLoggedIn: emit((_, params: { result: LoginResult }) => ({ type: 'loggedIn' as const, result: params.result })),
  },
  guards: {
    formInvalid: ({ context }) => hasErrors(forgotPasswordErrors(context.values)),
  },
  delays: { AUTO_LOGIN_DELAY: FORGOT_PASSWORD_AUTO_LOGIN_DELAY_MS },
}).createMachine({
  id: 'forgotPassword',
  context: { values: { mobile: '', code: '', password: '', confirm: '' }, errors: {} },
  invoke: { id: 'smsSender', src: 'smsSender', input: { requestType: 'FORGETPWD' } },
  initial: 'editing',
  states: {
    editing: {
      on: {
        EDIT: {
          actions: [
            assign(({ context, event }) => applyEdit(context.values, context.errors, NORMALIZE, event.field, event.value)),
            sendTo('smsSender', ({ context }) => ({ type: 'MOBILE_CHANGED' as const, mobile: context.values.mobile })),
          ],
        },
        SUBMIT: [
          { guard: 'formInvalid', actions: assign({ errors: ({ context }) => forgotPasswordErrors(context.values) }) },
          { target: 'resetting', actions: assign({ errors: {} }) },
        ],
      },
    },
    resetting: {
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => context.values,
        onDone: { target: 'passwordReset', actions: 'notifyReset' },
        // Wrong or expired code, unknown mobile: the client toasted the server's text.
        onError: 'editing',
      },
    },
    /** The toast is up; the automatic login follows after the delay of §4. */
    passwordReset: {
      after: { AUTO_LOGIN_DELAY: 'loggingIn' },
    },
    loggingIn: {
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => context.values,
        onDone: { target: 'loggedIn', actions: { type: 'notifyLoggedIn', params: ({ event }) => ({ result: event.output }) } },
        onError: 'autoLoginFailed',
      },
    },
    /** The password is reset but the automatic login did not work: the page links to login. */
    autoLoginFailed: {},
    loggedIn: { type: 'final' },
  },
});
