/**
 * /question-bank/record?tab=1…3: one tab's list (the user's records, page by page, or the wrong
 * book's or favourites' subjects), and on it the confirmed deletion of records or the clearing of a
 * subject's list; after either the list loads again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { QUESTION_BANK_CALLS as QB } from '../../domain/questionBank/calls';
import type { RecordSummary, UserQuestionKind, UserQuestionSubject } from '../../domain/questionBank/contract';
import type { Page } from '../../domain/shared/envelope';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { call } from '../../services/shared/http/client';

export interface MyQbParams {
  tab: number;
  page: number;
}

export type MyQbListing = { tab: 1; page: Page<RecordSummary> } | { tab: 2 | 3; kind: UserQuestionKind; subjects: UserQuestionSubject[] };

/** What the user asked to remove: records by id, or one subject's wrong or favourite questions. */
export type MyQbRemoval = { type: 'records'; ids: number[] } | { type: 'clear'; kind: UserQuestionKind; subjectId: number; subjectName: string };

interface Context {
  params: MyQbParams;
  listing: MyQbListing | null;
  error: string | null;
  removal: MyQbRemoval | null;
  removeError: string | null;
}

type Event =
  { type: 'PARAMS_CHANGED'; params: MyQbParams } | { type: 'RETRY' } | { type: 'ASK_REMOVE'; removal: MyQbRemoval } | { type: 'CONFIRM' } | { type: 'CANCEL' };

const RECORDS_PAGE_SIZE = 10;

async function loadListing(params: MyQbParams): Promise<MyQbListing> {
  if (params.tab === 1) return { tab: 1, page: await call(QB.qbRecordPageList, { body: { current: params.page, size: RECORDS_PAGE_SIZE } }) };
  const kind: UserQuestionKind = params.tab === 2 ? 'WRONG' : 'FAVORITE';
  return { tab: params.tab === 2 ? 2 : 3, kind, subjects: await call(QB.qbUserQuestions, { body: { kind, projectId: null } }) };
}

async function remove(removal: MyQbRemoval): Promise<void> {
  if (removal.type === 'records') await call(QB.qbRecordDelete, { body: { ids: removal.ids } });
  else await call(QB.qbUserQuestionsDelete, { params: { type: removal.kind, subjectId: removal.subjectId } });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : FALLBACK_ERROR_TEXT);

export const myQuestionBankMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as { params: MyQbParams } },
  actors: {
    loadListing: fromPromise<MyQbListing, { params: MyQbParams }>(({ input }) => loadListing(input.params)),
    remove: fromPromise<void, { removal: MyQbRemoval }>(({ input }) => remove(input.removal)),
  },
  guards: {
    isNewParams: ({ context, event }) =>
      event.type === 'PARAMS_CHANGED' && (event.params.tab !== context.params.tab || event.params.page !== context.params.page),
  },
}).createMachine({
  id: 'myQuestionBank',
  context: ({ input }) => ({ params: input.params, listing: null, error: null, removal: null, removeError: null }),
  initial: 'loading',
  on: {
    PARAMS_CHANGED: {
      guard: 'isNewParams',
      target: '.loading',
      actions: assign({ params: ({ event }) => event.params, removal: null, removeError: null }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadListing',
        src: 'loadListing',
        input: ({ context }) => ({ params: context.params }),
        onDone: { target: 'shown', actions: assign({ listing: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    shown: {
      initial: 'idle',
      states: {
        idle: { on: { ASK_REMOVE: { target: 'confirming', actions: assign({ removal: ({ event }) => event.removal, removeError: null }) } } },
        confirming: { on: { CONFIRM: 'removing', CANCEL: { target: 'idle', actions: assign({ removal: null, removeError: null }) } } },
        removing: {
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ removal: context.removal as MyQbRemoval }),
            onDone: { target: '#myQuestionBank.loading', actions: assign({ removal: null }) },
            onError: { target: 'confirming', actions: assign({ removeError: ({ event }) => messageOf(event.error) }) },
          },
        },
      },
    },
  },
});
