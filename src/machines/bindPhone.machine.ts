/**
 * Bind phone (/uc/bindphone, product-spec §2): after a WeChat scan whose account has no mobile.
 * The page's query brings WeChat's code, state and the sessionKey that loginByWx answered; without
 * a sessionKey (or once the server says it expired) there is nothing to bind: 微信授权已过期.
 * mobile + SMS code (smsSender, BINDPHONE) → bindMobileByWxCode → LoginResult, emitted as `loggedIn`.
 */
import { assign, emit, fromPromise, sendTo, setup } from 'xstate';
import type { LoginResult } from '../domain/account/contract';
import { smsFormErrors, type SmsFormValues } from '../domain/account/forms';
import { ACCOUNT_TEXTS } from '../domain/account/texts';
import { normalizePhoneInput, normalizeSmsCodeInput } from '../domain/account/validation';
import { type FieldErrors, hasErrors } from '../domain/shared/forms';
import { bindMobileByWxCode } from '../services/api/login.api';
import { clearWxLoginState } from '../services/wxLoginState';
import { applyEdit } from './login/fields';
import { smsSenderMachine } from './smsSender.machine';

export interface BindPhoneInput {
  sessionKey: string | null;
}

export interface BindPhoneContext {
  sessionKey: string | null;
  values: SmsFormValues;
  errors: FieldErrors<keyof SmsFormValues>;
}

export type BindPhoneEvent = { type: 'EDIT'; field: keyof SmsFormValues; value: string } | { type: 'SUBMIT' };

const NORMALIZE = { mobile: normalizePhoneInput, code: normalizeSmsCodeInput };

export const bindPhoneMachine = setup({
  types: {
    input: {} as BindPhoneInput,
    context: {} as BindPhoneContext,
    events: {} as BindPhoneEvent,
    emitted: {} as { type: 'loggedIn'; result: LoginResult },
    children: {} as { smsSender: 'smsSender'; bind: 'bind' },
  },
  actors: {
    smsSender: smsSenderMachine,
    bind: fromPromise<LoginResult, { values: SmsFormValues; sessionKey: string }>(({ input }) =>
      bindMobileByWxCode({ code: input.values.code, mobile: input.values.mobile, requestType: 'BINDPHONE', sessionKey: input.sessionKey }),
    ),
  },
  actions: {
    // The WeChat round trip is over: its state and redirect target are no longer needed.
    forgetWxState: () => clearWxLoginState(),
    notifyLoggedIn: emit((_, params: { result: LoginResult }) => ({ type: 'loggedIn' as const, result: params.result })),
  },
  guards: {
    hasSessionKey: ({ context }) => !!context.sessionKey,
    formInvalid: ({ context }) => hasErrors(smsFormErrors(context.values)),
    sessionExpired: (_, params: { error: unknown }) => params.error instanceof Error && params.error.message === ACCOUNT_TEXTS.wechatSessionExpired,
  },
}).createMachine({
  id: 'bindPhone',
  context: ({ input }) => ({ sessionKey: input.sessionKey || null, values: { mobile: '', code: '' }, errors: {} }),
  invoke: { id: 'smsSender', src: 'smsSender', input: { requestType: 'BINDPHONE' } },
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasSessionKey', target: 'editing' }, { target: 'expired' }],
    },
    /** Shows 微信授权已过期，请重新扫码 with a link back to login. */
    expired: {},
    editing: {
      on: {
        EDIT: {
          actions: [
            assign(({ context, event }) => applyEdit(context.values, context.errors, NORMALIZE, event.field, event.value)),
            sendTo('smsSender', ({ context }) => ({ type: 'MOBILE_CHANGED' as const, mobile: context.values.mobile })),
          ],
        },
        SUBMIT: [
          { guard: 'formInvalid', actions: assign({ errors: ({ context }) => smsFormErrors(context.values) }) },
          { target: 'submitting', actions: assign({ errors: {} }) },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'bind',
        src: 'bind',
        input: ({ context }) => ({ values: context.values, sessionKey: context.sessionKey ?? '' }),
        onDone: { target: 'loggedIn', actions: ['forgetWxState', { type: 'notifyLoggedIn', params: ({ event }) => ({ result: event.output }) }] },
        onError: [{ guard: { type: 'sessionExpired', params: ({ event }) => ({ error: event.error }) }, target: 'expired' }, { target: 'editing' }],
      },
    },
    loggedIn: { type: 'final' },
  },
});
