/**
 * 兑换课程 (/course-exchange): type a code, redeem it, see the course granted. The code is read as
 * the server reads it (normalizeRedeemCode: dashes, spaces and case ignored) and checked before
 * the call; a wrong, used or expired code, or too many attempts, comes back as the server's
 * message, shown under the field. The view asks a visitor to log in (the modal) before SUBMIT.
 *
 *   editing ──SUBMIT──▶ editing (format error) | redeeming ──done──▶ redeemed ──AGAIN──▶ editing
 *                                                   └──error──▶ editing (the server's message)
 */
import { assign, fromPromise, setup } from 'xstate';
import { COMMERCE_EXTRA_CALLS } from '../../domain/commerce/calls';
import type { RedeemResult } from '../../domain/commerce/contract';
import { COUPON_TEXTS } from '../../domain/commerce/coupons.texts';
import { REDEEM_CODE_MAX_LENGTH } from '../../domain/commerce/limits';
import { normalizeRedeemCode } from '../../domain/commerce/rules';
import { COMMERCE_TEXTS } from '../../domain/commerce/texts';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { call } from '../../services/shared/http/client';

export interface CourseExchangeContext {
  code: string;
  error: string | null;
  result: RedeemResult | null;
}

export type CourseExchangeEvent = { type: 'EDIT'; value: string } | { type: 'SUBMIT' } | { type: 'AGAIN' };

/** Room for the dashes and spaces a printed code is typed with. */
export const REDEEM_CODE_INPUT_MAX = REDEEM_CODE_MAX_LENGTH + 10;

/** Why the typed code cannot be sent, or null. */
export function redeemCodeError(typed: string): string | null {
  if (typed.trim() === '') return COUPON_TEXTS.codeRequired;
  return normalizeRedeemCode(typed) === null ? COMMERCE_TEXTS.redeemCodeFormat : null;
}

export const courseExchangeMachine = setup({
  types: { context: {} as CourseExchangeContext, events: {} as CourseExchangeEvent },
  actors: { redeem: fromPromise<RedeemResult, string>(({ input }) => call(COMMERCE_EXTRA_CALLS.redeemCode, { body: { code: input } })) },
  guards: { codeInvalid: ({ context }) => redeemCodeError(context.code) !== null },
}).createMachine({
  id: 'courseExchange',
  context: { code: '', error: null, result: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        EDIT: { actions: assign({ code: ({ event }) => event.value.slice(0, REDEEM_CODE_INPUT_MAX), error: null }) },
        SUBMIT: [
          { guard: 'codeInvalid', actions: assign({ error: ({ context }) => redeemCodeError(context.code) }) },
          { target: 'redeeming', actions: assign({ error: null }) },
        ],
      },
    },
    redeeming: {
      invoke: {
        id: 'redeem',
        src: 'redeem',
        input: ({ context }) => normalizeRedeemCode(context.code) ?? context.code,
        onDone: { target: 'redeemed', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => (event.error instanceof Error && event.error.message ? event.error.message : FALLBACK_ERROR_TEXT) }),
        },
      },
    },
    redeemed: { on: { AGAIN: { target: 'editing', actions: assign({ code: '', error: null, result: null }) } } },
  },
});
