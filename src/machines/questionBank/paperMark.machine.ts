/**
 * Self-marking (learn-center-mark/{recordId}): load the handed-in record; a record that is not
 * MARKING goes to its transcript; marking holds a typed mark per written answer and refuses a
 * submit while one is missing or off the half-point grid; submitting sends the marks
 * (userRecord/handScore) → done, or → failed where RETRY sends them again and editing goes back.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SheetItem } from '../../domain/questionBank/answerSheet';
import type { AnswerEntry, QuestionKey, RecordSummary, RecordSheet } from '../../domain/questionBank/contract';
import { QUESTION_BANK_CALLS as QB } from '../../domain/questionBank/calls';
import { markProblems, marksToSend, writtenItems } from '../../domain/questionBank/report';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { call } from '../../services/shared/http/client';

export interface PaperMarkContext {
  recordId: number;
  record: RecordSummary | null;
  items: SheetItem[];
  answers: Record<number, AnswerEntry>;
  keys: Record<number, QuestionKey>;
  /** The marks as typed, in points, by question. */
  marks: Record<number, string>;
  /** Shown after a refused submit, by question. */
  problems: Record<number, string>;
  /** Submits refused for the marks' problems: the page moves focus to the first one after each. */
  refusals: number;
  error: string | null;
}

export type PaperMarkEvent = { type: 'SET_MARK'; questionId: number; text: string } | { type: 'SUBMIT' } | { type: 'RETRY' };

const errorText = (error: unknown) => (error instanceof Error ? error.message : FALLBACK_ERROR_TEXT);

export const paperMarkMachine = setup({
  types: { context: {} as PaperMarkContext, events: {} as PaperMarkEvent, input: {} as { recordId: number } },
  actors: {
    load: fromPromise<RecordSheet, number>(({ input }) => call(QB.qbRecordQuestions, { params: { id: input } })),
    submit: fromPromise<RecordSummary, { recordId: number; marks: { questionId: number; scoreTenths: number }[] }>(({ input }) =>
      call(QB.qbHandScore, { body: input }),
    ),
  },
  guards: {
    isMarking: (_, params: { sheet: RecordSheet }) => params.sheet.record.state === 'MARKING',
    marksReady: ({ context }) => Object.keys(markProblems(context.items, context.answers, context.marks)).length === 0,
  },
  actions: {
    keepSheet: assign((_, sheet: RecordSheet) => ({
      record: sheet.record,
      items: writtenItems(sheet.questions),
      answers: Object.fromEntries(sheet.answers.map((entry) => [entry.questionId, entry])),
      keys: Object.fromEntries(sheet.keys.map((key) => [key.questionId, key])),
      error: null,
    })),
  },
}).createMachine({
  id: 'paperMark',
  context: ({ input }) => ({ recordId: input.recordId, record: null, items: [], answers: {}, keys: {}, marks: {}, problems: {}, refusals: 0, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.recordId,
        onDone: [
          {
            guard: { type: 'isMarking', params: ({ event }) => ({ sheet: event.output }) },
            target: 'marking',
            actions: { type: 'keepSheet', params: ({ event }) => event.output },
          },
          // Already marked (or still being answered): nothing to mark here, the transcript says why.
          { target: 'notMarking', actions: { type: 'keepSheet', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    loadFailed: { on: { RETRY: 'loading' } },
    notMarking: { type: 'final' },
    marking: {
      on: {
        SET_MARK: {
          actions: assign({
            marks: ({ context, event }) => ({ ...context.marks, [event.questionId]: event.text }),
            // A corrected mark clears its own problem; the others stay until the next submit.
            problems: ({ context, event }) => Object.fromEntries(Object.entries(context.problems).filter(([id]) => Number(id) !== event.questionId)),
          }),
        },
        SUBMIT: [
          { guard: 'marksReady', target: 'submitting', actions: assign({ problems: {}, error: null }) },
          {
            actions: assign({
              problems: ({ context }) => markProblems(context.items, context.answers, context.marks),
              refusals: ({ context }) => context.refusals + 1,
            }),
          },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ recordId: context.recordId, marks: marksToSend(context.items, context.answers, context.marks) }),
        onDone: { target: 'done', actions: assign({ record: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: {
      on: {
        RETRY: 'submitting',
        SET_MARK: {
          target: 'marking',
          actions: assign({ marks: ({ context, event }) => ({ ...context.marks, [event.questionId]: event.text }), error: null }),
        },
      },
    },
    done: { type: 'final' },
  },
});
