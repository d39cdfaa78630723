/**
 * A page's data load that depends on the URL (and the session): loading → loaded | failed, again
 * whenever the parameters change, with retry and reload. Like pageData.ts, plus its input.
 */
import { assign, fromPromise, setup } from 'xstate';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';

export interface ParamsLoadContext<P, T> {
  params: P;
  data: T | null;
  error: string | null;
}

export type ParamsLoadEvent<P> = { type: 'PARAMS_CHANGED'; params: P } | { type: 'RETRY' } | { type: 'RELOAD' };

export function createParamsLoadMachine<P, T>(id: string, load: (params: P) => Promise<T>, same: (a: P, b: P) => boolean) {
  return setup({
    types: { context: {} as ParamsLoadContext<P, T>, events: {} as ParamsLoadEvent<P>, input: {} as { params: P } },
    actors: { load: fromPromise<unknown, { params: P }>(({ input }) => load(input.params)) },
    guards: { isNewParams: ({ context, event }) => event.type === 'PARAMS_CHANGED' && !same(context.params, event.params) },
    actions: { keepParams: assign({ params: ({ context, event }) => (event.type === 'PARAMS_CHANGED' ? event.params : context.params) }) },
  }).createMachine({
    id,
    context: ({ input }) => ({ params: input.params, data: null, error: null }),
    initial: 'loading',
    on: { PARAMS_CHANGED: { guard: 'isNewParams', target: '.loading', actions: 'keepParams' } },
    states: {
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ params: context.params }),
          // The generic output reaches the action as unknown; it is the load's T.
          onDone: { target: 'loaded', actions: assign({ data: ({ event }) => event.output as T, error: null }) },
          onError: {
            target: 'failed',
            actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : FALLBACK_ERROR_TEXT) }),
          },
        },
      },
      loaded: { on: { RELOAD: 'loading' } },
      failed: { on: { RETRY: 'loading' } },
    },
  });
}
