/**
 * The transcript (成绩单) of a handed-in record: loading → loaded, or → marking when written answers
 * still wait for self-marking (the page then sends the student to mark them), or → failed with retry.
 */
import { assign, fromPromise, setup } from 'xstate';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { loadTranscript, type TranscriptData } from '../../services/questionBank/questionBankReport.data';

export interface TranscriptContext {
  recordId: number;
  data: TranscriptData | null;
  error: string | null;
}

export const transcriptMachine = setup({
  types: { context: {} as TranscriptContext, events: {} as { type: 'RETRY' }, input: {} as { recordId: number } },
  actors: { load: fromPromise<TranscriptData, number>(({ input }) => loadTranscript(input)) },
  guards: { isMarking: (_, params: { data: TranscriptData }) => params.data.report.record.state === 'MARKING' },
}).createMachine({
  id: 'transcript',
  context: ({ input }) => ({ recordId: input.recordId, data: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.recordId,
        onDone: [
          {
            guard: { type: 'isMarking', params: ({ event }) => ({ data: event.output }) },
            target: 'marking',
            actions: assign({ data: ({ event }) => event.output, error: null }),
          },
          { target: 'loaded', actions: assign({ data: ({ event }) => event.output, error: null }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : FALLBACK_ERROR_TEXT) }),
        },
      },
    },
    loaded: {},
    marking: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
