/**
 * 今日复习 of one subject on the question-bank home (issue 22): the student's review cards due today
 * and the subject's chapter mastery load together; then the student starts a review of the due
 * cards, or a smart practice of 10, 20 or 50 questions. The server answers the new record (the
 * view then goes to its answering page), or refuses: nothing due (400), no question left (400), an
 * exam in progress holding the questions (423); the refusal's words stay on the panel.
 *
 *   loading ──done──▶ ready ──START_REVIEW [hasDue] / START_SMART──▶ starting ──done──▶ started
 *      └──error──▶ failed ──RETRY──▶ loading      ready ◀──error (startError)──┘
 *   (any) ──PARAMS_CHANGED [new project or subject]──▶ loading
 */
import { assign, fromPromise, setup } from 'xstate';
import { QUESTION_BANK_CALLS as QB } from '../../domain/questionBank/calls';
import type { ChapterMasteryView, ReviewDue } from '../../domain/questionBank/contract';
import type { SmartPracticeSize } from '../../domain/questionBank/limits';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { call } from '../../services/shared/http/client';
import { errorText } from '../shared/sessionEvents';

export interface ReviewParams {
  projectId: number;
  subjectId: number;
}

export interface ReviewData {
  /** Every subject with review cards (the home's subject chips show their counts). */
  dues: ReviewDue[];
  /** This subject's: its entry of `dues`, or nothing due and no card. */
  due: ReviewDue;
  chapters: ChapterMasteryView[];
}

/** What the student asked to start. */
export type ReviewStart = { kind: 'review' } | { kind: 'smart'; size: SmartPracticeSize };

/** The record the server opened: the view goes to its answering page. */
export interface StartedRecord {
  kind: 'review' | 'smart';
  recordId: number;
}

interface Context {
  params: ReviewParams;
  data: ReviewData | null;
  error: string | null;
  request: ReviewStart | null;
  /** The server's refusal of the last start (or the client's words for a failed request). */
  startError: string | null;
  started: StartedRecord | null;
}

type Event = { type: 'RETRY' } | { type: 'START_REVIEW' } | { type: 'START_SMART'; size: SmartPracticeSize } | { type: 'PARAMS_CHANGED'; params: ReviewParams };

/** A subject without cards: nothing due. */
export function noDue(params: ReviewParams): ReviewDue {
  return { subjectId: params.subjectId, subjectName: '', projectId: params.projectId, dueCount: 0, cardCount: 0, nextDueAt: null };
}

// Silent: the panel shows a failure itself (its error with 重新加载, a refusal under the buttons).
async function loadReview(params: ReviewParams): Promise<ReviewData> {
  const [dues, chapters] = await Promise.all([
    // Every subject's: the home's chips show the counts of every project's subjects.
    call(QB.qbReviewDueList, { body: { projectId: null }, silent: true }),
    call(QB.qbReviewMastery, { params: { id: params.subjectId }, silent: true }),
  ]);
  return { dues, due: dues.find((d) => d.subjectId === params.subjectId) ?? noDue(params), chapters };
}

async function startRecord(subjectId: number, request: ReviewStart): Promise<StartedRecord> {
  const body =
    request.kind === 'review'
      ? { source: 'REVIEW' as const, sourceId: subjectId, mode: 'PRACTICE' as const, answers: [] }
      : { source: 'SMART' as const, sourceId: subjectId, mode: 'PRACTICE' as const, size: request.size, answers: [] };
  const saved = await call(QB.qbRecordSave, { body, silent: true });
  return { kind: request.kind, recordId: saved.recordId };
}

export const reviewMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as ReviewParams },
  actors: {
    load: fromPromise<ReviewData, ReviewParams>(({ input }) => loadReview(input)),
    start: fromPromise<StartedRecord, { subjectId: number; request: ReviewStart }>(({ input }) => startRecord(input.subjectId, input.request)),
  },
  guards: {
    isNewParams: ({ context, event }) =>
      event.type === 'PARAMS_CHANGED' && (event.params.projectId !== context.params.projectId || event.params.subjectId !== context.params.subjectId),
    hasDue: ({ context }) => (context.data?.due.dueCount ?? 0) > 0,
  },
}).createMachine({
  id: 'review',
  context: ({ input }) => ({ params: input, data: null, error: null, request: null, startError: null, started: null }),
  initial: 'loading',
  on: {
    PARAMS_CHANGED: {
      guard: 'isNewParams',
      target: '.loading',
      actions: assign({ params: ({ event }) => event.params, data: null, request: null, startError: null }),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.params,
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        START_REVIEW: { guard: 'hasDue', target: 'starting', actions: assign({ request: { kind: 'review' }, startError: null }) },
        START_SMART: { target: 'starting', actions: assign({ request: ({ event }) => ({ kind: 'smart', size: event.size }), startError: null }) },
      },
    },
    starting: {
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ context }) => ({ subjectId: context.params.subjectId, request: context.request ?? { kind: 'review' } }),
        onDone: { target: 'started', actions: assign({ started: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ startError: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT), request: null }) },
      },
    },
    /** The record is open: the view goes to its answering page. */
    started: { type: 'final' },
  },
});
