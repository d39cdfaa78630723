/**
 * 绑定手机 card of 账号安全: 更换手机号 opens a panel with the new mobile and its SMS code. The
 * code comes from the shared smsSender (slider captcha, BINDPHONE, persisted 60 s countdown),
 * invoked while the panel is open; closing the panel stops it, and the countdown survives in
 * storage. On success the changed user goes to the root session (USER_UPDATED).
 */
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { UserInfo } from '../domain/account/contract';
import { smsFormErrors, type SmsFormValues } from '../domain/account/forms';
import { ACCOUNT_TEXTS } from '../domain/account/texts';
import { normalizePhoneInput, normalizeSmsCodeInput } from '../domain/account/validation';
import { type FieldErrors, hasErrors } from '../domain/shared/forms';
import { saveBindMobile } from '../services/api/account.api';
import { showToast } from '../services/toast';
import type { SessionLink } from './sessionLink';
import { smsSenderMachine } from './smsSender.machine';

export interface ChangeMobileInput {
  session: SessionLink;
  /** The user as the page opened: patched with the new mobile if the server does not answer one. */
  user: UserInfo;
}

export interface ChangeMobileContext {
  session: SessionLink;
  user: UserInfo;
  values: SmsFormValues;
  errors: FieldErrors<keyof SmsFormValues>;
  /** After a refused submit, edits re-check the form so fixed fields clear. */
  checked: boolean;
}

export type ChangeMobileEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'EDIT_MOBILE'; value: string }
  | { type: 'EDIT_CODE'; value: string }
  | { type: 'SUBMIT' };

const EMPTY: SmsFormValues = { mobile: '', code: '' };

export const changeMobileMachine = setup({
  types: {
    input: {} as ChangeMobileInput,
    context: {} as ChangeMobileContext,
    events: {} as ChangeMobileEvent,
    // Typed children let the view hand `snapshot.children.smsSender` to <SmsCodeField>.
    children: {} as { smsSender: 'smsSender'; submitMobile: 'submitMobile' },
  },
  actors: {
    smsSender: smsSenderMachine,
    submitMobile: fromPromise<UserInfo, { user: UserInfo; mobile: string; code: string }>(({ input }) => saveBindMobile(input.user, input.mobile, input.code)),
  },
  actions: {
    toast: (_, params: { message: string }) => void showToast(params.message, 'success'),
    notifySession: ({ context }, params: { user: UserInfo }) => context.session.send({ type: 'USER_UPDATED', user: params.user }),
  },
  guards: {
    formValid: ({ context }) => !hasErrors(smsFormErrors(context.values)),
  },
}).createMachine({
  id: 'changeMobile',
  context: ({ input }) => ({ session: input.session, user: input.user, values: EMPTY, errors: {}, checked: false }),
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: assign({ values: EMPTY, errors: {}, checked: false }) } },
    },
    open: {
      invoke: { id: 'smsSender', src: 'smsSender', input: { requestType: 'BINDPHONE' } },
      initial: 'editing',
      states: {
        editing: {
          on: {
            CLOSE: '#changeMobile.closed',
            EDIT_MOBILE: {
              actions: [
                assign(({ context, event }) => {
                  const values = { ...context.values, mobile: normalizePhoneInput(event.value) };
                  return { values, errors: context.checked ? smsFormErrors(values) : context.errors };
                }),
                // The sender enables 获取验证码 only for a valid mobile.
                sendTo('smsSender', ({ context }) => ({ type: 'MOBILE_CHANGED', mobile: context.values.mobile })),
              ],
            },
            EDIT_CODE: {
              actions: assign(({ context, event }) => {
                const values = { ...context.values, code: normalizeSmsCodeInput(event.value) };
                return { values, errors: context.checked ? smsFormErrors(values) : context.errors };
              }),
            },
            SUBMIT: [
              { guard: 'formValid', target: 'submitting', actions: assign({ errors: {} }) },
              { actions: assign({ errors: ({ context }) => smsFormErrors(context.values), checked: true }) },
            ],
          },
        },
        submitting: {
          invoke: {
            id: 'submitMobile',
            src: 'submitMobile',
            input: ({ context }) => ({ user: context.user, mobile: context.values.mobile, code: context.values.code }),
            onDone: {
              target: '#changeMobile.closed',
              actions: [
                assign({ user: ({ event }) => event.output }),
                { type: 'notifySession', params: ({ event }) => ({ user: event.output }) },
                { type: 'toast', params: { message: ACCOUNT_TEXTS.mobileChanged } },
              ],
            },
            // The client toasted why (wrong or expired code, mobile taken); the panel keeps the input.
            onError: 'editing',
          },
        },
      },
    },
  },
});

export type ChangeMobileMachine = typeof changeMobileMachine;
