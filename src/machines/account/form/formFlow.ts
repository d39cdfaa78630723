/**
 * The one form flow: every form with fields validated on submit and one server call — the two
 * login tabs, bind phone, forgot password and change mobile — is built from this at module level.
 * One set of events: EDIT { field, value }, AGREEMENT_CHANGED { agreed }, SUBMIT, and for a form
 * behind a button OPEN / CLOSE. An SMS-code form invokes smsSender (id 'smsSender') and forwards
 * `values.mobile` to it on every edit.
 *
 *   starting ──▶ unavailable (the precondition fails, e.g. bind phone's expired WeChat session) | editing
 *   editing ──SUBMIT──▶ editing (field errors) | agreementPrompt (not ticked) | submitting
 *   agreementPrompt ──after AGREEMENT_SHAKE──▶ editing   (the shake is a CSS animation of this state)
 *   submitting ──done──▶ done (emits its outcome, e.g. `session.loggedIn`)
 *              │          or with a follow-up: submitted ──after delay──▶ followingUp ──▶ done | followUpFailed
 *              └─error──▶ editing (the client toasted why) | unavailable (`unavailableError`)
 *   openable: closed ──OPEN──▶ open.(editing …) ──CLOSE (while editing) / done──▶ closed
 */
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import type { SmsRequestType } from '../../../domain/account/contract';
import { type FieldErrors, hasErrors } from '../../../domain/shared/forms';
import type { SessionFlowEvent } from '../../shared/sessionEvents';
import { smsSenderMachine } from '../smsSender.machine';
import { applyEdit, type FormValues } from './fields';

export type { FormValues };

/** How long the agreement prompt shakes (the CSS animation of .xt-shake lasts as long). */
export const AGREEMENT_SHAKE_MS = 600;

export interface FormFlowContext<V extends FormValues, I = unknown> {
  values: V;
  errors: FieldErrors<keyof V & string>;
  agreed: boolean;
  /** The "please read and tick" line stays until the box is ticked. */
  agreementPrompt: boolean;
  /** How many times the prompt was raised: a view restarts its shake animation on each. */
  prompts: number;
  /** After a refused submit, with `recheck: 'form'`, every edit re-checks the whole form. */
  checked: boolean;
  /** Where a page login goes next; null in the login modal (the visitor stays). */
  target: string | null;
  /** What the form was started with (a session key, the user…), handed to the submit call. */
  input: I;
}

export type FormFlowEvent<V extends FormValues> =
  | { type: 'EDIT'; field: keyof V & string; value: string }
  | { type: 'AGREEMENT_CHANGED'; agreed: boolean }
  | { type: 'SUBMIT' }
  | { type: 'OPEN' }
  | { type: 'CLOSE' };

export interface FormFlowInput<I = unknown> {
  /** The login card keeps the tick when the user switches tabs. */
  agreed?: boolean;
  target?: string | null;
  data?: I;
}

export interface FormFlowOptions<V extends FormValues, I, R> {
  id: string;
  initialValues: V;
  /** Per field: what an edit keeps (digits only, no spaces, max length…). */
  normalize: { [K in keyof V]: (value: string) => string };
  validate: (values: V) => FieldErrors<keyof V & string>;
  /** The invoke's id (tests and the statechart name the call). */
  submitId: string;
  submit: (values: V, input: I) => Promise<R>;
  /** Invokes smsSender for this request type and forwards `values.mobile` to it. */
  smsRequestType?: SmsRequestType;
  /** The agreement box must be ticked before a submit (the login card). */
  agreement?: boolean;
  /** 'field' (default): an edit drops that field's error; 'form': after a refused submit every edit re-checks the form. */
  recheck?: 'field' | 'form';
  /** Checked on start: false shows `unavailable` (nothing to submit). */
  available?: (input: FormFlowInput<I>) => boolean;
  /** A failed submit that makes the form unavailable (else it goes back to editing). */
  unavailableError?: (error: unknown) => boolean;
  /** Side effects of a successful submit (a toast, forgetting stored state). */
  onSubmitted?: (output: R) => void;
  /** What the flow tells the root session on success (relayed by useFlow). */
  outcome?: (output: R, context: FormFlowContext<V, I>) => SessionFlowEvent;
  /** The input kept for the next submit after a success (openable forms stay alive). */
  carry?: (input: I, output: R) => I;
  /** A second call after a pause (forgot password: the automatic login); its output is the outcome's. */
  followUp?: { delayMs: number; id: string; run: (values: V) => Promise<R> };
  /** Behind a button: closed until OPEN; CLOSE while editing; a success closes it (SMS sender runs only while open). */
  openable?: boolean;
}

