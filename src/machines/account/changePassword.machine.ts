/**
 * 登录密码 card of 账号安全: 修改密码 (old + new + confirm) when the account has a password,
 * 设置密码 (new + confirm) when it was registered by SMS or WeChat and has none. Whether it has
 * one comes in as input, from the page's bind status (securityPage.machine). Inputs are kept on every failure.
 * Not a createFormFlow: its rules depend on hasPassword, and a success stays on the form (now 修改密码, emptied).
 */
import { assign, fromPromise, setup } from 'xstate';
import { ACCOUNT_CALLS } from '../../domain/account/calls';
import { passwordChangeErrors, type PasswordChangeValues } from '../../domain/account/forms';
import { ACCOUNT_TEXTS } from '../../domain/account/texts';
import { normalizePasswordInput } from '../../domain/account/validation';
import { type FieldErrors, hasErrors } from '../../domain/shared/forms';
import { encryptPassword } from '../../services/account/passwordCrypto';
import { call } from '../../services/shared/http/client';
import { showToast } from '../../services/shared/toast';

export type PasswordField = keyof PasswordChangeValues;

export interface ChangePasswordInput {
  hasPassword: boolean;
}

export interface ChangePasswordContext {
  hasPassword: boolean;
  values: PasswordChangeValues;
  errors: FieldErrors<PasswordField>;
  /** After the first refused submit, every edit re-checks the form so fixed fields clear. */
  checked: boolean;
}

export type ChangePasswordEvent = { type: 'EDIT'; field: PasswordField; value: string } | { type: 'SUBMIT' };

const EMPTY: PasswordChangeValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

export const changePasswordMachine = setup({
  types: {
    input: {} as ChangePasswordInput,
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
  },
  actors: {
    // Both passwords leave the browser RSA-encrypted; no old one when the account has none.
    submitPassword: fromPromise<void, { oldPassword: string | null; newPassword: string }>(async ({ input }) => {
      const newPwd = await encryptPassword(input.newPassword);
      await call(ACCOUNT_CALLS.updatePwd, { body: input.oldPassword === null ? { newPwd } : { oldPwd: await encryptPassword(input.oldPassword), newPwd } });
    }),
  },
  actions: {
    toast: (_, params: { message: string }) => void showToast(params.message, 'success'),
  },
  guards: {
    formValid: ({ context }) => !hasErrors(passwordChangeErrors(context.values, context.hasPassword)),
  },
}).createMachine({
  id: 'changePassword',
  context: ({ input }) => ({ hasPassword: input.hasPassword, values: EMPTY, errors: {}, checked: false }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        EDIT: {
          actions: assign(({ context, event }) => {
            // §5: password inputs drop whitespace and keep at most 18 characters.
            const values = { ...context.values, [event.field]: normalizePasswordInput(event.value) };
            return { values, errors: context.checked ? passwordChangeErrors(values, context.hasPassword) : context.errors };
          }),
        },
        SUBMIT: [
          { guard: 'formValid', target: 'submitting', actions: assign({ errors: {} }) },
          { actions: assign({ errors: ({ context }) => passwordChangeErrors(context.values, context.hasPassword), checked: true }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submitPassword',
        src: 'submitPassword',
        input: ({ context }) => ({
          oldPassword: context.hasPassword ? context.values.oldPassword : null,
          newPassword: context.values.newPassword,
        }),
        onDone: {
          // The account has a password now: the card turns into 修改密码 with empty fields.
          target: 'editing',
          actions: [
            assign({ hasPassword: true, values: EMPTY, errors: {}, checked: false }),
            { type: 'toast', params: { message: ACCOUNT_TEXTS.passwordChanged } },
          ],
        },
        // The client toasted why (e.g. 原密码错误); the fields stay for a correction.
        onError: 'editing',
      },
    },
  },
});

export type ChangePasswordMachine = typeof changePasswordMachine;
