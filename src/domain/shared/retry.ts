/**
 * The one back-off of everything the device keeps for the server and sends again after a failure
 * (the durable queue, src/services/shared/durableQueue.ts: an exam's answers, the learning
 * records). Which failures are retried at all is `isRefusedForGood` (refusals.ts).
 *
 * 2, 4, 8, 16 s, then every 30 s. Why 30 s for both (the exam used 30, the learning records 60):
 * - an exam's answers race a deadline, and a server outage fires no `online` event, so the cap is
 *   how late the student's answers may reach a server that came back: half a minute, not a minute;
 * - a watching student posts a learning record every 15 s (LEARNED_RECORD_INTERVAL_SECONDS), so a
 *   client retrying every 30 s costs the server half of its normal load, never more, even when
 *   every student of the school waits on the same outage.
 * The browser coming back online skips the wait in both flows.
 */

/** The longest wait between two tries. */
export const RETRY_MAX_SECONDS = 30;

/** The wait after the n-th failure in a row (n from 1): 2, 4, 8, 16, 30, 30 … s, in milliseconds. */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_SECONDS, 2 ** Math.max(1, failures)) * 1000;
}