export function createFormFlow<V extends FormValues, I = undefined, R = unknown>(options: FormFlowOptions<V, I, R>) {
  const recheck = options.recheck ?? 'field';
  const submit = [
    { guard: 'formInvalid', target: 'editing', actions: 'showErrors' },
    ...(options.agreement ? [{ guard: 'notAgreed', target: 'agreementPrompt', reenter: true, actions: ['clearErrors', 'promptAgreement'] }] : []),
    { target: 'submitting', actions: 'clearErrors' },
  ];
  const editable = {
    EDIT: { actions: ['editField', 'forwardMobile'] },
    ...(options.agreement ? { AGREEMENT_CHANGED: { actions: 'setAgreement' } } : {}),
  };
  const doneTarget = options.openable ? `#${options.id}.closed` : 'done';
  const succeed = ['onSubmitted', 'carry', 'notifyOutcome'];
  const sender = options.smsRequestType ? [{ id: 'smsSender', src: 'smsSender', input: { requestType: options.smsRequestType } }] : [];

  const formStates = {
    ...(options.available ? { starting: { always: [{ guard: 'unavailableAtStart', target: 'unavailable' }, { target: 'editing' }] } } : {}),
    editing: { on: { ...editable, SUBMIT: submit, ...(options.openable ? { CLOSE: `#${options.id}.closed` } : {}) } },
    ...(options.agreement ? { agreementPrompt: { after: { AGREEMENT_SHAKE: 'editing' }, on: { ...editable, SUBMIT: submit } } } : {}),
    submitting: {
      invoke: {
        id: options.submitId,
        src: 'submit',
        input: ({ context }: { context: FormFlowContext<V, I> }) => ({ values: context.values, input: context.input }),
        onDone: options.followUp ? { target: 'submitted', actions: 'onSubmitted' } : { target: doneTarget, actions: succeed },
        onError: [...(options.unavailableError ? [{ guard: 'unavailableError', target: 'unavailable' }] : []), { target: 'editing' }],
      },
    },
    ...(options.followUp
      ? {
          /** The first call's toast is up; the follow-up comes after the pause. */
          submitted: { after: { FOLLOW_UP: 'followingUp' } },
          followingUp: {
            invoke: {
              id: options.followUp.id,
              src: 'followUp',
              input: ({ context }: { context: FormFlowContext<V, I> }) => context.values,
              onDone: { target: doneTarget, actions: ['carry', 'notifyOutcome'] },
              onError: 'followUpFailed',
            },
          },
          followUpFailed: {},
        }
      : {}),
    ...(options.available || options.unavailableError ? { unavailable: {} } : {}),
    ...(options.openable ? {} : { done: { type: 'final' } }),
  };

  const states = options.openable
    ? {
        closed: { on: { OPEN: { target: 'open', actions: 'resetForm' } } },
        open: { invoke: sender, initial: options.available ? 'starting' : 'editing', states: formStates },
      }
    : formStates;

  const initialContext = (input: FormFlowInput<I>): FormFlowContext<V, I> => ({
    values: options.initialValues,
    errors: {},
    agreed: input.agreed ?? false,
    agreementPrompt: false,
    prompts: 0,
    checked: false,
    target: input.target ?? null,
    input: input.data as I,
  });

  return setup({
    types: {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- XState's `types` take their type from the assertion.
      input: {} as FormFlowInput<I>,
      context: {} as FormFlowContext<V, I>,
      events: {} as FormFlowEvent<V>,
      emitted: {} as SessionFlowEvent,
      children: {} as { smsSender: 'smsSender' },
    },
    actors: {
      // Typed by the common shape: TypeScript cannot check an invoke against a generic V.
      submit: fromPromise<R, { values: FormValues; input: unknown }>(({ input }) => options.submit(input.values as V, input.input as I)),
      followUp: fromPromise<R, FormValues>(({ input }) => (options.followUp ? options.followUp.run(input as V) : Promise.reject(new Error('no follow-up')))),
      smsSender: smsSenderMachine,
    },
    actions: {
      editField: assign(({ context, event }) => {
        if (event.type !== 'EDIT') return {};
        const edited = applyEdit(context.values, context.errors, options.normalize, event.field, event.value);
        return recheck === 'form' ? { values: edited.values, errors: context.checked ? options.validate(edited.values) : context.errors } : edited;
      }),
      forwardMobile: enqueueActions(({ context, enqueue }) => {
        if (options.smsRequestType) enqueue.sendTo('smsSender', { type: 'MOBILE_CHANGED', mobile: context.values.mobile ?? '' });
      }),
      setAgreement: assign(({ context, event }) => {
        if (event.type !== 'AGREEMENT_CHANGED') return {};
        return { agreed: event.agreed, agreementPrompt: event.agreed ? false : context.agreementPrompt };
      }),
      showErrors: assign({ errors: ({ context }) => options.validate(context.values), checked: true }),
      clearErrors: assign({ errors: {} }),
      promptAgreement: assign({ agreementPrompt: true, prompts: ({ context }) => context.prompts + 1 }),
      resetForm: assign({ values: options.initialValues, errors: {}, checked: false }),
      onSubmitted: ({ event }) => options.onSubmitted?.((event as unknown as { output: R }).output),
      carry: assign(({ context, event }) => (options.carry ? { input: options.carry(context.input, (event as unknown as { output: R }).output) } : {})),
      notifyOutcome: enqueueActions(({ context, event, enqueue }) => {
        if (options.outcome) enqueue(emit(options.outcome((event as unknown as { output: R }).output, context)));
      }),
    },
    guards: {
      formInvalid: ({ context }) => hasErrors(options.validate(context.values)),
      notAgreed: ({ context }) => !context.agreed,
      unavailableAtStart: ({ context }) => !(options.available?.({ agreed: context.agreed, target: context.target, data: context.input }) ?? true),
      unavailableError: ({ event }) => options.unavailableError?.((event as unknown as { error: unknown }).error) ?? false,
    },
    delays: { AGREEMENT_SHAKE: AGREEMENT_SHAKE_MS, FOLLOW_UP: options.followUp?.delayMs ?? 0 },
  }).createMachine({
    id: options.id,
    context: ({ input }) => initialContext(input ?? {}),
    ...(options.openable ? {} : { invoke: sender as never }),
    initial: options.openable ? 'closed' : options.available ? 'starting' : 'editing',
    // Built from the options above: the config's state names are not known to the type checker.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- without it the machine's state values narrow to never (tsc fails).
    states: states as Record<string, object>,
  });
}

export type FormFlowMachine<V extends FormValues, I = undefined, R = unknown> = ReturnType<typeof createFormFlow<V, I, R>>;
