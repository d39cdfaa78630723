/** The progress recorder's pure rules: cutting learned time into records, resuming, playback rates (its back-off is src/domain/shared/retry.ts). */

/** Whole seconds go into a record; the rest waits for the next one. */
export function cutLearnedTime(countedMs: number): { seconds: number; restMs: number } {
  const seconds = Math.floor(Math.max(0, countedMs) / 1000);
  return { seconds, restMs: Math.max(0, countedMs) - seconds * 1000 };
}

/** Resume where the student stopped, unless that was the very end. */
export function resumePosition(progressBar: number, duration: number): number {
  if (progressBar <= 0 || (duration > 0 && progressBar >= duration - 5)) return 0;
  return progressBar;
}

export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];
/** The fastest rate the player offers: how far a second of counted watching can carry the position. */
export const MAX_PLAYBACK_RATE: PlaybackRate = Math.max(...PLAYBACK_RATES) as PlaybackRate;

export function playbackRateOf(stored: string | null | undefined): PlaybackRate {
  const n = Number(stored);
  return (PLAYBACK_RATES as readonly number[]).includes(n) ? (n as PlaybackRate) : 1;
}

/** Seconds short of the end that still count as having watched a lesson to its end. */
export const LESSON_END_TOLERANCE_SECONDS = 2;

/** A lesson is completed once its furthest point watched reaches its end: from then on seeking is free. */
export function lessonCompleted(furthest: number, duration: number): boolean {
  return duration > 0 && furthest >= duration - LESSON_END_TOLERANCE_SECONDS;
}

/**
 * Seconds a seek may go past the furthest point watched: the player's position moves on between
 * two of its timeupdate reports (about 0.25 s, at up to 2x) and the server counts whole seconds.
 */
export const SEEK_AHEAD_TOLERANCE_SECONDS = 1;

/** A seek to `target` goes past the furthest point watched (back, or up to it, is always free). */
export function seeksAhead(target: number, furthest: number): boolean {
  return target > furthest + SEEK_AHEAD_TOLERANCE_SECONDS;
}

/**
 * Seconds the playhead may move on between two reports of the media while it simply plays: its
 * timeupdate comes every 15–250 ms (at most 0.5 s of media at 2x), so more is a jump.
 */
export const NATURAL_PLAY_STEP_SECONDS = 3;

/** The furthest point watched once the media reports `position`: it moves on only with the playhead's natural steps from it. */
export function naturalPlayReach(furthest: number, position: number): number {
  return position > furthest && position <= furthest + NATURAL_PLAY_STEP_SECONDS ? position : furthest;
}
