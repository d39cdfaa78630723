/**
 * The claim flow /coupon-acquire and /coupon-active share: load a page that lists coupons, then
 * 领取 one at a time. A claimed coupon reads 已领取 at once; a refusal (already held, sold out,
 * outside the claim window) keeps the server's message beside that coupon. The view opens the
 * login modal first for a visitor and then sends CLAIM_AFTER_LOGIN: the list loads again (its
 * 已领取 flags are now the user's), and the claim goes on unless the coupon is held or gone.
 *
 *   loading ──done──▶ loaded.idle ──CLAIM──▶ loaded.claiming ──done / error──▶ loaded.idle
 *      │  ▲                 └──CLAIM_AFTER_LOGIN──▶ loading ──done (still to claim)──▶ loaded.claiming
 *      ├──(none: 404)──▶ none
 *      └──error──▶ failed ──RETRY──▶ loading
 */
import { assign, fromPromise, setup } from 'xstate';
import { COMMERCE_EXTRA_CALLS } from '../../domain/commerce/calls';
import type { ClaimableCoupon, UserCoupon } from '../../domain/commerce/contract';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { ApiError } from '../../services/shared/http/ApiError';
import { call } from '../../services/shared/http/client';

export interface CouponClaimContext<T> {
  data: T | null;
  error: string | null;
  /** The coupon being claimed. */
  claiming: number | null;
  /** Why the last claim of a coupon was refused, by template id. */
  refusals: Record<number, string>;
  /** The coupon a visitor chose before logging in: claimed once the list has loaded again. */
  afterLogin: number | null;
}

export type CouponClaimEvent = { type: 'CLAIM'; templateId: number } | { type: 'CLAIM_AFTER_LOGIN'; templateId: number } | { type: 'RETRY' };

export interface CouponClaimPage<T> {
  id: string;
  load: () => Promise<T>;
  coupons: (data: T) => readonly ClaimableCoupon[];
  withCoupons: (data: T, coupons: ClaimableCoupon[]) => T;
}

/** The coupon after the user claimed it: held, and one fewer left. */
function markClaimed(coupon: ClaimableCoupon): ClaimableCoupon {
  return { ...coupon, claimed: true, remaining: coupon.remaining === null ? null : Math.max(0, coupon.remaining - 1) };
}

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : FALLBACK_ERROR_TEXT);

export function createCouponClaimMachine<T>(page: CouponClaimPage<T>) {
  const update = (data: T | null, templateId: number): T | null =>
    data &&
    page.withCoupons(
      data,
      page.coupons(data).map((c) => (c.templateId === templateId ? markClaimed(c) : c)),
    );
  return setup({
    types: { context: {} as CouponClaimContext<T>, events: {} as CouponClaimEvent },
    actors: {
      load: fromPromise<T>(() => page.load()),
      claim: fromPromise<UserCoupon, number>(({ input }) => call(COMMERCE_EXTRA_CALLS.claimCoupon, { params: { id: input }, body: {} })),
    },
    guards: {
      isNone: (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 404,
      /** The coupon chosen before the login is still there to claim for this user. */
      claimAfterLogin: ({ context }, params: { data: T }) =>
        page.coupons(params.data).some((c) => c.templateId === context.afterLogin && !c.claimed && (c.remaining === null || c.remaining > 0)),
    },
  }).createMachine({
    id: page.id,
    context: { data: null, error: null, claiming: null, refusals: {}, afterLogin: null },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          onDone: [
            {
              guard: { type: 'claimAfterLogin', params: ({ event }) => ({ data: event.output }) },
              target: 'loaded.claiming',
              actions: assign({ data: ({ event }) => event.output, error: null, claiming: ({ context }) => context.afterLogin, afterLogin: null }),
            },
            { target: 'loaded', actions: assign({ data: ({ event }) => event.output, error: null, afterLogin: null }) },
          ],
          onError: [
            { guard: { type: 'isNone', params: ({ event }) => ({ error: event.error }) }, target: 'none' },
            { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
          ],
        },
      },
      loaded: {
        initial: 'idle',
        states: {
          idle: {
            on: {
              CLAIM: {
                target: 'claiming',
                actions: assign({
                  claiming: ({ event }) => event.templateId,
                  refusals: ({ context, event }) => Object.fromEntries(Object.entries(context.refusals).filter(([id]) => Number(id) !== event.templateId)),
                }),
              },
              CLAIM_AFTER_LOGIN: { target: '#' + page.id + '.loading', actions: assign({ afterLogin: ({ event }) => event.templateId, refusals: {} }) },
            },
          },
          claiming: {
            invoke: {
              id: 'claim',
              src: 'claim',
              input: ({ context }) => context.claiming ?? 0,
              onDone: { target: 'idle', actions: assign({ data: ({ context }) => update(context.data, context.claiming ?? 0), claiming: null }) },
              onError: {
                target: 'idle',
                actions: assign({
                  refusals: ({ context, event }) => ({ ...context.refusals, [context.claiming ?? 0]: messageOf(event.error) }),
                  claiming: null,
                }),
              },
            },
          },
        },
      },
      none: {},
      failed: { on: { RETRY: 'loading' } },
    },
  });
}
