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

export function playbackRateOf(stored: string | null | undefined): PlaybackRate {
  const n = Number(stored);
  return (PLAYBACK_RATES as readonly number[]).includes(n) ? (n as PlaybackRate) : 1;
}
