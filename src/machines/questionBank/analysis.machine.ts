/**
 * An analysis page (learn-center-analyze, learn-center-analyze-record): load a record's analysis or
 * a page of the wrong book / favourites; once loaded, two regions run side by side:
 * - favorite: a toggle shows at once (optimistic), is saved (userQuestions/collect), and is rolled
 *   back with a message when the save fails; one save at a time.
 * - feedback: 纠错 opens a dialog (kind + text ≤ 500), sending it shows the server's thanks.
 */
import { assign, fromPromise, setup } from 'xstate';
import { QUESTION_BANK_CALLS as QB } from '../../domain/questionBank/calls';
import { FEEDBACK_MAX_LENGTH, type FeedbackKind } from '../../domain/questionBank/limits';
import { REPORT_TEXTS } from '../../domain/questionBank/report.texts';
import { QB_TEXTS } from '../../domain/questionBank/texts';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { loadAnalysis, sendFeedback, type AnalysisData, type AnalysisSource } from '../../services/questionBank/questionBankReport.data';
import { call } from '../../services/shared/http/client';

export type { AnalysisSource };

export interface FeedbackDraft {
  questionId: number;
  kind: FeedbackKind;
  content: string;
}

export interface AnalysisContext {
  source: AnalysisSource;
  data: AnalysisData | null;
  /** By question: a favourite, as shown (ahead of the server while a toggle saves). */
  favorites: Record<number, boolean>;
  /** The toggle being saved. */
  pendingFavorite: { questionId: number; favorite: boolean } | null;
  favoriteError: string | null;
  feedback: FeedbackDraft | null;
  feedbackError: string | null;
  /** The server's thanks after a sent feedback. */
  feedbackThanks: string | null;
  error: string | null;
}

export type AnalysisEvent =
  | { type: 'RETRY' }
  | { type: 'TOGGLE_FAVORITE'; questionId: number }
  | { type: 'OPEN_FEEDBACK'; questionId: number }
  | { type: 'EDIT_FEEDBACK'; kind?: FeedbackKind; content?: string }
  | { type: 'SEND_FEEDBACK' }
  | { type: 'CLOSE_FEEDBACK' };

const errorText = (error: unknown) => (error instanceof Error ? error.message : FALLBACK_ERROR_TEXT);

/** What is wrong with a feedback draft, or null when it may be sent. */
export function feedbackProblem(draft: FeedbackDraft | null): string | null {
  if (!draft || draft.content.trim() === '') return QB_TEXTS.feedbackEmpty;
  if (draft.content.length > FEEDBACK_MAX_LENGTH) return REPORT_TEXTS.feedbackTooLong(FEEDBACK_MAX_LENGTH);
  return null;
}

export const analysisMachine = setup({
  types: { context: {} as AnalysisContext, events: {} as AnalysisEvent, input: {} as { source: AnalysisSource } },
  actors: {
    load: fromPromise<AnalysisData, AnalysisSource>(({ input }) => loadAnalysis(input)),
    saveFavorite: fromPromise<unknown, { questionId: number; favorite: boolean }>(({ input }) =>
      call(QB.qbCollect, { body: { questionId: input.questionId, collect: input.favorite } }),
    ),
    sendFeedback: fromPromise<string, FeedbackDraft>(({ input }) => sendFeedback(input.questionId, input.kind, input.content.trim())),
  },
  guards: {
    feedbackReady: ({ context }) => feedbackProblem(context.feedback) === null,
  },
}).createMachine({
  id: 'analysis',
  context: ({ input }) => ({
    source: input.source,
    data: null,
    favorites: {},
    pendingFavorite: null,
    favoriteError: null,
    feedback: null,
    feedbackError: null,
    feedbackThanks: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.source,
        onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output, favorites: ({ event }) => event.output.favorites, error: null }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    loaded: {
      type: 'parallel',
      states: {
        favorite: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                TOGGLE_FAVORITE: {
                  target: 'saving',
                  actions: assign(({ context, event }) => {
                    const favorite = !context.favorites[event.questionId];
                    return {
                      favorites: { ...context.favorites, [event.questionId]: favorite },
                      pendingFavorite: { questionId: event.questionId, favorite },
                      favoriteError: null,
                    };
                  }),
                },
              },
            },
            saving: {
              invoke: {
                id: 'saveFavorite',
                src: 'saveFavorite',
                input: ({ context }) => context.pendingFavorite!,
                onDone: { target: 'idle', actions: assign({ pendingFavorite: null }) },
                onError: {
                  target: 'idle',
                  actions: assign(({ context }) => ({
                    favorites: { ...context.favorites, [context.pendingFavorite!.questionId]: !context.pendingFavorite!.favorite },
                    pendingFavorite: null,
                    favoriteError: REPORT_TEXTS.favoriteFailed,
                  })),
                },
              },
            },
          },
        },
        feedback: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                OPEN_FEEDBACK: {
                  target: 'editing',
                  actions: assign({
                    feedback: ({ event }) => ({ questionId: event.questionId, kind: 'ANSWER' as FeedbackKind, content: '' }),
                    feedbackError: null,
                    feedbackThanks: null,
                  }),
                },
              },
            },
            editing: {
              on: {
                EDIT_FEEDBACK: {
                  actions: assign({
                    feedback: ({ context, event }) => ({
                      ...context.feedback!,
                      ...(event.kind ? { kind: event.kind } : {}),
                      ...(event.content !== undefined ? { content: event.content } : {}),
                    }),
                    feedbackError: null,
                  }),
                },
                SEND_FEEDBACK: [
                  { guard: 'feedbackReady', target: 'sending' },
                  { actions: assign({ feedbackError: ({ context }) => feedbackProblem(context.feedback) }) },
                ],
                CLOSE_FEEDBACK: { target: 'closed', actions: assign({ feedback: null, feedbackError: null }) },
              },
            },
            sending: {
              invoke: {
                id: 'sendFeedback',
                src: 'sendFeedback',
                input: ({ context }) => context.feedback!,
                onDone: { target: 'sent', actions: assign({ feedbackThanks: ({ event }) => event.output }) },
                onError: { target: 'editing', actions: assign({ feedbackError: ({ event }) => errorText(event.error) }) },
              },
            },
            sent: {
              on: { CLOSE_FEEDBACK: { target: 'closed', actions: assign({ feedback: null }) } },
            },
          },
        },
      },
    },
  },
});
