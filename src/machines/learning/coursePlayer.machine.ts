/**
 * /course-player/{courseId}: loads the courseware to play (its info, media link and the course's
 * catalogue with progress), then plays it; a media link that expired or failed is asked for again
 * without leaving the page. Another courseware of the course is a new load (the view keys the
 * page by it, so its progress recorder starts fresh too).
 */
import { assign, fromPromise, setup } from 'xstate';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { errorText } from '../shared/sessionEvents';
import type { PlaybackRate } from '../../domain/learning/recording';
import { loadMedia, loadPlayer, readPlaybackRate, savePlaybackRate, type PlayerData } from '../../services/learning/player.data';

interface Input {
  courseId: number;
  coursewareId: number | null;
  loggedIn: boolean;
}

interface Context extends Input {
  data: PlayerData | null;
  error: string | null;
  /** Remembered across coursewares and visits. */
  rate: PlaybackRate;
}

export type CoursePlayerEvent = { type: 'RETRY' } | { type: 'RELOAD_MEDIA' } | { type: 'SET_RATE'; rate: PlaybackRate };

export const coursePlayerMachine = setup({
  types: { context: {} as Context, events: {} as CoursePlayerEvent, input: {} as Input },
  actors: {
    loadPlayer: fromPromise<PlayerData | null, Input>(({ input }) => loadPlayer(input.courseId, input.coursewareId, input.loggedIn)),
    loadMedia: fromPromise<Awaited<ReturnType<typeof loadMedia>>, PlayerData>(({ input }) => loadMedia(input.info)),
  },
}).createMachine({
  id: 'coursePlayer',
  context: ({ input }) => ({ ...input, data: null, error: null, rate: readPlaybackRate() }),
  on: { SET_RATE: { actions: [assign({ rate: ({ event }) => event.rate }), ({ event }) => savePlaybackRate(event.rate)] } },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPlayer',
        src: 'loadPlayer',
        input: ({ context }) => ({ courseId: context.courseId, coursewareId: context.coursewareId, loggedIn: context.loggedIn }),
        onDone: [
          { guard: ({ event }) => event.output === null, target: 'empty' },
          { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }) },
      },
    },
    empty: {},
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: { RELOAD_MEDIA: 'reloadingMedia' },
    },
    reloadingMedia: {
      invoke: {
        id: 'loadMedia',
        src: 'loadMedia',
        input: ({ context }) => context.data!,
        onDone: { target: 'ready', actions: assign({ data: ({ context, event }) => ({ ...context.data!, ...event.output }) }) },
        onError: { target: 'ready' },
      },
    },
  },
});
