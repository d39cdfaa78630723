/**
 * The statechart shared by the two tabs of the login card (SMS code, password): fields validated on
 * submit, the agreement that must be ticked (else the prompt shakes), one login call, success
 * emitted as `loggedIn`. Each tab's machine file builds its machine from this at module level.
 *
 *   editing ──SUBMIT──▶ editing (field errors) | agreementPrompt (not ticked) | submitting
 *   agreementPrompt ──after AGREEMENT_SHAKE──▶ editing   (the shake is a CSS animation of this state)
 *   submitting ──done──▶ loggedIn (emits `loggedIn`) | ──error──▶ editing (the client toasted why)
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { LoginResult, SmsRequestType } from '../../domain/account/contract';
import { type FieldErrors, hasErrors } from '../../domain/shared/forms';
import { smsSenderMachine } from '../smsSender.machine';
import { applyEdit, type FormValues } from './fields';

export type { FormValues };

/** How long the agreement prompt shakes (the CSS animation of .xt-shake lasts as long). */
export const AGREEMENT_SHAKE_MS = 600;


export interface LoginFormContext<V extends FormValues> {
  values: V;
  errors: FieldErrors<keyof V & string>;
  agreed: boolean;
  /** The "please read and tick" line stays until the box is ticked. */
  agreementPrompt: boolean;
  /** How many times the prompt was raised: a view restarts its shake animation on each. */
  prompts: number;
}

export type LoginFormEvent<V extends FormValues> =
  | { type: 'EDIT'; field: keyof V & string; value: string }
  | { type: 'AGREEMENT_CHANGED'; agreed: boolean }
  | { type: 'SUBMIT' };

export interface LoginFormInput {
  /** The card keeps the tick when the user switches tabs. */
  agreed?: boolean;
}

export type LoginFormEmitted = { type: 'loggedIn'; result: LoginResult };

export interface LoginFormOptions<V extends FormValues> {
  id: string;
  initialValues: V;
  /** Per field: what an edit keeps (digits only, no spaces, max length…). */
  normalize: { [K in keyof V]: (value: string) => string };
  validate: (values: V) => FieldErrors<keyof V & string>;
  login: (values: V) => Promise<LoginResult>;
  /** Invokes smsSender (id 'smsSender') for this request type and forwards `values.mobile` to it. */
  smsRequestType?: SmsRequestType;
}

export function createLoginFormMachine<V extends FormValues>(options: LoginFormOptions<V>) {
  const submit = [
    { guard: 'formInvalid', target: 'editing', actions: 'showErrors' },
    { guard: 'notAgreed', target: 'agreementPrompt', reenter: true, actions: ['clearErrors', 'promptAgreement'] },
    { target: 'submitting', actions: 'clearErrors' },
  ] as const;
  const editable = {
    EDIT: { actions: ['editField', 'forwardMobile'] },
    AGREEMENT_CHANGED: { actions: 'setAgreement' },
  } as const;

  return setup({
    types: {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- XState's `types` take their type from the assertion.
      input: {} as LoginFormInput,
      context: {} as LoginFormContext<V>,
      events: {} as LoginFormEvent<V>,
      emitted: {} as LoginFormEmitted,
      children: {} as { smsSender: 'smsSender'; login: 'login' },
    },
    actors: {
      // Typed by the common shape: TypeScript cannot check an invoke against a generic V.
      login: fromPromise<LoginResult, FormValues>(({ input }) => options.login(input as V)),
      smsSender: smsSenderMachine,
    },
    actions: {
      editField: assign(({ context, event }) =>
        event.type === 'EDIT' ? applyEdit(context.values, context.errors, options.normalize, event.field, event.value) : {},
      ),
      forwardMobile: enqueueActions(({ context, enqueue }) => {
        if (options.smsRequestType) enqueue.sendTo('smsSender', { type: 'MOBILE_CHANGED', mobile: context.values.mobile ?? '' });
      }),
      setAgreement: assign(({ context, event }) => {
        if (event.type !== 'AGREEMENT_CHANGED') return {};
        return { agreed: event.agreed, agreementPrompt: event.agreed ? false : context.agreementPrompt };
      }),
      showErrors: assign({ errors: ({ context }) => options.validate(context.values) }),
      clearErrors: assign({ errors: {} }),
      promptAgreement: assign({ agreementPrompt: true, prompts: ({ context }) => context.prompts + 1 }),
      notifyLoggedIn: emit((_, params: { result: LoginResult }) => ({ type: 'loggedIn' as const, result: params.result })),
    },
    guards: {
      formInvalid: ({ context }) => hasErrors(options.validate(context.values)),
      notAgreed: ({ context }) => !context.agreed,
    },
    delays: { AGREEMENT_SHAKE: AGREEMENT_SHAKE_MS },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({ values: options.initialValues, errors: {}, agreed: input.agreed ?? false, agreementPrompt: false, prompts: 0 }),
    invoke: options.smsRequestType ? [{ id: 'smsSender', src: 'smsSender', input: { requestType: options.smsRequestType } }] : [],
    initial: 'editing',
    states: {
      editing: {
        on: { ...editable, SUBMIT: submit },
      },
      agreementPrompt: {
        after: { AGREEMENT_SHAKE: 'editing' },
        on: { ...editable, SUBMIT: submit },
      },
      submitting: {
        invoke: {
          id: 'login',
          src: 'login',
          input: ({ context }) => context.values as FormValues,
          onDone: { target: 'loggedIn', actions: { type: 'notifyLoggedIn', params: ({ event }) => ({ result: event.output }) } },
          onError: 'editing',
        },
      },
      loggedIn: { type: 'final' },
    },
  });
}

export type LoginFormMachine<V extends FormValues> = ReturnType<typeof createLoginFormMachine<V>>;
