/**
 * A page's data load as a statechart: loading → loaded | empty | failed, with retry and reload.
 * Each page builds its own machine from this at module level, with its service as the actor.
 */
import { assign, fromPromise, setup } from 'xstate';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';

export interface PageDataContext<T> {
  data: T | null;
  error: string | null;
}

export type PageDataEvent = { type: 'RETRY' } | { type: 'RELOAD' };

export function createPageDataMachine<T>(id: string, load: () => Promise<T>, isEmpty: (data: T) => boolean = () => false) {
  return setup({
    types: { context: {} as PageDataContext<T>, events: {} as PageDataEvent },
    actors: { load: fromPromise<T>(() => load()) },
    guards: { isEmpty: (_, params: { data: T }) => isEmpty(params.data) },
  }).createMachine({
    id,
    context: { data: null, error: null },
    initial: 'loading',
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          onDone: [
            {
              guard: { type: 'isEmpty', params: ({ event }) => ({ data: event.output }) },
              target: 'empty',
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
      loaded: { on: { RELOAD: 'loading' } },
      empty: { on: { RELOAD: 'loading' } },
      failed: { on: { RETRY: 'loading' } },
    },
  });
}
