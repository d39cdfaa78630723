/**
 * The action button of a course page (detail and preview): whether the student owns the course
 * (userproduct/getStatus), and getting it — a paid course is bought on the order page, a FREE one
 * activated here. A visitor who clicks first logs in through the login modal; once that resolves
 * with a login the flow goes on by itself: it asks for ownership again (the account may own the
 * course already) and then leaves for the order page or activates.
 *
 *   checking → owned | notOwned
 *   notOwned —BUY/ACTIVATE (logged out)→ needLogin —logged in→ confirming —owned→ owned
 *                                                               —BUY→ ordering (emits purchase.order)
 *                                                               —ACTIVATE→ activating → owned
 *   notOwned —BUY/ACTIVATE (logged in)→ confirming
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { UserProductStatus } from '../../domain/commerce/contract';
import { LEARNING_CALLS } from '../../domain/learning/calls';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { call } from '../../services/shared/http/client';
import { openLoginModal } from '../../services/shared/loginModal';
import { errorText } from '../shared/sessionEvents';

export type PurchaseIntent = { kind: 'BUY'; skuId: number } | { kind: 'ACTIVATE' };

export interface CoursePurchaseContext {
  courseId: number;
  ownership: UserProductStatus | null;
  intent: PurchaseIntent | null;
  error: string | null;
}

export type CoursePurchaseEvent =
  /** `loggedIn`: the view's session at the click (useHasLiveSession). */
  | { type: 'BUY'; skuId: number; loggedIn: boolean }
  | { type: 'ACTIVATE'; loggedIn: boolean }
  /** The session changed elsewhere (header login, logout): ownership is asked again. */
  | { type: 'SESSION_CHANGED' };

/** What the view does on leaving for the order page. */
export interface PurchaseOrderEvent {
  type: 'purchase.order';
  courseId: number;
  skuId: number;
}

export const coursePurchaseMachine = setup({
  types: {
    input: {} as { courseId: number },
    context: {} as CoursePurchaseContext,
    events: {} as CoursePurchaseEvent,
    emitted: {} as PurchaseOrderEvent,
  },
  actors: {
    checkOwnership: fromPromise<UserProductStatus, { courseId: number }>(({ input }) =>
      // Silent: a visitor gets `status: false`, and on a failure the buy button shows all the same.
      call(LEARNING_CALLS.userProductStatus, { params: { id: input.courseId }, silent: true }),
    ),
    login: fromPromise<boolean>(() => openLoginModal()),
    activate: fromPromise<UserProductStatus, { courseId: number }>(({ input }) => call(LEARNING_CALLS.activeFreeCourse, { params: { id: input.courseId } })),
  },
  guards: {
    isOwned: (_, params: { status: UserProductStatus }) => params.status.status,
    isLoggedIn: (_, params: { loggedIn: boolean }) => params.loggedIn,
    loggedInThroughModal: (_, params: { loggedIn: boolean }) => params.loggedIn,
    wantsToBuy: ({ context }) => context.intent?.kind === 'BUY',
  },
  actions: {
    keepOwnership: assign({ ownership: (_, params: { status: UserProductStatus }) => params.status }),
    forgetIntent: assign({ intent: null }),
  },
}).createMachine({
  id: 'coursePurchase',
  context: ({ input }) => ({ courseId: input.courseId, ownership: null, intent: null, error: null }),
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'checkOwnership',
        src: 'checkOwnership',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: [
          {
            guard: { type: 'isOwned', params: ({ event }) => ({ status: event.output }) },
            target: 'owned',
            actions: { type: 'keepOwnership', params: ({ event }) => ({ status: event.output }) },
          },
          { target: 'notOwned', actions: { type: 'keepOwnership', params: ({ event }) => ({ status: event.output }) } },
        ],
        // Not knowing is not owning: the buy button still works, and the order page checks again.
        onError: { target: 'notOwned' },
      },
    },
    notOwned: {
      on: {
        BUY: [
          {
            guard: { type: 'isLoggedIn', params: ({ event }) => ({ loggedIn: event.loggedIn }) },
            target: 'confirming',
            actions: assign({ intent: ({ event }) => ({ kind: 'BUY', skuId: event.skuId }), error: null }),
          },
          { target: 'needLogin', actions: assign({ intent: ({ event }) => ({ kind: 'BUY', skuId: event.skuId }), error: null }) },
        ],
        ACTIVATE: [
          {
            guard: { type: 'isLoggedIn', params: ({ event }) => ({ loggedIn: event.loggedIn }) },
            target: 'confirming',
            actions: assign({ intent: { kind: 'ACTIVATE' }, error: null }),
          },
          { target: 'needLogin', actions: assign({ intent: { kind: 'ACTIVATE' }, error: null }) },
        ],
        SESSION_CHANGED: 'checking',
      },
    },
    needLogin: {
      invoke: {
        id: 'login',
        src: 'login',
        onDone: [
          { guard: { type: 'loggedInThroughModal', params: ({ event }) => ({ loggedIn: event.output }) }, target: 'confirming' },
          { target: 'notOwned', actions: 'forgetIntent' },
        ],
      },
    },
    confirming: {
      invoke: {
        id: 'confirmOwnership',
        src: 'checkOwnership',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: [
          {
            guard: { type: 'isOwned', params: ({ event }) => ({ status: event.output }) },
            target: 'owned',
            actions: [{ type: 'keepOwnership', params: ({ event }) => ({ status: event.output }) }, 'forgetIntent'],
          },
          { guard: 'wantsToBuy', target: 'ordering' },
          { target: 'activating' },
        ],
        onError: { target: 'notOwned', actions: [assign({ error: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }), 'forgetIntent'] },
      },
    },
    // The view navigates to the order page on the emitted event; the page is left, so the flow ends.
    ordering: {
      type: 'final',
      entry: emit(({ context }) => ({
        type: 'purchase.order' as const,
        courseId: context.courseId,
        skuId: context.intent?.kind === 'BUY' ? context.intent.skuId : 0,
      })),
    },
    activating: {
      invoke: {
        id: 'activate',
        src: 'activate',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: {
          target: 'owned',
          actions: [{ type: 'keepOwnership', params: ({ event }) => ({ status: event.output }) }, 'forgetIntent'],
        },
        onError: { target: 'notOwned', actions: [assign({ error: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }), 'forgetIntent'] },
      },
    },
    owned: {
      on: { SESSION_CHANGED: 'checking' },
    },
  },
});

export type CoursePurchaseSnapshot = SnapshotFrom<typeof coursePurchaseMachine>;
