/**
 * A page's data load as a statechart: loading → loaded | failed (RETRY), or another end the loaded
 * data leads to (`empty`, `notOwned`…), each left again with RELOAD. The load takes the page's
 * params (its input: ids from the URL, the tab and page…); a page that keeps its flow when they
 * change sends PARAMS_CHANGED instead of starting a new one. Each page builds its own machine from
 * this at module level, with its service as the actor.
 *
 *   loading ──done──▶ loaded | <outcome>  ──RELOAD──▶ loading
 *      └──error──▶ failed ──RETRY──▶ loading          (any) ──PARAMS_CHANGED [new params]──▶ loading
 */
import { assign, fromPromise, setup } from 'xstate';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { errorText } from './sessionEvents';

export interface PageDataContext<T, P = unknown> {
  /** What the data was loaded for; undefined for a page without params. */
  params: P;
  data: T | null;
  error: string | null;
}

export type PageDataEvent<P = unknown> = { type: 'RETRY' } | { type: 'RELOAD' } | { type: 'PARAMS_CHANGED'; params: P };

export interface PageDataOptions<T, P, O extends string> {
  /** The machine's id (and its statechart's name). */
  id: string;
  load: (params: P) => Promise<T>;
  /**
   * The states besides `loaded` a load may end in, each with its test of the loaded data, tried in
   * order: `{ empty: (page) => page.records.length === 0 }`. The data is kept in every one.
   */
  outcomes?: Record<O, (data: T) => boolean>;
  /** Given, the params may change in place (PARAMS_CHANGED): unless these say they are the same, the data loads again. */
  sameParams?: (a: P, b: P) => boolean;
  /**
   * Given, the page may start from data it already has (the server rendered it with that data:
   * src/services/shared/serverData.ts): `starting` then goes straight to `loaded` (or an outcome).
   */
  initial?: (params: P) => { data: T } | undefined;
}

/** The guard of an outcome, named for the statechart: empty → isEmpty (isRenderedEmpty for the server's data). */
const guardName = (outcome: string, prefix = 'is') => `${prefix}${outcome[0]!.toUpperCase()}${outcome.slice(1)}`;

export function createPageDataMachine<T, P = void, O extends string = never>({ id, load, outcomes, sameParams, initial }: PageDataOptions<T, P, O>) {
  const tests = Object.entries(outcomes ?? {}) as [O, (data: T) => boolean][];
  const keep = assign<PageDataContext<T, P>, { type: string; output: T }, undefined, PageDataEvent<P>, never>({
    data: ({ event }) => event.output,
    error: null,
  });
  const settled = { on: { RELOAD: 'loading' } } as const;
  return setup({
    types: { context: {} as PageDataContext<T, P>, events: {} as PageDataEvent<P>, input: {} as P },
    actors: { load: fromPromise<T, P>(({ input }) => load(input)) },
    guards: {
      ...Object.fromEntries(tests.map(([outcome, test]) => [guardName(outcome), (_: unknown, params: { data: T }) => test(params.data)])),
      isRendered: ({ context }) => context.data !== null,
      ...Object.fromEntries(
        tests.map(([outcome, test]) => [
          guardName(outcome, 'isRendered'),
          ({ context }: { context: PageDataContext<T, P> }) => context.data !== null && test(context.data),
        ]),
      ),
      isNewParams: ({ context, event }) => event.type === 'PARAMS_CHANGED' && !(sameParams?.(context.params, event.params) ?? false),
    },
    actions: { keepParams: assign({ params: ({ context, event }) => (event.type === 'PARAMS_CHANGED' ? event.params : context.params) }) },
  }).createMachine({
    id,
    context: ({ input }) => ({ params: input, data: initial?.(input)?.data ?? null, error: null }),
    initial: initial ? 'starting' : 'loading',
    ...(sameParams ? { on: { PARAMS_CHANGED: { guard: 'isNewParams', target: '.loading', actions: 'keepParams' } } } : {}),
    states: {
      ...((initial
        ? {
            starting: {
              always: [
                ...tests.map(([outcome]) => ({
                  guard: guardName(outcome, 'isRendered'),
                  target: outcome,
                })),
                { guard: 'isRendered', target: 'loaded' },
                { target: 'loading' },
              ],
            },
          }
        : // Typed as nothing: the views' snapshot type (PageDataSnapshot) names the settled states only.
          {}) as object),
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => context.params,
          onDone: [
            ...tests.map(([outcome]) => ({
              guard: { type: guardName(outcome), params: ({ event }: { event: { output: T } }) => ({ data: event.output }) },
              target: outcome,
              actions: keep,
            })),
            { target: 'loaded', actions: keep },
          ],
          onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }) },
        },
      },
      loaded: settled,
      ...(Object.fromEntries(tests.map(([outcome]) => [outcome, settled])) as Record<O, typeof settled>),
      failed: { on: { RETRY: 'loading' } },
    },
  });
}
